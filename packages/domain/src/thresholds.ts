import { z } from 'zod';
import { SIGNAL_DICTIONARY, type NamedSignal } from './signal-dictionary.js';

/** Alert metrics of part 2 §3, with the threshold editor's slider range (§5); their names are the signal dictionary's. */
const METRIC_RANGES = {
  cellVoltage: { min: 1.5, max: 5 },
  milesToEmpty: { min: 0, max: 100 },
  batteryPercentage: { min: 0, max: 100 },
  packVoltage: { min: 70, max: 110 },
  speedAlert: { min: 0, max: 50 },
  brakePressure: { min: 0, max: 100 },
  motorCurrent: { min: 0, max: 500 },
  '12vBattery': { min: 0, max: 15 },
  limpMode: { min: 0, max: 1 },
  gpsSignal: { min: 0, max: 6 },
  daysSincePluggedIn: { min: 0, max: 365 },
  cabinTemp: { min: -25, max: 150 },
  cellPackTemp: { min: 0, max: 190 },
  gearSelector: { min: 0, max: 300 },
} as const satisfies Partial<Record<NamedSignal, { min: number; max: number }>>;
export const METRICS = Object.fromEntries(
  Object.entries(METRIC_RANGES).map(([name, range]) => [
    name,
    { displayName: SIGNAL_DICTIONARY[name as keyof typeof METRIC_RANGES].name, ...range },
  ]),
) as { [K in keyof typeof METRIC_RANGES]: { displayName: string; min: number; max: number } };
export type MetricName = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as MetricName[];
export const metricNameSchema = z.enum(METRIC_NAMES as [MetricName, ...MetricName[]]);

export const SEVERITIES = ['NORMAL', 'WARNING', 'SEVERE'] as const;
export const severitySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof severitySchema>;

export const rangeSchema = z.object({ low: z.number(), high: z.number() });
export type Range = z.infer<typeof rangeSchema>;

export const DEFAULT_MINUTES_BACKWARD = 5;
export const DEFAULT_NOTIFICATION_FREQUENCY = 60;

/**
 * The bands a metric may notify at, per channel: the threshold editor's E-Mail and SMS Template
 * toggles with their Warning/Severe choice (left unwired by the spec; docs/alerts.md). An absent
 * list means both bands (NOTIFY_DEFAULT), so attributes stored before these fields keep notifying;
 * an empty list switches the channel off for that metric. The vehicle's own emailNotification and
 * smsNotification flags and addresses still decide whether a channel is used at all.
 */
export const NOTIFY_BANDS = ['WARNING', 'SEVERE'] as const;
export const notifyBandSchema = z.enum(NOTIFY_BANDS);
export type NotifyBand = z.infer<typeof notifyBandSchema>;
/**
 * What an absent list means: every band, under the name of that role.
 * @alias
 */
export const NOTIFY_DEFAULT: readonly NotifyBand[] = NOTIFY_BANDS;
const notifyList = z
  .array(notifyBandSchema)
  .max(2)
  .refine((l) => new Set(l).size === l.length, 'Each band once.');

/** Maximum ranges per band (§5): one Normal, two Moderate (warning), two Severe. */
export const MAX_RANGES = { normal: 1, warning: 2, sever: 2 } as const;
export type BandKey = keyof typeof MAX_RANGES;
export const BAND_KEYS = Object.keys(MAX_RANGES) as BandKey[];
/** The editor's names of the bands. */
export const BAND_LABELS: Record<BandKey, string> = { normal: 'Normal', warning: 'Moderate', sever: 'Severe' };

/** An alert attribute (§3): 'sever' is the spec's spelling; at most two ranges per alert band. */
export const alertAttributeSchema = z.object({
  name: metricNameSchema,
  displayName: z.string().max(64),
  type: z.string().max(32).default('number'),
  minutesBackward: z.number().int().min(0).max(1440, 'Max').default(DEFAULT_MINUTES_BACKWARD),
  notificationFrequencyHour: z.number().int().min(0).max(43_200, 'Max').default(DEFAULT_NOTIFICATION_FREQUENCY),
  // The limits of MAX_RANGES are checked with the metric's name in threshold-checks.ts.
  normal: z.array(rangeSchema).max(10, 'Max'),
  warning: z.array(rangeSchema).max(10, 'Max'),
  sever: z.array(rangeSchema).max(10, 'Max'),
  emailOn: notifyList.optional(),
  smsOn: notifyList.optional(),
});
export type AlertAttribute = z.infer<typeof alertAttributeSchema>;

/** Whether a metric notifies by a channel at a band (absent lists: both bands). */
export function notifiesAt(
  attr: Pick<AlertAttribute, 'emailOn' | 'smsOn'>,
  channel: 'email' | 'sms',
  band: NotifyBand,
): boolean {
  const list = (channel === 'email' ? attr.emailOn : attr.smsOn) ?? NOTIFY_DEFAULT;
  return list.includes(band);
}

const r = (low: number, high: number): Range => ({ low, high });
const attribute = (name: MetricName, normal: Range[], warning: Range[], sever: Range[]): AlertAttribute => ({
  name,
  displayName: METRICS[name].displayName,
  type: 'number',
  minutesBackward: DEFAULT_MINUTES_BACKWARD,
  notificationFrequencyHour: DEFAULT_NOTIFICATION_FREQUENCY,
  normal,
  warning,
  sever,
});

