import { roundCost, visitMiles, type ZoneVisitRow } from '@evfleet/domain';
import type { VisitRow } from './zone-visits.repository.js';

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Exactly the fields of a visit that leave the server. */
export const toZoneVisit = (r: VisitRow): ZoneVisitRow => ({
  zoneId: r.zoneId,
  zoneName: r.zoneName,
  kind: r.kind,
  vehicleId: r.vehicleId,
  vehicleName: r.vehicleName,
  enteredAt: r.enteredAt.toISOString(),
  exitedAt: r.exitedAt?.toISOString() ?? null,
  chargedKwh: round3(r.chargedKwh),
  chargeCost: r.chargeCost === null ? null : roundCost(Number(r.chargeCost)),
  currency: r.currency,
  distanceMiles: round3(visitMiles(r)),
});
