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
const NEW_RANGE_AT = 1;

const covers = (ranges: readonly Range[], value: number) => ranges.some((r) => value >= r.low && value <= r.high);

/**
 * Where a new range starts: at 1 as §9 has it when 1 lies in the metric's range and no range holds
 * it; else at the first whole value of the metric's range that no range holds (at its lower end, or
 * just past a range's upper end); when every value is taken, at 1 brought into the metric's range.
 */
export function newRangePoint(attribute: AlertAttribute): number {
  const { min, max } = METRICS[attribute.name];
  const taken = [...attribute.normal, ...attribute.warning, ...attribute.sever];
  const inside = (value: number) => value >= min && value <= max;
  const candidates = [NEW_RANGE_AT, min, ...taken.map((r) => Math.floor(r.high) + 1).sort((a, b) => a - b), max];
  return (
    candidates.find((value) => inside(value) && !covers(taken, value)) ?? Math.min(max, Math.max(min, NEW_RANGE_AT))
  );
}

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
 * The plus/minus button (§4): with room it adds a one-point range (the first when the band has none,
 * e.g. limp mode's Moderate) at `newRangePoint`; when full it removes the last. A third range is
 * never possible.
 */
export function toggleRange(attribute: AlertAttribute, band: BandKey): AlertAttribute {
  const ranges = attribute[band];
  const at = newRangePoint(attribute);
  const next = rangeButton(attribute, band) === 'add' ? [...ranges, { low: at, high: at }] : ranges.slice(0, -1);
  return { ...attribute, [band]: next };
}
