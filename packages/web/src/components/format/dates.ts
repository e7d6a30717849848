import type { DateStyle, HourCycle } from '@evfleet/domain';

export interface DateTimeOptions {
  seconds?: boolean;
  /** Tell the time in this zone instead (a vehicle's zone, or 'UTC' for the warning log). */
  timeZone?: string;
  /** Append the zone's short name ('GMT', 'GMT+1'). */
  zoneName?: boolean;
  /** A grid's cell: the specification's list date writes the year in two digits (DD/MM/YY HH:mm). */
  list?: boolean;
}

export type Instant = string | number | Date;

interface DateSettings {
  /** A language Intl knows. */
  locale: string;
  hourCycle: HourCycle;
  dateStyle: DateStyle;
  /** The zone times are told in; the browser's when absent. */
  timeZone?: string;
}

/** The largest unit a moment's distance from now is told in ('3 hours ago', not '180 minutes ago'). */
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));
/** The start of a calendar day ('YYYY-MM-DD') in UTC, whose days the server counts. */
const utcDay = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

/**
 * Days and times (Intl, each format made once). A day is written with two-digit day and month:
 * by default in the specification's order, DD/MM/YYYY (DD/MM/YY in a list); on request in the
 * language's order. A date and its time are joined by a space, never a comma, so they read as one
 * value in a grid cell.
 */
export function createDates({ locale, hourCycle, dateStyle, timeZone }: DateSettings) {
  const cache = new Map<string, Intl.DateTimeFormat>();
  const relativeTime = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const dateTimeFormat = (options: Intl.DateTimeFormatOptions) => {
    const key = JSON.stringify(options);
    let format = cache.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
      cache.set(key, format);
    }
    return format;
  };
  const clock = (seconds: boolean, zone?: string, zoneName?: boolean): Intl.DateTimeFormatOptions => ({
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds && { second: '2-digit' }),
    // h11 would write midnight as 00:xx AM; h12 writes 12:xx AM as people read it.
    hourCycle: hourCycle === '12h' ? 'h12' : 'h23',
    ...(zone && { timeZone: zone }),
    ...(zoneName && { timeZoneName: 'short' }),
  });
  const calendarDay = (at: Date, zone?: string, list = false) => {
    const shortYear = list && dateStyle === 'specification';
    const format = dateTimeFormat({
      year: shortYear ? '2-digit' : 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(zone && { timeZone: zone }),
    });
    if (dateStyle === 'language') return format.format(at);
    const part = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, value]));
    return `${part.day}/${part.month}/${part.year}`;
  };

  return {
    /** The calendar day: '26/11/2026'; in the language's order '11/26/2026' (English), '26.11.2026' (German). */
    date: (value: Instant, zone?: string) => calendarDay(toDate(value), zone),
    /** The time of day: '09:05 PM' on a 12-hour clock, '21:05' on a 24-hour one. */
    time: (value: Instant, { seconds = false, timeZone: zone, zoneName }: DateTimeOptions = {}) =>
      dateTimeFormat(clock(seconds, zone, zoneName)).format(toDate(value)),
    /** A calendar month in UTC, from an ISO day in it: 'November 2026'. */
    month: (isoDay: string) =>
      dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(isoDay)),
    /** A moment: its day and its time. */
    dateTime(value: Instant, { seconds = false, timeZone: zone, zoneName, list }: DateTimeOptions = {}) {
      const at = toDate(value);
      return `${calendarDay(at, zone, list)} ${dateTimeFormat(clock(seconds, zone, zoneName)).format(at)}`;
    },
    /** A UTC calendar day ('YYYY-MM-DD') written short: 'Nov 26' or, with the year, 'Nov 26, 2026'. */
    day: (isoDay: string, withYear = false) =>
      dateTimeFormat({ month: 'short', day: 'numeric', ...(withYear && { year: 'numeric' }), timeZone: 'UTC' }).format(
        utcDay(isoDay),
      ),
    /** How long ago, in the largest whole unit: '5 seconds ago', '3 hours ago', 'vor 3 Stunden'. */
    relative(value: Instant, now: number): string {
      const ago = toDate(value).getTime() - now;
      const [unit, size] = RELATIVE_UNITS.find(([, size]) => Math.abs(ago) >= size) ?? RELATIVE_UNITS.at(-1)!;
      return relativeTime.format(Math.trunc(ago / size), unit);
    },
    /** The picker's dayjs pattern (Mantine's date-time pickers speak dayjs): the day as §9 has it, the clock as the user wants. */
    pickerPattern: (seconds = false) =>
      `YYYY/MM/DD ${hourCycle === '12h' ? 'hh:mm' : 'HH:mm'}${seconds ? ':ss' : ''}${hourCycle === '12h' ? ' A' : ''}`,
  };
}
