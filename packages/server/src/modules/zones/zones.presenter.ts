import type { Zone } from '@evfleet/domain';
import type { ZoneRow } from './zones.repository.js';

/** Exactly the fields of a zone that leave the server. */
export const toZone = (r: ZoneRow): Zone => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  geometry: r.geometry,
  dealerId: r.dealerId,
  fleetId: r.fleetId,
  ownerName: r.ownerName,
  timeZone: r.timeZone,
  minDwellSeconds: r.minDwellSeconds,
  speedLimitMph: r.speedLimitMph,
  tariff: r.tariff,
  eveningTime: r.eveningTime,
  departureChargePercent: r.departureChargePercent,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
