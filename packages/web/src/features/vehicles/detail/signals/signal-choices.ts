import { CHART_SIGNALS, ENERGY_RULES, EXTRA_SIGNALS, SIGNALS, type ChartSignal } from '@evfleet/domain';

const known = new Map<string, { column?: string; unit: string }>([
  ...SIGNALS.map((s) => [s.key, s] as const),
  ...EXTRA_SIGNALS.map((s) => [s.key, s] as const),
]);

/** 'cellPackTemp' → 'Cell Pack Temp', for the signals without a report column. */
const spelledOut = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/** A signal's name as the reports show it (its column), else its key spelled out. */
export const signalLabel = (key: ChartSignal) => known.get(key)?.column ?? spelledOut(key);
export const signalUnit = (key: ChartSignal) => known.get(key)?.unit ?? '';

/** The signal picker's options, by name. */
export const SIGNAL_OPTIONS = CHART_SIGNALS.map((key) => ({ value: key, label: signalLabel(key) })).sort((a, b) =>
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
