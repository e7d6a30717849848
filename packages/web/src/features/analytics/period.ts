import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from '@evfleet/domain';
import dayjs from 'dayjs';

/** The page's period as calendar days of the browser ('YYYY-MM-DD'), both included. */
export interface DayPeriod {
  from: string;
  to: string;
}

/** A day short of the server's limit: a change to or from summer time lengthens a local day by an hour. */
export const MAX_PERIOD_DAYS = ANALYTICS_MAX_DAYS - 1;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FORMAT = 'YYYY-MM-DD';

const isDay = (text: string | null): text is string => text !== null && DAY.test(text) && dayjs(text).isValid();

/** The last ANALYTICS_DEFAULT_DAYS days through `today`, as the server takes a call without a period. */
export function defaultPeriod(today: dayjs.Dayjs = dayjs()): DayPeriod {
  return { from: today.subtract(ANALYTICS_DEFAULT_DAYS - 1, 'day').format(FORMAT), to: today.format(FORMAT) };
}

/**
 * The period a link or a reload names in `?from=YYYY-MM-DD&to=YYYY-MM-DD`; the default when either
 * is missing or unreadable, when they are the wrong way round, or when the server would refuse its length.
 */
export function periodFromSearch(params: URLSearchParams, today: dayjs.Dayjs = dayjs()): DayPeriod {
  const from = params.get('from');
  const to = params.get('to');
  if (!isDay(from) || !isDay(to)) return defaultPeriod(today);
  const days = dayjs(to).diff(dayjs(from), 'day') + 1;
  if (days < 1 || days > MAX_PERIOD_DAYS) return defaultPeriod(today);
  return { from, to };
}

/** The instants the analytics calls take: from the start of the first day to the end of the last (local time). */
export function periodQuery(period: DayPeriod): { from: string; to: string } {
  return {
    from: dayjs(period.from).startOf('day').toISOString(),
    to: dayjs(period.to).add(1, 'day').startOf('day').toISOString(),
  };
}
