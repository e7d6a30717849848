/** What a figure that is not known shows. */
export const NONE = '—';

const formats = new Map<number, Intl.NumberFormat>();

/** A figure with exactly `digits` decimals and thousands separators, or NONE when unknown. */
export function figure(value: number | null | undefined, digits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  let format = formats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(digits, format);
  }
  return format.format(value);
}
