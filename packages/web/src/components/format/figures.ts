/** How many decimals a figure keeps: at least `min` (0), at most `max` (2). */
export type Digits = { min?: number; max?: number };

/** What a figure that is not known shows. */
export const NONE = '—';

/** Figures, units, durations and counts in a language (Intl), each number format made once. */
export function createFigures(locale: string) {
  const numbers = new Map<string, Intl.NumberFormat>();
  const plurals = new Intl.PluralRules(locale);
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
    /** A figure, grouped, with at most `max` decimals (2 unless told) and at least `min` (0). */
    number,
    /** A figure and its unit ('12.5 kWh', whole ones whole: '12 kWh'); NONE when there is none. */
    unit: (value: number | null | undefined, unit: string, digits?: Digits) => withUnit(value, unit, digits) ?? NONE,
    /** A reading and its unit, or null for one never sent (the screen says 'NA', part 2 §2). */
    reading: (value: number | null | undefined, unit: string) => withUnit(value, unit),
    /** A figure with exactly `digits` decimals and its unit, if any ('12.50 kWh'); NONE when there is none. */
    fixed: (value: number | null | undefined, digits: number, unit = '') =>
      withUnit(value, unit, { min: digits, max: digits }) ?? NONE,
    /** How long: '20 s', '45 min', '2 h 05 min' (the symbols read the same in every language). */
    duration(ms: number): string {
      if (ms < 59_500) return `${number(Math.round(ms / 1000))} s`;
      const minutes = Math.round(ms / 60_000);
      if (minutes < 60) return `${number(minutes)} min`;
      return `${number(Math.floor(minutes / 60))} h ${String(minutes % 60).padStart(2, '0')} min`;
    },
    /** A count and its noun: '1 vehicle', '2 vehicles', '1,204 vehicles'. */
    count: (value: number, singular: string, plural = `${singular}s`) =>
      `${number(value, { max: 0 })} ${plurals.select(value) === 'one' ? singular : plural}`,
  };
}
