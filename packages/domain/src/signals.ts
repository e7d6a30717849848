import { z } from 'zod';

/**
 * The known CAN and GPS signals: their key in a device reading and in storage, the report column
 * they appear under (part 2 §3, "Report columns, fixed order") and their unit.
 */
export const SIGNALS = [
  { key: 'batteryCharge', column: 'Battery Charge', unit: '%' },
  { key: 'packVoltage', column: 'Pack Voltage', unit: 'V' },
  { key: 'chargeStatus', column: 'Charge Status', unit: '0 off, 1 on' },
  { key: 'battery12v', column: '12v Battery', unit: 'V' },
  { key: 'vehicleCurrent', column: 'Vehicle Current', unit: 'A, negative while charging' },
  { key: 'limpMode', column: 'Limp Mode', unit: '0 off, 1 on' },
  { key: 'gear', column: 'Gear', unit: '1 drive, 2 neutral, 3 reverse, other park' },
  { key: 'speed', column: 'Speed', unit: 'mph' },
  { key: 'motorRpm', column: 'Motor Rpm', unit: 'rpm' },
  { key: 'controllerTemp', column: 'Controller Temp', unit: '°F' },
  { key: 'motorTemp', column: 'Motor Temp', unit: '°F' },
  { key: 'odometer', column: 'Odometer', unit: 'mi' },
  { key: 'daysNotCharged', column: 'Days Not Charged', unit: 'days' },
  { key: 'gpsLat', column: 'Gps Lat', unit: '° (WGS 84)' },
  { key: 'gpsLong', column: 'Gps Long', unit: '° (WGS 84)' },
  { key: 'gpsSignal', column: 'Gps Signal', unit: 'quality 0–6 (satellite fix)' },
  { key: 'lteSignal', column: 'Lte Signal', unit: 'quality 0–5 (bars)' },
  { key: 'milesToEmpty', column: 'Miles To Empty', unit: 'mi' },
  { key: 'cabinTemp', column: 'Cabin Temperature', unit: '°F' },
  { key: 'brakePressure', column: 'Brake Pressure', unit: 'psi' },
  { key: 'motorCurrent', column: 'Motor Current', unit: 'A' },
  { key: 'throttle', column: 'Thrtl Threshold', unit: '%' },
] as const;
export type SignalKey = (typeof SIGNALS)[number]['key'];
export const SIGNAL_KEYS = SIGNALS.map((s) => s.key) as SignalKey[];

/** Signals a device may send that have no report column of their own; stored with the known ones. */
export const EXTRA_SIGNALS = [
  { key: 'heading', unit: '° magnetic' },
  { key: 'cellPackTemp', unit: '°F' },
] as const;

export const CELL_COUNTS = [24, 28, 32] as const;
export const MAX_CELLS = 32;
export const cellColumn = (index: number) => `Cell ${index + 1}`;

/** Report columns in the spec's fixed order; unknown signals follow alphabetically. */
export const REPORT_COLUMNS = ['Date', 'Vehicle', ...SIGNALS.map((s) => s.column), ...Array.from({ length: MAX_CELLS }, (_, i) => cellColumn(i))];

export function orderReportColumns(columns: readonly string[]): string[] {
  const rank = new Map(REPORT_COLUMNS.map((c, i) => [c, i]));
  return [...columns].sort((a, b) => {
    const ra = rank.get(a) ?? Number.POSITIVE_INFINITY;
    const rb = rank.get(b) ?? Number.POSITIVE_INFINITY;
    return ra !== rb ? ra - rb : a.localeCompare(b);
  });
}

export const signalValue = z.number().finite();
