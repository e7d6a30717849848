/**
 * A reading of a vehicle standing at `where`, neither driving nor charging, with a pack voltage for
 * energy to be counted from; `extra` sets what differs (a speed, a charge, another voltage).
 */
export const readingAt = (
  ts: number,
  where: { gpsLat: number; gpsLong: number },
  extra: Record<string, number> = {},
) => ({ ts, ...where, speed: 0, chargeStatus: 0, packVoltage: 100, vehicleCurrent: 0, ...extra });
