import { meterPoint, type MeterPoint } from '@evfleet/domain';
import { canReading } from '../db/telemetry-schema.js';
import { SIGNAL_INDEX, valueAt, type Reading } from '../readings/reading.js';

/** The columns of can_reading the energy rules look at (domain/energy.ts), as a MeterPoint's values. */
export const METER_COLUMNS = {
  ts: canReading.ts,
  packVoltage: canReading.packVoltage,
  vehicleCurrent: canReading.vehicleCurrent,
  chargeStatus: canReading.chargeStatus,
  speed: canReading.speed,
  batteryCharge: canReading.batteryCharge,
  odometer: canReading.odometer,
  gpsLat: canReading.gpsLat,
  gpsLong: canReading.gpsLong,
  cells: canReading.cells,
};
export type MeterRow = Omit<MeterPoint, 'ts'> & { ts: Date };
export const meterPointOf = ({ ts, cells, ...values }: MeterRow) => meterPoint(ts.getTime(), values, cells);

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
