import {
  classify,
  DEFAULT_THRESHOLDS,
  effectiveThresholds,
  severitySchema,
  type CellDetail,
  type DeviceCanData,
  type DeviceData,
  type MapItem,
  type WarningLogEntry,
} from '@evfleet/domain';
import type { warningLog } from '../../../db/telemetry-schema.js';
import type { OneVehicleWithState, VehicleWithState } from './vehicle-data.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;

/** Whole days since the vehicle last reported charging, or null when it never did. */
export const daysSinceCharged = (v: Pick<VehicleWithState, 'lastChargedAt'>, now: number) =>
  v.lastChargedAt ? Math.floor((now - v.lastChargedAt.getTime()) / DAY_MS) : null;

/** Map data item (part 2 §3), the shape of GET api/vehicles/details and of the live feed. */
export const toMapItem = (v: VehicleWithState, now: number): MapItem => ({
  vehicle_id: v.id,
  vehicle_name: v.name,
  src_ip: v.vin,
  gps_lat: v.values?.gpsLat ?? null,
  gps_long: v.values?.gpsLong ?? null,
  charge_status: v.values?.chargeStatus ?? null,
  battery_charge: v.values?.batteryCharge ?? null,
  srv_date_time: iso(v.lastReported),
  milesToEmpty: v.values?.milesToEmpty ?? null,
  odometer: v.values?.odometer ?? null,
  can_last_reported: iso(v.canLastReported),
  gps_last_reported: iso(v.gpsLastReported),
  current_gmt_time: new Date(now).toISOString(),
});

/** Device CAN data by VIN (part 2 §3). */
export const toDeviceCanData = (v: VehicleWithState, now: number): DeviceCanData => {
  const s = v.values ?? {};
  return {
    battery_charge: s.batteryCharge ?? null,
    charge_status: s.chargeStatus ?? null,
    milesToEmpty: s.milesToEmpty ?? null,
    last_charge_days: daysSinceCharged(v, now),
    odometer: s.odometer ?? null,
    '12vBattery': s.battery12v ?? null,
    gps_speed: s.speed ?? null,
    speed: s.speed ?? null,
    direction: s.heading ?? null,
    vehicle_current: s.vehicleCurrent ?? null,
    cabin_temp: s.cabinTemp ?? null,
    gear: s.gear ?? null,
    gps_last_reported: iso(v.gpsLastReported),
    can_last_reported: iso(v.canLastReported),
    last_reported: iso(v.lastReported),
  };
};

/** GPS side of the detail page: position, motion and signal quality. */
export const toDeviceData = (v: VehicleWithState, now: number): DeviceData => {
  const s = v.values ?? {};
  return {
    vin: v.vin,
    gps_lat: s.gpsLat ?? null,
    gps_long: s.gpsLong ?? null,
    gps_speed: s.speed ?? null,
    direction: s.heading ?? null,
    gps_signal: s.gpsSignal ?? null,
    lte_signal: s.lteSignal ?? null,
    gps_last_reported: iso(v.gpsLastReported),
    current_gmt_time: new Date(now).toISOString(),
  };
};

/** Cell detail: each cell classified by the thresholds the alerts use (its own, else its template's, else the defaults). */
export const toCells = (v: OneVehicleWithState): CellDetail => {
  const attributes = effectiveThresholds({ own: v.attributes, template: v.templateAttributes });
  const rule = attributes.find((a) => a.name === 'cellVoltage') ?? DEFAULT_THRESHOLDS[0];
  return {
    packVoltage: v.values?.packVoltage ?? null,
    cells: (v.cells ?? []).map((value) => ({ status: classify(value, rule), value })),
  };
};

/** Warning log entry (part 2 §3). */
export const toWarningLogEntry = (r: typeof warningLog.$inferSelect): WarningLogEntry => ({
  id: r.id,
  // The column is text; every writer (alerts, the vehicle-log records) stores one of the three.
  type: severitySchema.parse(r.type),
  date: r.date.toISOString(),
  updated: r.updated.toISOString(),
  name: r.name,
  attributeName: r.attributeName,
  value: r.value,
  notificationContent: r.notificationContent,
});
