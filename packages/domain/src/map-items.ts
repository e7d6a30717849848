import { z } from 'zod';

/**
 * Map data item (part 2 §3): one vehicle on the map, as GET api/vehicles/details and the live feed
 * (/evts/ws/mapdetails) send it. Times are ISO texts; a signal the vehicle never sent is null.
 */
export const mapItemSchema = z.object({
  vehicle_id: z.number().int(),
  vehicle_name: z.string(),
  /** The VIN. */
  src_ip: z.string(),
  gps_lat: z.number().nullable(),
  gps_long: z.number().nullable(),
  /** 1 charging (On), 0 not (Off). */
  charge_status: z.number().nullable(),
  battery_charge: z.number().nullable(),
  srv_date_time: z.string().nullable(),
  milesToEmpty: z.number().nullable(),
  odometer: z.number().nullable(),
  can_last_reported: z.string().nullable(),
  gps_last_reported: z.string().nullable(),
  /** The server's clock, so times show relative to it. */
  current_gmt_time: z.string(),
});
export type MapItem = z.infer<typeof mapItemSchema>;

/** Only items with a position can be drawn. */
export const hasPosition = (item: MapItem): item is MapItem & { gps_lat: number; gps_long: number } =>
  typeof item.gps_lat === 'number' &&
  typeof item.gps_long === 'number' &&
  Math.abs(item.gps_lat) <= 90 &&
  Math.abs(item.gps_long) <= 180;
