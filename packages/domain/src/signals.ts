/** A signal's physical range, both ends included: a value outside it is a glitch, not a measurement. */
export interface SignalRange {
  min: number;
  max: number;
}

const TEMPERATURE_F: SignalRange = { min: -100, max: 400 };
const CURRENT_A: SignalRange = { min: -2000, max: 2000 };
const ON_OFF: SignalRange = { min: 0, max: 1 };
const PERCENT: SignalRange = { min: 0, max: 100 };

/**
 * The known CAN and GPS signals: their key in a device reading and in storage, the report column
 * they appear under (part 2 §3, "Report columns, fixed order"), their physical range
 * (docs/telemetry-protocol.md, "Ranges") and their resolution in decimals, at which compacted
 * history keeps a value as an integer ("Resolution"); their names, units and descriptions are in
 * signal-dictionary.ts. The ranges are wide enough for any vehicle evfleet serves and narrow enough
 * that a value inside cannot overflow a sum or a report.
 */
export const SIGNALS = [
  { key: 'batteryCharge', column: 'Battery Charge', range: PERCENT, decimals: 1 },
  { key: 'packVoltage', column: 'Pack Voltage', range: { min: 0, max: 1000 }, decimals: 1 },
  { key: 'chargeStatus', column: 'Charge Status', range: ON_OFF, decimals: 0 },
  { key: 'battery12v', column: '12v Battery', range: { min: 0, max: 32 }, decimals: 3 },
  { key: 'vehicleCurrent', column: 'Vehicle Current', range: CURRENT_A, decimals: 2 },
  { key: 'limpMode', column: 'Limp Mode', range: ON_OFF, decimals: 0 },
  { key: 'gear', column: 'Gear', range: { min: 0, max: 255 }, decimals: 0 },
  { key: 'speed', column: 'Speed', range: { min: -50, max: 200 }, decimals: 1 },
  { key: 'motorRpm', column: 'Motor Rpm', range: { min: -30_000, max: 30_000 }, decimals: 0 },
  { key: 'controllerTemp', column: 'Controller Temp', range: TEMPERATURE_F, decimals: 1 },
  { key: 'motorTemp', column: 'Motor Temp', range: TEMPERATURE_F, decimals: 1 },
  { key: 'odometer', column: 'Odometer', range: { min: 0, max: 10_000_000 }, decimals: 2 },
  { key: 'daysNotCharged', column: 'Days Not Charged', range: { min: 0, max: 10_000 }, decimals: 0 },
  { key: 'gpsLat', column: 'Gps Lat', range: { min: -90, max: 90 }, decimals: 7 },
  { key: 'gpsLong', column: 'Gps Long', range: { min: -180, max: 180 }, decimals: 7 },
  { key: 'gpsSignal', column: 'Gps Signal', range: { min: 0, max: 6 }, decimals: 0 },
  { key: 'lteSignal', column: 'Lte Signal', range: { min: 0, max: 5 }, decimals: 0 },
  { key: 'milesToEmpty', column: 'Miles To Empty', range: { min: 0, max: 2000 }, decimals: 1 },
  { key: 'cabinTemp', column: 'Cabin Temperature', range: TEMPERATURE_F, decimals: 1 },
  { key: 'brakePressure', column: 'Brake Pressure', range: { min: 0, max: 5000 }, decimals: 1 },
  { key: 'motorCurrent', column: 'Motor Current', range: CURRENT_A, decimals: 1 },
  { key: 'throttle', column: 'Thrtl Threshold', range: PERCENT, decimals: 2 },
] as const satisfies readonly { key: string; column: string; range: SignalRange; decimals: number }[];
export type SignalKey = (typeof SIGNALS)[number]['key'];
export const SIGNAL_KEYS = SIGNALS.map((s) => s.key) as SignalKey[];

/** Signals a device may send that have no report column of their own; stored with the known ones. */
export const EXTRA_SIGNALS = [
  { key: 'heading', range: { min: 0, max: 360 }, decimals: 0 },
  { key: 'cellPackTemp', range: TEMPERATURE_F, decimals: 1 },
] as const satisfies readonly { key: string; range: SignalRange; decimals: number }[];
export type ExtraSignalKey = (typeof EXTRA_SIGNALS)[number]['key'];

/** The range of every signal stored in a column of its own, by key. */
export const SIGNAL_RANGES = Object.fromEntries([...SIGNALS, ...EXTRA_SIGNALS].map((s) => [s.key, s.range])) as Record<
  SignalKey | ExtraSignalKey,
  SignalRange
>;
/** The decimals of every signal stored in a column of its own, by key. */
export const SIGNAL_DECIMALS = Object.fromEntries(
  [...SIGNALS, ...EXTRA_SIGNALS].map((s) => [s.key, s.decimals]),
) as Record<SignalKey | ExtraSignalKey, number>;
/** One battery cell's (or cell module's) voltage, and its resolution (millivolts). */
export const CELL_VOLTAGE_RANGE: SignalRange = { min: 0, max: 20 };
export const CELL_VOLTAGE_DECIMALS = 3;
/** An unknown signal has no known unit: any number a device can count exactly (±2^53 − 1). */
export const UNKNOWN_SIGNAL_RANGE: SignalRange = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

export const CELL_COUNTS = [24, 28, 32] as const;
export const MAX_CELLS = 32;
export const cellColumn = (index: number) => `Cell ${index + 1}`;

/** Report columns in the spec's fixed order; unknown signals follow alphabetically. */
export const REPORT_COLUMNS = [
  'Date',
  'Vehicle',
  ...SIGNALS.map((s) => s.column),
  ...Array.from({ length: MAX_CELLS }, (_, i) => cellColumn(i)),
];

export function orderReportColumns(columns: readonly string[]): string[] {
  const rank = new Map(REPORT_COLUMNS.map((c, i) => [c, i]));
  return [...columns].sort((a, b) => {
    const ra = rank.get(a) ?? Number.POSITIVE_INFINITY;
    const rb = rank.get(b) ?? Number.POSITIVE_INFINITY;
    return ra !== rb ? ra - rb : a.localeCompare(b);
  });
}
