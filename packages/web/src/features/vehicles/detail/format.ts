import dayjs from 'dayjs';
import 'dayjs/locale/de';
import relativeTime from 'dayjs/plugin/relativeTime';
import utc from 'dayjs/plugin/utc';

dayjs.extend(relativeTime);
dayjs.extend(utc);

/** A number with its unit, or null for a value the vehicle never sent (shown 'NA', §2); whole numbers stay whole, others keep two decimals. */
export function withUnit(value: number | null | undefined, unit: string): string | null {
  if (value === null || value === undefined) return null;
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
  return unit ? `${shown} ${unit}` : shown;
}

/** §2: 1 Drive, 2 Neutral, 3 Reverse, anything else Park (the name's key); null without data. */
export function gearName(gear: number | null) {
  if (gear === null) return null;
  return ({ 1: 'gear.drive', 2: 'gear.neutral', 3: 'gear.reverse' } as const)[gear] ?? 'gear.park';
}

/** Charge Status: 1 On (charging), 0 Off (the word's key). */
export const onOff = (v: number | null) => (v === null ? null : v ? 'on' : 'off');

/** 'a few seconds ago', '3 hours ago', in the portal's language. */
export const relativeTo = (iso: string, now: number, language: string) => dayjs(iso).locale(language).from(now);

/** The full local date-time with the browser's zone: '22/11/2026 10:15:03 GMT+1'. */
export function localDateTimeWithZone(iso: string): string {
  const zone =
    new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  return `${dayjs(iso).format('DD/MM/YYYY HH:mm:ss')} ${zone}`.trim();
}

/** YYYY-MM-DD of a local calendar day, as the movement calls want it. */
export const calendarDay = (d: dayjs.ConfigType) => dayjs(d).format('YYYY-MM-DD');

const zonedFormats = new Map<string, Intl.DateTimeFormat>();
/** 'DD/MM/YYYY HH:mm' of an instant in the vehicle's zone (as its time slots are told). */
export function zonedDateTime(instant: string | number, timeZone: string): string {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
    zonedFormats.set(timeZone, format);
  }
  return format.format(new Date(instant)).replace(',', '');
}

/** '20 s', '45 min', '2 h 05 min'. */
export function duration(ms: number): string {
  if (ms < 59_500) return `${Math.round(ms / 1000)} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A figure with a fixed number of decimals and its unit, or a dash for none. */
export const fixed = (value: number | null | undefined, digits: number, unit = '') =>
  value === null || value === undefined ? '–' : `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
