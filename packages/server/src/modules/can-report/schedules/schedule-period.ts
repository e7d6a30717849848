import { localDate, type ReportScheduleWrite } from '@evfleet/domain';
import { zoneOffset } from '../../../lib/time-zone.js';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' moved by whole calendar days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The instant a local wall-clock hour of a local date happens in a zone (a skipped DST hour lands an hour later). */
export function localInstant(date: string, hour: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour);
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

type Timing = Pick<ReportScheduleWrite, 'period' | 'weekday' | 'hour'>;

/** The first run strictly after `after`: the schedule's hour on the next matching local day. */
export function nextRunAfter(after: number, s: Timing, timeZone: string): Date {
  const today = localDate(after, timeZone);
  for (let d = 0; d <= 8; d++) {
    const date = addDays(today, d);
    if (s.period === 'WEEKLY' && weekdayOf(date) !== s.weekday) continue;
    const at = localInstant(date, s.hour, timeZone);
    if (at > after) return new Date(at);
  }
  throw new Error('no run within 8 days'); // unreachable: every week has each weekday
}

/**
 * What a run reports on: the local day before the run's day (DAILY) or the seven local days before
 * it (WEEKLY), midnight to midnight in the vehicle's zone, so a run late in the day still mails
 * whole days.
 */
export function periodOf(
  runAt: number,
  period: Timing['period'],
  timeZone: string,
): { start: Date; end: Date; label: string } {
  const runDay = localDate(runAt, timeZone);
  const first = addDays(runDay, period === 'WEEKLY' ? -7 : -1);
  const last = addDays(runDay, -1);
  return {
    start: new Date(localInstant(first, 0, timeZone)),
    end: new Date(localInstant(runDay, 0, timeZone) - 1),
    label: first === last ? first : `${first} to ${last}`,
  };
}