/** Part 2 §5, "Default thresholds". */
export const DEFAULT_THRESHOLDS: readonly AlertAttribute[] = [
  attribute('cellVoltage', [r(3.1, 3.69)], [r(2.7, 3.01), r(3.7, 3.9)], [r(0, 2.06), r(3.91, 4.99)]),
  attribute('milesToEmpty', [r(20, 70)], [r(14, 19), r(71, 80)], [r(0, 13), r(81, 100)]),
  attribute('batteryPercentage', [r(15, 60)], [r(10, 14), r(61, 80)], [r(0, 9), r(81, 100)]),
  attribute('packVoltage', [r(80, 94)], [r(74, 77), r(95, 99)], [r(70, 73), r(100, 110)]),
  attribute('speedAlert', [r(0, 37)], [r(38, 45)], [r(46, 50)]),
  attribute('brakePressure', [r(0, 25)], [r(26, 40)], [r(41, 100)]),
  attribute('motorCurrent', [r(0, 199)], [r(200, 220)], [r(221, 500)]),
  attribute('12vBattery', [r(11.3, 13.4)], [r(10.5, 11.2), r(13.5, 13.9)], [r(0, 10.4), r(14, 15)]),
  attribute('limpMode', [r(0, 0)], [], [r(1, 1)]),
  attribute('gpsSignal', [r(1, 3)], [r(4, 5)], [r(5.1, 5.9)]),
  attribute('daysSincePluggedIn', [r(1, 7)], [r(8, 14)], [r(15, 20)]),
  attribute('cabinTemp', [r(40, 105)], [r(30, 39), r(106, 110)], [r(0, 29), r(111, 150)]),
  attribute('cellPackTemp', [r(60, 120)], [r(40, 59), r(121, 145)], [r(0, 39), r(146, 190)]),
];

/** The bands in the order a tie is settled: the more severe first. */
const BANDS_BY_SEVERITY = [
  ['SEVERE', 'sever'],
  ['WARNING', 'warning'],
  ['NORMAL', 'normal'],
] as const;
const BY_SEVERITY = BANDS_BY_SEVERITY.map(([severity]) => severity);

/**
 * An attribute's ranges as one flat array of numbers, what classifyBands reads: first the part of
 * its normal range that no other range overlaps (the usual value, classified with two
 * comparisons; empty when there is none), then each range as low, high and its severity's place
 * in BANDS_BY_SEVERITY, the more severe first. The alert engine makes it once per attribute and
 * classifies every metric of every reading ingested with it.
 */
export function bandsOf(attr: Pick<AlertAttribute, 'normal' | 'warning' | 'sever'>): readonly number[] {
  const ranges: number[] = [];
  BANDS_BY_SEVERITY.forEach(([, band], place) => {
    for (const { low, high } of attr[band]) ranges.push(low, high, place);
  });
  const [normal] = attr.normal;
  const clear =
    normal && ![...attr.sever, ...attr.warning].some((r) => r.low <= normal.high && r.high >= normal.low)
      ? [normal.low, normal.high]
      : [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  return [...clear, ...ranges];
}

/** classify, on an attribute's bands (bandsOf). */
export function classifyBands(value: number, bands: readonly number[]): Severity {
  if (value >= bands[0] && value <= bands[1]) return 'NORMAL';
  let best = BY_SEVERITY.length - 1; // NORMAL when there are no ranges
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 2; i < bands.length; i += 3) {
    const d = value < bands[i] ? bands[i] - value : value > bands[i + 1] ? value - bands[i + 1] : 0;
    if (d === 0) return BY_SEVERITY[bands[i + 2]];
    if (d < bestDistance) {
      best = bands[i + 2];
      bestDistance = d;
    }
  }
  return BY_SEVERITY[best];
}

/**
 * The band a value falls in. The default table leaves gaps between bands (cell voltage 3.01–3.1)
 * and ends below the slider's maximum, so a value inside no range takes the band of the nearest
 * range, the more severe one on a tie (docs/alerts.md).
 */
export const classify = (value: number, attr: Pick<AlertAttribute, 'normal' | 'warning' | 'sever'>): Severity =>
  classifyBands(value, bandsOf(attr));

/** Where a vehicle's thresholds may come from; an absent or empty list counts as none. */
export interface ThresholdSources {
  own?: AlertAttribute[] | null;
  template?: AlertAttribute[] | null;
}

/**
 * The thresholds a vehicle is judged by (part 2 §4, §5): its own, else its template's, else the
 * defaults. The alert engine, the cell colours of the detail page, the vehicle and template screens
 * and the threshold sheet all take them from here, so a colour never disagrees with an alert. An
 * empty list counts as none: a vehicle is never judged by no thresholds at all.
 */
export function effectiveThresholds({ own, template }: ThresholdSources): AlertAttribute[] {
  if (own?.length) return own;
  if (template?.length) return template;
  // A new list each time: a caller may edit its copy without touching the defaults.
  return [...DEFAULT_THRESHOLDS];
}
