/** What a figure that is not known shows. */
export const NONE = '—';

const formats = new Map<string, Intl.NumberFormat>();

/** A figure with exactly `digits` decimals and the separators of `locale`, or NONE when unknown. */
export function figure(value: number | null | undefined, digits: number, locale = 'en-US'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  const key = `${locale} ${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(value);
}

/** A UTC day ('YYYY-MM-DD') as the language writes it short: 'Nov 26' or, with the year, 'Nov 26, 2026'. */
export function dayText(day: string, locale: string, withYear = false): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(withYear && { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
