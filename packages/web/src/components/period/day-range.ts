import { ANALYTICS_MAX_DAYS } from '@evfleet/domain';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { TimeWindow } from '../../api/time-window';

/** The chosen days, 'YYYY-MM-DD' local, first and last included; the second is null while picking. */
export type DayRange = [string | null, string | null];

/** YYYY-MM-DD of a local calendar day, as the picker holds it. */
export const calendarDay = (d: dayjs.ConfigType) => dayjs(d).format('YYYY-MM-DD');

/** The last `days` days through today. */
export const lastDays = (days: number): [string, string] => [
  calendarDay(dayjs().subtract(days - 1, 'day')),
  calendarDay(dayjs()),
];

export const periodPresets = (t: TFunction<'components'>) =>
  [7, 30, 90, 365].map((days) => ({ value: lastDays(days), label: t('period.lastDays', { days }) }));
export const DEFAULT_PERIOD_DAYS = 30;

/** The earliest day a range ending today may start on (the calls cover at most ANALYTICS_MAX_DAYS). */
export const earliestStart = () => calendarDay(dayjs().subtract(ANALYTICS_MAX_DAYS - 1, 'day'));

/** The range as the calls take it: from the first day's start to the last day's end (local midnights). */
export function rangeWindow([first, last]: [string, string]): TimeWindow {
  return { from: dayjs(first).startOf('day').valueOf(), to: dayjs(last).add(1, 'day').startOf('day').valueOf() };
}
