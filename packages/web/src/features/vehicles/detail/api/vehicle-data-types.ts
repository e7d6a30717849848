import type { Severity } from '@evfleet/domain';

/**
 * Shapes of the vehicle data calls (part 2 §3) as server/src/modules/vehicle-data/vehicle-data.presenter.ts
 * builds them. Timestamps are ISO texts; a signal the vehicle never sent is null.
 */
export interface DeviceCanData {
  battery_charge: number | null;
  charge_status: number | null;
  milesToEmpty: number | null;
  last_charge_days: number | null;
  odometer: number | null;
  '12vBattery': number | null;
  gps_speed: number | null;
  direction: number | null;
  vehicle_current: number | null;
  cabin_temp: number | null;
  gear: number | null;
  gps_last_reported: string | null;
  can_last_reported: string | null;
  last_reported: string | null;
}

/** The GPS side (device-data?vin); the page reads only the position. */
export interface DevicePosition {
  gps_lat: number | null;
  gps_long: number | null;
}

export interface CellDetail {
  packVoltage: number | null;
  cells: { status: Severity; value: number }[];
}

export interface WarningLogEntry {
  id: number;
  type: Severity;
  date: string;
  updated: string;
  name: string;
  attributeName: string;
  value: number | null;
  notificationContent: string | null;
}

export interface RoutePoint {
  ts: string;
  lat: number;
  lng: number;
  speed: number | null;
  heading: number | null;
}
