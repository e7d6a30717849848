/**
 * Each stored signal as an integer at a resolution: decimals kept, and the narrowest integer type
 * its range fits at them. signals.ts documents ranges, not resolutions; these are the decimals the
 * demo model writes (demo/vehicle-model.ts, demo/pack.ts), enough for a prototype of compaction,
 * and the bench counts every value they would not hold exactly.
 */
import { SIGNAL_RANGES } from '@evfleet/domain';
import { STORED_SIGNALS, type StoredSignal } from '../../packages/server/src/readings/reading.js';
import { SIGNAL_COLUMNS } from '../../packages/server/src/telemetry/reading-store.js';

const DECIMALS: Record<StoredSignal, number> = {
  batteryCharge: 1,
  packVoltage: 1,
  chargeStatus: 0,
  battery12v: 2,
  vehicleCurrent: 2,
  limpMode: 0,
  gear: 0,
  speed: 1,
  motorRpm: 0,
  controllerTemp: 1,
  motorTemp: 1,
  odometer: 2,
  daysNotCharged: 0,
  gpsLat: 6,
  gpsLong: 6,
  gpsSignal: 0,
  lteSignal: 0,
  milesToEmpty: 1,
  cabinTemp: 1,
  brakePressure: 1,
  motorCurrent: 1,
  throttle: 2,
  heading: 0,
  cellPackTemp: 1,
};
/** A cell's voltage in millivolts. */
const CELL_DECIMALS = 3;

export interface ScaledSignal {
  key: StoredSignal;
  column: string;
  scale: number;
  type: 'smallint' | 'int';
}

export const SCALED_SIGNALS: ScaledSignal[] = STORED_SIGNALS.map((key, i) => {
  const scale = 10 ** DECIMALS[key];
  const { min, max } = SIGNAL_RANGES[key];
  const widest = Math.max(Math.abs(min), Math.abs(max)) * scale;
  if (widest > 2 ** 31 - 1) throw new Error(`${key} does not fit an int at ${DECIMALS[key]} decimals`);
  return { key, column: SIGNAL_COLUMNS[i], scale, type: widest <= 32767 ? 'smallint' : 'int' };
});

/** SQL: a reading's signal as its integer (`r.` columns of can_reading). */
export const scaledSql = ({ column, scale, type }: ScaledSignal) =>
  scale === 1 ? `r.${column}::${type}` : `round(r.${column} * ${scale})::${type}`;
/** SQL: a reading's cells as millivolts, null when it has none. */
export const scaledCellsSql = `(select array_agg(round(c::float8 * ${10 ** CELL_DECIMALS})::smallint order by i)
  from unnest(r.cells) with ordinality u(c, i))`;

/**
 * SQL: how many stored values the resolutions above would not give back exactly, over every
 * reading of can_reading: a signal whose integer divided back is another double, a cell whose
 * millivolts are another float4.
 */
export const inexactCountSql = `select
  ${SCALED_SIGNALS.map((s) => `count(*) filter (where round(r.${s.column} * ${s.scale}) / ${s.scale} <> r.${s.column})`).join(' + ')} as signals,
  sum((select count(*) from unnest(r.cells) c where (round(c::float8 * ${10 ** CELL_DECIMALS}) / ${10 ** CELL_DECIMALS})::real <> c)) as cells
  from can_reading r`;

/** A reading as read back from any layout: epoch ms, the values in STORED_SIGNALS order (null: none), cells, unknown signals. */
export interface PlainReading {
  ts: number;
  values: (number | null)[];
  cells: number[] | null;
  extra: Record<string, number> | null;
}

/**
 * A reading from its integers (in SCALED_SIGNALS order) and its cells' millivolts: each integer
 * divided back, the same division the device's rounding ends with.
 */
export const fromIntegers = (
  ts: number,
  integers: readonly (number | null)[],
  cellMillivolts: readonly number[] | null,
  extra: Record<string, number> | null,
): PlainReading => ({
  ts,
  values: SCALED_SIGNALS.map((s, k) => (integers[k] === null ? null : integers[k] / s.scale)),
  cells: cellMillivolts && cellMillivolts.map((mv) => mv / 10 ** CELL_DECIMALS),
  extra,
});

/** What differs between the stored reading and the one read back, or null when nothing does. */
export function difference(stored: PlainReading, back: PlainReading | undefined): string | null {
  if (!back) return 'missing';
  if (stored.ts !== back.ts) return `ts ${stored.ts} read back as ${back.ts}`;
  for (let i = 0; i < STORED_SIGNALS.length; i++)
    if (stored.values[i] !== back.values[i])
      return `${STORED_SIGNALS[i]} ${stored.values[i]} read back as ${back.values[i]}`;
  const cellsA = stored.cells?.map(Math.fround).join(',');
  const cellsB = back.cells?.map(Math.fround).join(',');
  if (cellsA !== cellsB) return `cells ${cellsA} read back as ${cellsB}`;
  if (JSON.stringify(stored.extra) !== JSON.stringify(back.extra)) return 'unknown signals differ';
  return null;
}
