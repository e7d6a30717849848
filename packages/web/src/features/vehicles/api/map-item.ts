/**
 * Map data item (part 2 §3): one vehicle on the map, as GET api/vehicles/details and the live feed
 * send it (server/src/modules/vehicle-data/vehicle-data.presenter.ts toMapItem). Times are ISO texts.
 */
export interface MapItem {
  vehicle_id: number;
  vehicle_name: string;
  /** The VIN. */
  src_ip: string;
  gps_lat: number | null;
  gps_long: number | null;
  /** 1 charging (On), 0 not (Off). */
  charge_status: number | null;
  battery_charge: number | null;
  srv_date_time: string | null;
  milesToEmpty: number | null;
  odometer: number | null;
  can_last_reported: string | null;
  gps_last_reported: string | null;
  current_gmt_time: string;
}

/** Only items with a position can be drawn. */
export const hasPosition = (item: MapItem): item is MapItem & { gps_lat: number; gps_long: number } =>
  typeof item.gps_lat === 'number' && typeof item.gps_long === 'number' && Math.abs(item.gps_lat) <= 90 && Math.abs(item.gps_long) <= 180;
