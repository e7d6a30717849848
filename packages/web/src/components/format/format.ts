import type { HourCycle } from '@evfleet/domain';

/** Whose conventions the portal writes in: the account's language and their clock. */
export interface FormatSettings {
  /** A BCP 47 language tag, the account's langKey ('en', 'de'); an unknown one falls back to English. */
  language: string;
  hourCycle: HourCycle;
  /** The zone times are told in; the browser's when absent. */
  timeZone?: string;
}

export interface DateTimeOptions {
  seconds?: boolean;
  /** Tell the time in this zone instead (a vehicle's zone, or 'UTC' for the warning log). */
  timeZone?: string;
  /** Append the zone's short name ('GMT', 'GMT+1'). */
  zoneName?: boolean;
}

type Instant = string | number | Date;
/** How many decimals a figure keeps: at least `min` (0), at most `max` (2). */
type Digits = { min?: number; max?: number };

/** What a figure that is not known shows. */
export const NONE = '—';

/** The largest unit a moment's distance from now is told in ('3 hours ago', not '180 minutes ago'). */
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** A language Intl knows, or English: a stored langKey is free text. */
function supportedLanguage(language: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0 ? language : 'en';
  } catch {
    return 'en';
  }
}

/**
 * The one place dates, times, numbers and units are written (Intl, in the user's language and
 * clock). Dates are written in full with two-digit day and month in the language's order; a date
 * and its time are joined by a space, never a comma, so they read as one value in a grid cell.
 */
export function createFormat({ language, hourCycle, timeZone }: FormatSettings) {
  const locale = supportedLanguage(language);
  const cache = new Map<string, Intl.DateTimeFormat>();
  const numbers = new Map<string, Intl.NumberFormat>();
  const plurals = new Intl.PluralRules(locale);
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
  const dayOptions = (zone?: string): Intl.DateTimeFormatOptions => ({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(zone && { timeZone: zone }),
  });
  const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));
  /** The start of a calendar day ('YYYY-MM-DD') in UTC, whose days the server counts. */
  const utcDay = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);
  const number = (value: number, digits: Digits = {}) => {
    const min = digits.min ?? 0;
    const max = Math.max(min, digits.max ?? 2);
    const key = `${min}-${max}`;
    let format = numbers.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
      numbers.set(key, format);
    }
    return format.format(value);
  };
  const withUnit = (value: number | null | undefined, unit: string, digits?: Digits) =>
    value === null || value === undefined || !Number.isFinite(value) ? null : `${number(value, digits)} ${unit}`.trim();

  return {
    locale,
    hourCycle,
    /** The calendar day: '11/26/2026' in English, '26.11.2026' in German. */
    date: (value: Instant, zone?: string) => dateTimeFormat(dayOptions(zone)).format(toDate(value)),
    /** The time of day: '09:05 PM' on a 12-hour clock, '21:05' on a 24-hour one. */
    time: (value: Instant, { seconds = false, timeZone: zone, zoneName }: DateTimeOptions = {}) =>
      dateTimeFormat(clock(seconds, zone, zoneName)).format(toDate(value)),
    /** A calendar month in UTC, from an ISO day in it: 'November 2026'. */
    month: (isoDay: string) =>
      dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(isoDay)),
    /** A moment: its day and its time. */
    dateTime(value: Instant, { seconds = false, timeZone: zone, zoneName }: DateTimeOptions = {}) {
      const at = toDate(value);
      return `${dateTimeFormat(dayOptions(zone)).format(at)} ${dateTimeFormat(clock(seconds, zone, zoneName)).format(at)}`;
    },
    /** A figure, grouped, with at most `max` decimals (2 unless told) and at least `min` (0). */
    number,
    /** A figure and its unit ('12.5 kWh', whole ones whole: '12 kWh'); NONE when there is none. */
    unit: (value: number | null | undefined, unit: string, digits?: Digits) => withUnit(value, unit, digits) ?? NONE,
    /** A reading and its unit, or null for one never sent (the screen says 'NA', part 2 §2). */
    reading: (value: number | null | undefined, unit: string) => withUnit(value, unit),
    /** A figure with exactly `digits` decimals and its unit, if any ('12.50 kWh'); NONE when there is none. */
    fixed: (value: number | null | undefined, digits: number, unit = '') =>
      withUnit(value, unit, { min: digits, max: digits }) ?? NONE,
    /** A UTC calendar day ('YYYY-MM-DD') written short: 'Nov 26' or, with the year, 'Nov 26, 2026'. */
    day: (isoDay: string, withYear = false) =>
      dateTimeFormat({ month: 'short', day: 'numeric', ...(withYear && { year: 'numeric' }), timeZone: 'UTC' }).format(
        utcDay(isoDay),
      ),
    /** How long: '20 s', '45 min', '2 h 05 min' (the symbols read the same in every language). */
    duration(ms: number): string {
      if (ms < 59_500) return `${number(Math.round(ms / 1000))} s`;
      const minutes = Math.round(ms / 60_000);
      if (minutes < 60) return `${number(minutes)} min`;
      return `${number(Math.floor(minutes / 60))} h ${String(minutes % 60).padStart(2, '0')} min`;
    },
    /** How long ago, in the largest whole unit: '5 seconds ago', '3 hours ago', 'vor 3 Stunden'. */
    relative(value: Instant, now: number): string {
      const ago = toDate(value).getTime() - now;
      const [unit, size] = RELATIVE_UNITS.find(([, size]) => Math.abs(ago) >= size) ?? RELATIVE_UNITS.at(-1)!;
      return relativeTime.format(Math.trunc(ago / size), unit);
    },
    /** A count and its noun: '1 vehicle', '2 vehicles', '1,204 vehicles'. */
    count: (value: number, singular: string, plural = `${singular}s`) =>
      `${number(value, { max: 0 })} ${plurals.select(value) === 'one' ? singular : plural}`,
    /** The picker's dayjs pattern (Mantine's date-time pickers speak dayjs): the day as §9 has it, the clock as the user wants. */
    pickerPattern: (seconds = false) =>
      `YYYY/MM/DD ${hourCycle === '12h' ? 'hh:mm' : 'HH:mm'}${seconds ? ':ss' : ''}${hourCycle === '12h' ? ' A' : ''}`,
  };
}
export type Format = ReturnType<typeof createFormat>;

/** Before the account is known (the sign-in pages): English, 24-hour. */
export const DEFAULT_FORMAT_SETTINGS: FormatSettings = { language: 'en', hourCycle: '24h' };
