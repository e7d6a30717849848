import { meterPoint, type MeterPoint } from '@evfleet/domain';
import { canReading } from '../db/telemetry-schema.js';

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
