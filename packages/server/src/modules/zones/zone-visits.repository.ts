import { type Period } from '@evfleet/domain';
import { and, asc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { chargingSession } from '../../db/telemetry-schema.js';
import { zone, zoneVisit } from '../../db/zones-schema.js';

/** A sum over the charging sessions a visit holds: of its vehicle, in its zone, begun while it lasted. */
const charged = (what: SQL) => sql`(
  select ${what} from ${chargingSession}
  where ${chargingSession.vehicleId} = ${zoneVisit.vehicleId} and ${chargingSession.zoneId} = ${zoneVisit.zoneId}
    and ${chargingSession.startTs} >= ${zoneVisit.enteredAt}
    and (${zoneVisit.exitedAt} is null or ${chargingSession.startTs} < ${zoneVisit.exitedAt}))`;

/**
 * Visits touching a period (begun before its end, not ended before its start), with their zone,
 * vehicle and charging, oldest first. `where` narrows them to a vehicle or a zone the caller may see.
 */
export const visitsBetween = (db: Db, where: SQL, { from, to }: Period) =>
  db
    .select({
      zoneId: zoneVisit.zoneId,
      zoneName: zone.name,
      kind: zone.kind,
      vehicleId: zoneVisit.vehicleId,
      vehicleName: vehicle.name,
      enteredAt: zoneVisit.enteredAt,
      exitedAt: zoneVisit.exitedAt,
      startOdometer: zoneVisit.startOdometer,
      endOdometer: zoneVisit.endOdometer,
      gpsMiles: zoneVisit.gpsMiles,
      chargedKwh: sql<number>`${charged(sql`coalesce(sum(${chargingSession.energyKwh}), 0)`)}`.mapWith(Number),
      chargeCost: sql<number | null>`${charged(sql`sum(${chargingSession.cost})`)}`,
      currency: sql<string | null>`${charged(sql`min(${chargingSession.currency})`)}`,
    })
    .from(zoneVisit)
    .innerJoin(zone, eq(zone.id, zoneVisit.zoneId))
    .innerJoin(vehicle, eq(vehicle.id, zoneVisit.vehicleId))
    .where(
      and(
        where,
        lte(zoneVisit.enteredAt, new Date(to)),
        or(isNull(zoneVisit.exitedAt), gte(zoneVisit.exitedAt, new Date(from))),
      ),
    )
    .orderBy(asc(zoneVisit.enteredAt), asc(zoneVisit.vehicleId));
export type VisitRow = Awaited<ReturnType<typeof visitsBetween>>[number];
