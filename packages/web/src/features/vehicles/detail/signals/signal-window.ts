import type { TimeWindow } from '../../../../api/time-window';

const HOUR_MS = 3_600_000;

/** The spans the chart offers, each ending now; 24 hours unless the user picks another. */
export const WINDOW_PRESETS = [
  { value: '1h', ms: HOUR_MS },
  { value: '6h', ms: 6 * HOUR_MS },
  { value: '24h', ms: 24 * HOUR_MS },
  { value: '3d', ms: 72 * HOUR_MS },
  { value: '10d', ms: 240 * HOUR_MS },
] as const;
export const DEFAULT_PRESET = '24h';

/** The shortest span a drag may select: below it the buckets would be single readings anyway. */
export const MIN_WINDOW_MS = 60_000;

/** A chosen span: a preset ending now, or any from..to (dragged, or stepped back in time). */
export interface ChosenWindow extends TimeWindow {
  preset: string | null;
}

export function presetWindow(preset: string, now = Date.now()): ChosenWindow {
  const span = WINDOW_PRESETS.find((p) => p.value === preset) ?? WINDOW_PRESETS[2];
  return { preset: span.value, from: now - span.ms, to: now };
}

/** The same span moved by its own length; never past now. */
export function stepWindow(window: TimeWindow, direction: -1 | 1, now = Date.now()): ChosenWindow {
  const span = window.to - window.from;
  const to = Math.min(now, window.to + direction * span);
  return { preset: null, from: to - span, to };
}

/** Buckets to ask for: about one a pixel, in steps of 100 so a small resize asks nothing new. */
export const pointsFor = (width: number) => Math.min(5000, Math.max(100, Math.ceil(width / 100) * 100));
