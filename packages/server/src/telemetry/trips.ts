import { extendTrip, MOVING_MPH, segmentTrips, STOP_MINUTES, type Trip } from '@evfleet/domain';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { canReading, trip } from '../db/telemetry-schema.js';
import { groupByVehicle, type StoredRow } from './reading-store.js';

const STOP_MS = STOP_MINUTES * 60_000;

/**
 * Keeps each vehicle's trips current. In-order readings extend the open trip in memory (written
 * back once a second); a late reading marks its time window, which is segmented again from the
 * stored readings, so trips come out the same whatever order readings arrive in.
 */
export function createTripTracker(db: Db) {
  const open = new Map<number, { trip: Trip | null; lastTs: number }>();
  const dirtyTrips = new Map<string, { vehicleId: number; trip: Trip }>();
  const late = new Map<number, { from: number; to: number }>();

  const stateOf = async (vehicleId: number) => {
    let s = open.get(vehicleId);
    if (!s) {
      const [last] = await db
        .select()
        .from(trip)
        .where(eq(trip.vehicleId, vehicleId))
        .orderBy(desc(trip.startTs))
        .limit(1);
      s = {
        trip: last ? { start: last.startTs.getTime(), end: last.endTs.getTime() } : null,
        lastTs: last ? last.endTs.getTime() : 0,
      };
      open.set(vehicleId, s);
    }
    return s;
  };

  const resegment = async (vehicleId: number, from: number, to: number) => {
    await db.transaction(async (tx) => {
      // Widen to whole trips touching the window, so none is cut in two.
      const [bounds] = await tx
        .select({ from: sql<Date | null>`min(${trip.startTs})`, to: sql<Date | null>`max(${trip.endTs})` })
        .from(trip)
        .where(
          and(
            eq(trip.vehicleId, vehicleId),
            lte(trip.startTs, new Date(to + STOP_MS)),
            gte(trip.endTs, new Date(from - STOP_MS)),
          ),
        );
      const start = Math.min(from - STOP_MS, bounds.from ? new Date(bounds.from).getTime() : from);
      const end = Math.max(to + STOP_MS, bounds.to ? new Date(bounds.to).getTime() : to);
      const points = await tx
        .select({ ts: canReading.ts, speed: canReading.speed })
        .from(canReading)
        .where(
          and(
            eq(canReading.vehicleId, vehicleId),
            gte(canReading.ts, new Date(start)),
            lte(canReading.ts, new Date(end)),
            gte(canReading.speed, MOVING_MPH),
          ),
        )
        .orderBy(canReading.ts);
      await tx
        .delete(trip)
        .where(and(eq(trip.vehicleId, vehicleId), lte(trip.startTs, new Date(end)), gte(trip.endTs, new Date(start))));
      const trips = segmentTrips(points.map((p) => ({ ts: p.ts.getTime(), speed: p.speed })));
      if (trips.length)
        await tx
          .insert(trip)
          .values(trips.map((t) => ({ vehicleId, startTs: new Date(t.start), endTs: new Date(t.end) })))
          .onConflictDoNothing();
    });
    open.delete(vehicleId); // reloaded from the table on its next reading
  };

  let chain: Promise<void> = Promise.resolve();
  const applyBatch = async (rows: StoredRow[]) => {
    for (const [vehicleId, list] of groupByVehicle(rows)) {
      const s = await stateOf(vehicleId);
      for (const { reading } of list) {
        if (reading.ts < s.lastTs) {
          const w = late.get(vehicleId);
          late.set(vehicleId, {
            from: Math.min(w?.from ?? reading.ts, reading.ts),
            to: Math.max(w?.to ?? reading.ts, reading.ts),
          });
          continue;
        }
        s.lastTs = reading.ts;
        const speed = reading.values.speed;
        if (speed === undefined || speed < MOVING_MPH) continue;
        const { trip: next } = extendTrip(s.trip, reading.ts);
        s.trip = next;
        dirtyTrips.set(`${vehicleId}:${next.start}`, { vehicleId, trip: next });
      }
    }
  };

  return {
    /** Applies batches one after another, in commit order. */
    apply(rows: StoredRow[]): Promise<void> {
      chain = chain.then(() => applyBatch(rows));
      return chain;
    },
    idle: () => chain,
    /** Writes extended trips and re-segments windows that late readings touched. */
    async persist() {
      const trips = [...dirtyTrips.values()];
      dirtyTrips.clear();
      if (trips.length) {
        await db
          .insert(trip)
          .values(
            trips.map(({ vehicleId, trip: t }) => ({ vehicleId, startTs: new Date(t.start), endTs: new Date(t.end) })),
          )
          .onConflictDoUpdate({
            target: [trip.vehicleId, trip.startTs],
            set: { endTs: sql`greatest(${trip.endTs}, excluded.end_ts)` },
          });
      }
      const windows = [...late];
      late.clear();
      for (const [vehicleId, w] of windows) await resegment(vehicleId, w.from, w.to);
    },
  };
}
