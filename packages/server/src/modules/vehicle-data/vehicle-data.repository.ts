import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { canReading, trip, vehicleState, warningLog } from '../../db/telemetry-schema.js';
import { window } from '../people/listing.js';
import type { PageQuery, Severity } from '@evfleet/domain';

const withState = {
  id: vehicle.id,
  name: vehicle.name,
  vin: vehicle.vin,
  timeZone: vehicle.timeZone,
  fleetId: vehicle.fleetId,
  attributes: vehicle.attributes,
  values: vehicleState.values,
  cells: vehicleState.cells,
  lastReported: vehicleState.lastReported,
  canLastReported: vehicleState.canLastReported,
  gpsLastReported: vehicleState.gpsLastReported,
  lastChargedAt: vehicleState.lastChargedAt,
};
export type VehicleWithState = Awaited<ReturnType<typeof vehicleDataRepository.withState>>[number];

export const vehicleDataRepository = {
  /** Visible vehicles with their current state (left join: a silent vehicle has none). */
  withState: (db: Db, where: SQL | undefined) =>
    db.select(withState).from(vehicle).leftJoin(vehicleState, eq(vehicleState.vehicleId, vehicle.id)).where(where).orderBy(asc(vehicle.id)),

  one: async (db: Db, where: SQL) => (await vehicleDataRepository.withState(db, where))[0],

  /** One page of the uncleared log, newest first; `types` keeps only those types. */
  warningLogs: async (db: Db, vehicleId: number, page: PageQuery, types?: Severity[]) => {
    const where = and(eq(warningLog.vehicleId, vehicleId), eq(warningLog.cleared, false), types ? inArray(warningLog.type, types) : undefined);
    const { limit, offset } = window(page);
    const [rows, [{ count }]] = await Promise.all([
      db.select().from(warningLog).where(where).orderBy(desc(warningLog.date), desc(warningLog.id)).limit(limit).offset(offset),
      db.select({ count: sql<number>`count(*)::int` }).from(warningLog).where(where),
    ]);
    return { rows, total: count };
  },

  allWarningLogs: (db: Db, vehicleId: number) =>
    db.select().from(warningLog).where(and(eq(warningLog.vehicleId, vehicleId), eq(warningLog.cleared, false))).orderBy(desc(warningLog.date), desc(warningLog.id)),

  clearWarningLogs: (db: Db, vehicleId: number) => db.update(warningLog).set({ cleared: true, updated: new Date() }).where(eq(warningLog.vehicleId, vehicleId)),

  tripsBetween: (db: Db, vehicleId: number, from: Date, to: Date) =>
    db.select({ start: trip.startTs, end: trip.endTs }).from(trip).where(and(eq(trip.vehicleId, vehicleId), lte(trip.startTs, to), gte(trip.endTs, from))).orderBy(asc(trip.startTs)),

  route: (db: Db, vehicleId: number, from: Date, to: Date) =>
    db
      .select({ ts: canReading.ts, lat: canReading.gpsLat, lng: canReading.gpsLong, speed: canReading.speed, heading: canReading.heading })
      .from(canReading)
      .where(and(eq(canReading.vehicleId, vehicleId), gte(canReading.ts, from), lte(canReading.ts, to), sql`${canReading.gpsLat} is not null and ${canReading.gpsLong} is not null`))
      .orderBy(asc(canReading.ts)),
};
