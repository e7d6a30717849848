import { CHART_SIGNALS, ENERGY_RULES, signalLabel, type ChartSignal } from '@evfleet/domain';

/** The signal picker's options, by the signal dictionary's names (with units) in the portal's language, A–Z. */
export const signalOptions = (domainText: (text: string) => string) =>
  CHART_SIGNALS.map((key) => ({ value: key, label: domainText(signalLabel(key)) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );

export const isChartSignal = (value: string | null): value is ChartSignal =>
  value !== null && (CHART_SIGNALS as readonly string[]).includes(value);

/**
 * The columns as uPlot lines, with a gap wherever the device was silent longer than a reporting gap
 * (ENERGY_RULES.maxGapSeconds) or two buckets: a line across hours without readings would invent values.
 */
export function withGaps(ts: readonly number[], min: readonly number[], max: readonly number[], bucketMs: number) {
  const gapMs = Math.max(ENERGY_RULES.maxGapSeconds * 1000, 2 * bucketMs);
  const x: number[] = [];
  const lo: (number | null)[] = [];
  const hi: (number | null)[] = [];
  for (let i = 0; i < ts.length; i++) {
    if (i > 0 && ts[i] - ts[i - 1] > gapMs) {
      x.push(ts[i - 1] + 1);
      lo.push(null);
      hi.push(null);
    }
    x.push(ts[i]);
    lo.push(min[i]);
    hi.push(max[i]);
  }
  return { x, min: lo, max: hi };
}
