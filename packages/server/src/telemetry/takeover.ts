import { inArray, sql } from 'drizzle-orm';
import type { AlertEngine } from '../alerts/alert-engine.js';
import type { Db } from '../db/client.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { READING_COLUMNS, readingsOf } from '../db/reading-history.js';
import { vehicleState } from '../db/telemetry-schema.js';
import type { EpisodeTracker } from './episodes.js';
import { SIGNAL_COLUMNS } from './reading-store.js';
import { type StoredRow } from '../readings/stored-row.js';
import type { VehicleStates } from './vehicle-states.js';
import type { VisitTracker } from './visits/visits.js';

/** A vehicle's stored readings that are taken over: from its last written state to its newest reading. */
export interface TakeoverWindow {
  vehicleId: number;
  from: number;
  to: number;
}

/**
 * Rebuilds from the database what an instance keeps in memory of vehicles whose readings it takes
 * over (their partition came to it: at start, or from an instance that died or let go). The previous
 * holder may have died between storing readings, acknowledged, and following them up (state, trips,
 * alerts), and this instance's own memory of the vehicle may be from an earlier turn. So, before the
 * vehicle's next reading is stored: the live state is reloaded and the readings since it was written
 * applied again, alerts are evaluated again from their stored state (nothing recorded twice), trips,
 * charging sessions and zone visits from that point are decided again from storage, and `rebuilt` (the
 * dashboard's daily figures) gets the windows. Calls made while one rebuild runs share the next.
 */
export function createTakeover(deps: {
  db: Db;
  states: VehicleStates;
  episodes: EpisodeTracker;
  visits: VisitTracker;
  alerts: AlertEngine;
  rebuilt?: (windows: TakeoverWindow[]) => Promise<void>;
}) {
  let chain: Promise<void> = Promise.resolve();
  let gathering: { ids: Set<number>; done: Promise<void> } | null = null;

  const rebuild = async (ids: number[]) => {
    const written = new Map(
      (
        await deps.db
          .select({ vehicleId: vehicleState.vehicleId, lastReported: vehicleState.lastReported })
          .from(vehicleState)
          .where(inArray(vehicleState.vehicleId, ids))
      ).map((r) => [r.vehicleId, r.lastReported?.getTime() ?? null]),
    );
    const since = ids.map((id) => ({ vehicleId: id, from: written.get(id) ?? null }));
    const rows = await readingsSince(deps.db, since);
    const windows = new Map<number, TakeoverWindow>();
    for (const { vehicleId, reading } of rows) {
      const w = windows.get(vehicleId);
      if (w) w.to = reading.ts;
      else windows.set(vehicleId, { vehicleId, from: written.get(vehicleId) ?? reading.ts, to: reading.ts });
    }
    await deps.states.forget(ids);
    await deps.states.apply(rows);
    await deps.alerts.replay(ids, rows);
    const changed = [...windows.values()].filter((w) => w.to >= w.from);
    await deps.episodes.rebuild(changed);
    await deps.visits.rebuild(changed);
    await deps.rebuilt?.(changed);
  };

  return function takeOver(vehicleId: number): Promise<void> {
    if (!gathering) {
      const ids = new Set<number>();
      const done = chain.then(() => {
        gathering = null;
        return rebuild([...ids]);
      });
      chain = done.catch(() => undefined);
      gathering = { ids, done };
    }
    gathering.ids.add(vehicleId);
    return gathering.done;
  };
}

const SELECT_COLUMNS = READING_COLUMNS.map((c) => sql.identifier(c));

/** The vehicles' stored readings from `from` on (all of them when null), in order per vehicle. */
async function readingsSince(db: Db, since: { vehicleId: number; from: number | null }[]): Promise<StoredRow[]> {
  if (!since.length) return [];
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select ${sql.join(
      SELECT_COLUMNS.map((c) => sql`r.${c}`),
      sql`, `,
    )}
    from ${jsonRecords(
      since.map((s) => ({ vehicle_id: s.vehicleId, since: isoTime(s.from) })),
      'v(vehicle_id int, since timestamptz)',
    )}
    cross join lateral (select * from ${readingsOf(sql`v.vehicle_id`, sql`coalesce(v.since, '-infinity')`, sql`'infinity'`)}) r
    order by r.vehicle_id, r.ts`);
  return rows.map((r) => {
    const values = SIGNAL_COLUMNS.map((column) => {
      const v = r[column];
      return v === null || v === undefined ? NaN : Number(v);
    });
    return {
      vehicleId: Number(r.vehicle_id),
      reading: {
        ts: new Date(r.ts as string | Date).getTime(),
        values,
        cells: (r.cells as number[] | null) ?? null,
        extra: (r.extra as Record<string, number> | null) ?? null,
      },
    };
  });
}
