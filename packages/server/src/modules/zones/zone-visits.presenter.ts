import { roundCost, visitMiles, type ZoneVisitRow } from '@evfleet/domain';
import type { VisitRow } from './zone-visits.repository.js';

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Exactly the fields of a visit that leave the server; `withheld` blanks its charging (the CAN details toggle). */
export const toZoneVisit = (r: VisitRow, withheld = false): ZoneVisitRow => ({
  zoneId: r.zoneId,
  zoneName: r.zoneName,
  kind: r.kind,
  vehicleId: r.vehicleId,
  vehicleName: r.vehicleName,
  enteredAt: r.enteredAt.toISOString(),
  exitedAt: r.exitedAt?.toISOString() ?? null,
  chargedKwh: withheld ? null : round3(r.chargedKwh),
  chargeCost: withheld || r.chargeCost === null ? null : roundCost(Number(r.chargeCost)),
  currency: withheld ? null : r.currency,
  distanceMiles: round3(visitMiles(r)),
});
