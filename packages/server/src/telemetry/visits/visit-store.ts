import { readingsOf } from '../../db/reading-history.js';
import type { VisitPoint, ZoneVisit } from '@evfleet/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull, max, or, sql } from 'drizzle-orm';
import { inBatches } from '../../db/batches.js';
import type { Db, Queryable } from '../../db/client.js';
import { isoTime, jsonRecords } from '../../db/json-records.js';
import { canReading } from '../../db/telemetry-schema.js';
import { zoneVisit } from '../../db/zones-schema.js';

/** The stored visits (zone_visit) of the visit tracker (visits.ts). */

/** A vehicle's visit, as it is written. */
export interface VehicleVisit {
  vehicleId: number;
  visit: ZoneVisit;
}

const FIELDS = [
  ['vehicle_id', 'int'],
  ['zone_id', 'int'],
  ['entered_at', 'timestamptz'],
  ['exited_at', 'timestamptz'],
  ['start_odometer', 'float8'],
  ['end_odometer', 'float8'],
  ['gps_miles', 'float8'],
  ['last_ts', 'timestamptz'],
];
const COLUMNS = sql.raw(FIELDS.map(([c]) => c).join(', '));
const RECORD = `x(${FIELDS.map(([c, type]) => `${c} ${type}`).join(', ')})`;
const UPDATE = sql.raw(
  FIELDS.slice(3)
    .map(([c]) => `${c} = excluded.${c}`)
    .join(', '),
);

/**
 * Writes visits, a vehicle's visit of a zone keyed by when it began. The zone may be gone by now
 * (deleted since the reading): such a visit is not written.
 */
export const writeVisits = (q: Queryable, visits: VehicleVisit[]) =>
  q.execute(sql`
    insert into ${zoneVisit} (${COLUMNS})
    select ${COLUMNS}
    from ${jsonRecords(
      visits.map(({ vehicleId, visit: v }) => ({
        vehicle_id: vehicleId,
        zone_id: v.zoneId,
        entered_at: isoTime(v.enteredAt),
        exited_at: isoTime(v.exitedAt),
        start_odometer: v.startOdometer,
        end_odometer: v.endOdometer,
        gps_miles: v.gpsMiles,
        last_ts: isoTime(v.lastTs),
      })),
      RECORD,
    )}
    where exists (select 1 from zone where zone.id = x.zone_id)
    on conflict (vehicle_id, entered_at, zone_id) do update set ${UPDATE}`);

const visitOf = (r: typeof zoneVisit.$inferSelect): ZoneVisit => ({
  zoneId: r.zoneId,
  enteredAt: r.enteredAt.getTime(),
  exitedAt: r.exitedAt?.getTime() ?? null,
  startOdometer: r.startOdometer,
  endOdometer: r.endOdometer,
  gpsMiles: r.gpsMiles,
  lastTs: r.lastTs.getTime(),
});

/** Where vehicles stand: their open visits, and the time of the last reading their visits took. */
export async function loadOpenVisits(
  db: Db,
  vehicleIds: number[],
): Promise<Map<number, { open: ZoneVisit[]; lastTs: number }>> {
  const stands = new Map(vehicleIds.map((id) => [id, { open: [] as ZoneVisit[], lastTs: 0 }]));
  const open = await db
    .select()
    .from(zoneVisit)
    .where(and(inArray(zoneVisit.vehicleId, vehicleIds), isNull(zoneVisit.exitedAt)));
  for (const r of open) {
    const stand = stands.get(r.vehicleId)!;
    stand.open.push(visitOf(r));
    stand.lastTs = Math.max(stand.lastTs, r.lastTs.getTime());
  }
  const closed = await db
    .select({ vehicleId: zoneVisit.vehicleId, at: max(zoneVisit.exitedAt) })
    .from(zoneVisit)
    .where(and(inArray(zoneVisit.vehicleId, vehicleIds), isNotNull(zoneVisit.exitedAt)))
    .groupBy(zoneVisit.vehicleId);
  for (const { vehicleId, at } of closed) {
    const stand = stands.get(vehicleId)!;
    if (at) stand.lastTs = Math.max(stand.lastTs, new Date(at).getTime());
  }
  return stands;
}

/**
 * A vehicle's visits from a late reading's window on, decided again from its stored readings:
 * from where the vehicle stood outside every zone (before the earliest visit the window touches,
 * and a dwell before the window) to its newest reading. Returns the readings with a position, for
 * the caller to decide with, and writes what `decide` makes of them in place of what was stored,
 * then runs `written` in the same transaction.
 */
export async function redecideVisits(
  db: Db,
  vehicleId: number,
  from: number,
  decide: (points: VisitPoint[]) => ZoneVisit[],
  written?: (tx: Pick<Queryable, 'execute'>) => Promise<void>,
): Promise<VisitPoint[]> {
  return db.transaction(async (tx) => {
    const [touched] = await tx
      .select({ start: sql<string | null>`min(${zoneVisit.enteredAt})` })
      .from(zoneVisit)
      .where(
        and(
          eq(zoneVisit.vehicleId, vehicleId),
          or(isNull(zoneVisit.exitedAt), gte(zoneVisit.exitedAt, new Date(from))),
        ),
      );
    const start = Math.min(from, touched.start ? new Date(touched.start).getTime() : from);
    const columns = {
      ts: canReading.ts,
      lat: canReading.gpsLat,
      lng: canReading.gpsLong,
      speed: canReading.speed,
      odometer: canReading.odometer,
    };
    const points = (
      await tx
        .select(columns)
        .from(readingsOf(vehicleId, new Date(start), sql`'infinity'`, columns))
        .where(and(isNotNull(canReading.gpsLat), isNotNull(canReading.gpsLong)))
        .orderBy(asc(canReading.ts))
    ).map((r) => ({ ...r, ts: r.ts.getTime(), lat: r.lat!, lng: r.lng! }));
    await tx
      .delete(zoneVisit)
      .where(and(eq(zoneVisit.vehicleId, vehicleId), gte(zoneVisit.enteredAt, new Date(start))));
    await inBatches(
      decide(points).map((visit) => ({ vehicleId, visit })),
      (visits) => writeVisits(tx, visits),
    );
    await written?.(tx);
    return points;
  });
}
