import {
  DEFAULT_MINUTES_BACKWARD,
  DEFAULT_NOTIFICATION_FREQUENCY,
  MAX_RANGES,
  METRICS,
  type AlertAttribute,
  type BandKey,
  type MetricName,
  type Range,
} from '@evfleet/domain';

/** The colour each band is drawn in. */
export const BAND_COLORS: Record<BandKey, string> = { normal: 'green', warning: 'yellow', sever: 'red' };

/** §9: a new range starts at low 1, high 1. */
const NEW_RANGE: Range = { low: 1, high: 1 };

/** A metric the list does not hold yet (the gear selector has no default thresholds): no ranges. */
export function emptyAttribute(name: MetricName): AlertAttribute {
  return {
    name,
    displayName: METRICS[name].displayName,
    type: 'number',
    minutesBackward: DEFAULT_MINUTES_BACKWARD,
    notificationFrequencyHour: DEFAULT_NOTIFICATION_FREQUENCY,
    normal: [],
    warning: [],
    sever: [],
  };
}

/** The attribute with one bound of one range of a band replaced. */
export function setBound(
  attribute: AlertAttribute,
  band: BandKey,
  index: number,
  bound: keyof Range,
  value: number,
): AlertAttribute {
  return {
    ...attribute,
    [band]: attribute[band].map((range, i) => (i === index ? { ...range, [bound]: value } : range)),
  };
}

/** The attribute with one range of a band replaced whole (the slider moves both ends). */
export function setRange(attribute: AlertAttribute, band: BandKey, index: number, range: Range): AlertAttribute {
  return { ...attribute, [band]: attribute[band].map((current, i) => (i === index ? range : current)) };
}

/** What the plus/minus button of a band does now: add a range, remove the second, or nothing. */
export function rangeButton(attribute: AlertAttribute, band: BandKey): 'add' | 'remove' | null {
  const count = attribute[band].length;
  if (count < MAX_RANGES[band]) return 'add';
  return MAX_RANGES[band] > 1 ? 'remove' : null;
}

/**
 * The plus/minus button (§4): with room it adds a range at 1-1 (the first when the band has none,
 * e.g. limp mode's Moderate); when full it removes the last. A third range is never possible.
 */
export function toggleRange(attribute: AlertAttribute, band: BandKey): AlertAttribute {
  const ranges = attribute[band];
  const next = rangeButton(attribute, band) === 'add' ? [...ranges, { ...NEW_RANGE }] : ranges.slice(0, -1);
  return { ...attribute, [band]: next };
}
