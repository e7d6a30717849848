import { z } from 'zod';
import { severitySchema } from './thresholds.js';

/**
 * The vehicle detail calls' answers (part 2 §3, §7), as the server's vehicle-data presenter builds
 * them and the detail page reads them. Times are ISO texts; a signal never sent is null.
 */
const reading = z.number().nullable();
const instant = z.string().nullable();

/** GET api/vehicles/device-can-data?vin: "Device CAN data (by VIN)". */
export const deviceCanDataSchema = z.object({
  battery_charge: reading,
  /** 1 charging (On), 0 not (Off). */
  charge_status: reading,
  milesToEmpty: reading,
  last_charge_days: reading,
  odometer: reading,
  '12vBattery': reading,
  gps_speed: reading,
  speed: reading,
  /** Heading, degrees magnetic. */
  direction: reading,
  vehicle_current: reading,
  cabin_temp: reading,
  gear: reading,
  gps_last_reported: instant,
  can_last_reported: instant,
  last_reported: instant,
});
export type DeviceCanData = z.infer<typeof deviceCanDataSchema>;

/** GET api/vehicles/device-data?vin: the GPS side (position, motion, signal quality). */
export const deviceDataSchema = z.object({
  vin: z.string(),
  gps_lat: reading,
  gps_long: reading,
  gps_speed: reading,
  direction: reading,
  gps_signal: reading,
  lte_signal: reading,
  gps_last_reported: instant,
  current_gmt_time: z.string(),
});
export type DeviceData = z.infer<typeof deviceDataSchema>;

/** GET api/vehicles/cells?vin: "Cell detail", each cell classified by the cellVoltage thresholds. */
export const cellDetailSchema = z.object({
  packVoltage: reading,
  cells: z.array(z.object({ status: severitySchema, value: z.number() })),
});
export type CellDetail = z.infer<typeof cellDetailSchema>;

/** A row of GET api/notifications: "Warning log entry". */
export const warningLogEntrySchema = z.object({
  id: z.number().int(),
  type: severitySchema,
  date: z.string(),
  updated: z.string(),
  /** The metric's display name when it was logged. */
  name: z.string(),
  attributeName: z.string(),
  value: reading,
  notificationContent: z.string().nullable(),
});
export type WarningLogEntry = z.infer<typeof warningLogEntrySchema>;

/** A point of GET api/vehicle/mapDetail/{id}: the route of one time slot. */
export const routePointSchema = z.object({
  ts: z.string(),
  lat: z.number(),
  lng: z.number(),
  speed: reading,
  heading: reading,
});
export type RoutePoint = z.infer<typeof routePointSchema>;
