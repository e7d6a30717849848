import { type Period } from '@evfleet/domain';
import { and, asc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { chargingSession } from '../../db/telemetry-schema.js';
import { zone, zoneVisit } from '../../db/zones-schema.js';

/**
 * Visits touching a period (begun before its end, not ended before its start), with their zone,
 * vehicle and charging, oldest first. `where` narrows them to a vehicle or a zone the caller may see.
 */
export const visitsBetween = (db: Db, where: SQL, { from, to }: Period) => {
  // The charging sessions a visit holds: of its vehicle, in its zone, begun while it lasted; one
  // probe of charging_session's key a visit.
  const charged = db
    .select({
      kwh: sql<number>`coalesce(sum(${chargingSession.energyKwh}), 0)`.as('kwh'),
      cost: sql<number | null>`sum(${chargingSession.cost})`.as('cost'),
      currency: sql<string | null>`min(${chargingSession.currency})`.as('currency'),
    })
    .from(chargingSession)
    .where(
      and(
        eq(chargingSession.vehicleId, zoneVisit.vehicleId),
        eq(chargingSession.zoneId, zoneVisit.zoneId),
        gte(chargingSession.startTs, zoneVisit.enteredAt),
        or(isNull(zoneVisit.exitedAt), lt(chargingSession.startTs, zoneVisit.exitedAt)),
      ),
    )
    .as('c');
  return db
    .select({
      zoneId: zoneVisit.zoneId,
      zoneName: zone.name,
      kind: zone.kind,
      vehicleId: zoneVisit.vehicleId,
      vehicleName: vehicle.name,
      vehicleFleetId: vehicle.fleetId,
      enteredAt: zoneVisit.enteredAt,
      exitedAt: zoneVisit.exitedAt,
      startOdometer: zoneVisit.startOdometer,
      endOdometer: zoneVisit.endOdometer,
      gpsMiles: zoneVisit.gpsMiles,
      chargedKwh: sql<number>`${charged.kwh}`.mapWith(Number),
      chargeCost: sql<number | null>`${charged.cost}`,
      currency: charged.currency,
    })
    .from(zoneVisit)
    .innerJoin(zone, eq(zone.id, zoneVisit.zoneId))
    .innerJoin(vehicle, eq(vehicle.id, zoneVisit.vehicleId))
    .leftJoinLateral(charged, sql`true`)
    .where(
      and(
        where,
        lte(zoneVisit.enteredAt, new Date(to)),
        or(isNull(zoneVisit.exitedAt), gte(zoneVisit.exitedAt, new Date(from))),
      ),
    )
    .orderBy(asc(zoneVisit.enteredAt), asc(zoneVisit.vehicleId));
};
export type VisitRow = Awaited<ReturnType<typeof visitsBetween>>[number];
