import { WEEKDAYS, type ReportSchedule } from '@evfleet/domain';
import type { TFunction } from 'i18next';

/** The hours a schedule may run at, as the hour picker lists them. */
export const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** An instant as 'YYYY/MM/DD HH:mm' on the clock of `timeZone` (the schedule's hours are the vehicle's). */
function zonedText(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}/${part('month')}/${part('day')} ${part('hour')}:${part('minute')}`;
}

export const weekdayName = (day: number, t: TFunction<'report'>) =>
  t(`weekday.${day % WEEKDAYS.length}` as 'weekday.0');

/** What the card says about the saved schedule. */
export function statusText(schedule: ReportSchedule | null, t: TFunction<'report'>): string {
  if (!schedule) return t('schedule.none');
  const values = {
    day: weekdayName(schedule.weekday ?? 0, t),
    hour: HOURS[schedule.hour].label,
    zone: schedule.timeZone,
    recipients: schedule.recipients.join(', '),
    next: zonedText(schedule.nextRunAt, schedule.timeZone),
    last: schedule.lastRunAt ? t('schedule.last', { at: zonedText(schedule.lastRunAt, schedule.timeZone) }) : '',
  };
  return schedule.period === 'DAILY' ? t('schedule.daily.status', values) : t('schedule.weekly.status', values);
}
