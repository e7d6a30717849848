import { meterPoint, type MeterPoint } from '@evfleet/domain';
import { canReading } from '../db/telemetry-schema.js';
import { SIGNAL_INDEX, valueAt, type Reading } from '../readings/reading.js';

/**
 * The columns of can_reading trips and charging sessions look at (domain/energy.ts), as a
 * MeterPoint's values: every one the energy rules read but the cells, which only a rest's cell
 * spread reads (the daily figures), and which are a compacted day's costliest values to decode.
 */
export const ENERGY_COLUMNS = {
  ts: canReading.ts,
  packVoltage: canReading.packVoltage,
  vehicleCurrent: canReading.vehicleCurrent,
  chargeStatus: canReading.chargeStatus,
  speed: canReading.speed,
  batteryCharge: canReading.batteryCharge,
  odometer: canReading.odometer,
  gpsLat: canReading.gpsLat,
  gpsLong: canReading.gpsLong,
};
/** The signals of ENERGY_COLUMNS: a MeterPoint's values. */
export type MeterSignal = Exclude<keyof typeof ENERGY_COLUMNS, 'ts'>;
export const METER_SIGNALS = Object.keys(ENERGY_COLUMNS).filter((k): k is MeterSignal => k !== 'ts');
/** Every column the energy rules look at, the cells too. */
export const METER_COLUMNS = { ...ENERGY_COLUMNS, cells: canReading.cells };
/** A row of METER_COLUMNS, or of ENERGY_COLUMNS (no cells). */
export type MeterRow = Omit<MeterPoint, 'ts' | 'cells'> & { ts: Date; cells?: MeterPoint['cells'] };
export const meterPointOf = ({ ts, cells, ...values }: MeterRow) => meterPoint(ts.getTime(), values, cells ?? null);

const { packVoltage, vehicleCurrent, chargeStatus, speed, batteryCharge, odometer, gpsLat, gpsLong } = SIGNAL_INDEX;
/** Refills a MeterPoint in place from a reading: a caller that keeps points per vehicle makes none per reading. */
export const setMeterPoint = (p: MeterPoint, { ts, values, cells }: Reading): MeterPoint => {
  p.ts = ts;
  p.packVoltage = valueAt(values, packVoltage);
  p.vehicleCurrent = valueAt(values, vehicleCurrent);
  p.chargeStatus = valueAt(values, chargeStatus);
  p.speed = valueAt(values, speed);
  p.batteryCharge = valueAt(values, batteryCharge);
  p.odometer = valueAt(values, odometer);
  p.gpsLat = valueAt(values, gpsLat);
  p.gpsLong = valueAt(values, gpsLong);
  p.cells = cells;
  return p;
};
/** A reading's MeterPoint. */
export const readingPoint = (reading: Reading) => setMeterPoint(meterPoint(reading.ts, {}, null), reading);
