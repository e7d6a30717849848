import {
  ENERGY_RULES,
  newTrack,
  segmentEpisodes,
  stepEpisode,
  intervalFacts,
  newIntervalFacts,
  STOP_MINUTES,
  type Episode,
  type EpisodeKind,
  type EpisodeTrack,
} from '@evfleet/domain';
import { and, asc, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import { inBatches, writeVehicleRows } from '../db/batches.js';
import type { Db } from '../db/client.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { namedColumns } from '../db/named-columns.js';
import { canReading, chargingSession, trip } from '../db/telemetry-schema.js';
import { METER_COLUMNS, meterPointOf, readingPoint, type MeterRow } from './meter-rows.js';
import { groupByVehicle, type StoredRow } from '../readings/stored-row.js';
import { refreshBatteryEstimates } from './battery-estimates.js';

const KINDS: EpisodeKind[] = ['trip', 'charge'];
/** Each reading's interval facts, written over by the next: one object, not one a reading. */
const scratchFacts = newIntervalFacts();
const TABLES = { trip, charge: chargingSession };
/** Both tables have the episode columns; Drizzle types them apart only by their names. */
type EpisodeTable = typeof trip;
const tableOf = (kind: EpisodeKind) => TABLES[kind] as EpisodeTable;
/** The longest gap either kind survives: a late reading's window is widened by it on both sides. */
const WIDEN_MS = Math.max(STOP_MINUTES, ENERGY_RULES.chargeGapMinutes) * 60_000;

/** As a raw query returns it (aliased): a time may come as a string. */
type EpisodeRow = Omit<EpisodeTable['$inferSelect'], 'startTs' | 'endTs'> & {
  startTs: Date | string;
  endTs: Date | string;
};
const episodeOf = (r: EpisodeRow): Episode => ({
  start: new Date(r.startTs).getTime(),
  end: new Date(r.endTs).getTime(),
  energyKwh: r.energyKwh,
  peakPowerKw: r.peakPowerKw,
  startCharge: r.startCharge,
  endCharge: r.endCharge,
  startOdometer: r.startOdometer,
  endOdometer: r.endOdometer,
  gpsMiles: r.gpsMiles,
  gpsLat: r.gpsLat,
  gpsLong: r.gpsLong,
});
/** The episode tables' columns with their types, as jsonRecords reads them. */
const EPISODE_FIELDS = [
  ['vehicle_id', 'int'],
  ['start_ts', 'timestamptz'],
  ['end_ts', 'timestamptz'],
  ['energy_kwh', 'float8'],
  ['peak_power_kw', 'float8'],
  ['start_charge', 'float8'],
  ['end_charge', 'float8'],
  ['start_odometer', 'float8'],
  ['end_odometer', 'float8'],
  ['gps_miles', 'float8'],
  ['gps_lat', 'float8'],
  ['gps_long', 'float8'],
];
const EPISODE_COLUMNS = sql.raw(EPISODE_FIELDS.map(([c]) => c).join(', '));
const EPISODE_RECORD = `x(${EPISODE_FIELDS.map(([c, type]) => `${c} ${type}`).join(', ')})`;
/** Everything but the key (vehicle, start). */
const EPISODE_UPDATE = sql.raw(
  EPISODE_FIELDS.slice(2)
    .map(([c]) => `${c} = excluded.${c}`)
    .join(', '),
);

/**
 * Writes episodes of one kind, a vehicle's episode keyed by its start: `update` replaces what is
 * stored (an open episode grew), `keep` leaves it (a window segmented again after its rows were
 * deleted). One JSON parameter, not a bound value per column (db/json-records.ts).
 */
const writeEpisodes = (
  q: Pick<Db, 'execute'>,
  kind: EpisodeKind,
  episodes: { vehicleId: number; episode: Episode }[],
  onConflict: 'update' | 'keep',
) =>
  q.execute(sql`
    insert into ${tableOf(kind)} (${EPISODE_COLUMNS})
    select ${EPISODE_COLUMNS}
    from ${jsonRecords(
      episodes.map(({ vehicleId, episode: e }) => ({
        vehicle_id: vehicleId,
        start_ts: isoTime(e.start),
        end_ts: isoTime(e.end),
        energy_kwh: e.energyKwh,
        peak_power_kw: e.peakPowerKw,
        start_charge: e.startCharge,
        end_charge: e.endCharge,
        start_odometer: e.startOdometer,
        end_odometer: e.endOdometer,
        gps_miles: e.gpsMiles,
        gps_lat: e.gpsLat,
        gps_long: e.gpsLong,
      })),
      EPISODE_RECORD,
    )}
    on conflict (vehicle_id, start_ts) do ${onConflict === 'keep' ? sql`nothing` : sql`update set ${EPISODE_UPDATE}`}`);

/** A vehicle met in a batch with no episodes in memory, and the time of its first reading there. */
interface FirstReading {
  vehicleId: number;
  before: number;
}

interface VehicleEpisodes {
  lastTs: number;
  tracks: Record<EpisodeKind, EpisodeTrack>;
}

/**
 * Keeps each vehicle's trips and charging sessions, with their energy and distance, current as
 * readings arrive: in-order readings step the open episodes in memory (written back once a
 * second); a late reading marks its window, which is segmented again from the stored readings, so
 * the episodes come out the same whatever order readings arrive in. A closed charging session
 * refreshes the vehicle's capacity estimate.
 */
export function createEpisodeTracker(db: Db) {
  const vehicles = new Map<number, VehicleEpisodes>();
  /** The episodes changed since the last write, by vehicle and start: no key made per reading. */
  const dirty: Record<EpisodeKind, Map<number, Map<number, Episode>>> = { trip: new Map(), charge: new Map() };
  const changed = (kind: EpisodeKind, vehicleId: number, e: Episode) => {
    let own = dirty[kind].get(vehicleId);
    if (!own) dirty[kind].set(vehicleId, (own = new Map()));
    own.set(e.start, e);
  };
  const late = new Map<number, { from: number; to: number }>();
  const chargesClosed = new Set<number>();
  let chain: Promise<void> = Promise.resolve();
  /** One piece of work at a time, in order; a failed one does not stop those after it. */
  const enqueue = (work: () => Promise<void>) => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };

  /**
   * Where vehicles met for the first time (or again, after a takeover) stood before their first
   * reading here: the reading before it, and their last episode of each kind. One query for each,
   * a lateral probe per vehicle: a query each per vehicle held a thousand vehicles' first readings
   * back 8 s in the scale test, and their states with them.
   */
  const load = async (firsts: FirstReading[]) => {
    const wanted = jsonRecords(
      firsts.map((f) => ({ vehicle_id: f.vehicleId, before: isoTime(f.before) })),
      'v(vehicle_id int, before timestamptz)',
    );
    const { rows: prevRows } = await db.execute<MeterRow & { vehicleId: number }>(sql`
      select v.vehicle_id as "vehicleId", r.* from ${wanted}
      cross join lateral (
        select ${namedColumns(METER_COLUMNS)} from ${canReading}
        where ${canReading.vehicleId} = v.vehicle_id and ${canReading.ts} < v.before
        order by ${canReading.ts} desc limit 1) r`);
    const prev = new Map(
      prevRows.map(({ vehicleId, ...r }) => [vehicleId, meterPointOf({ ...r, ts: new Date(r.ts) })]),
    );
    const last = async (kind: EpisodeKind) => {
      const table = tableOf(kind);
      const { rows } = await db.execute<EpisodeRow>(sql`
        select e.* from ${wanted}
        cross join lateral (
          select ${namedColumns(getTableColumns(table))} from ${table}
          where ${table.vehicleId} = v.vehicle_id order by ${table.startTs} desc limit 1) e`);
      return new Map(rows.map((r) => [r.vehicleId, episodeOf(r)]));
    };
    const lastOf = { trip: await last('trip'), charge: await last('charge') };
    return firsts.map(({ vehicleId }): [number, VehicleEpisodes] => {
      const p = prev.get(vehicleId) ?? null;
      const track = (kind: EpisodeKind) => ({ ...newTrack(lastOf[kind].get(vehicleId) ?? null), prev: p });
      return [vehicleId, { lastTs: p?.ts ?? 0, tracks: { trip: track('trip'), charge: track('charge') } }];
    });
  };

  const markLate = (vehicleId: number, ts: number) => {
    const w = late.get(vehicleId);
    late.set(vehicleId, { from: Math.min(w?.from ?? ts, ts), to: Math.max(w?.to ?? ts, ts) });
  };

  const applyBatch = async (rows: StoredRow[]) => {
    const groups = groupByVehicle(rows);
    const firsts: FirstReading[] = [];
    for (const [vehicleId, list] of groups)
      if (!vehicles.has(vehicleId)) firsts.push({ vehicleId, before: list[0].reading.ts });
    if (firsts.length) for (const [vehicleId, v] of await load(firsts)) vehicles.set(vehicleId, v);
    for (const [vehicleId, list] of groups) {
      const v = vehicles.get(vehicleId)!;
      for (const { reading } of list) {
        if (reading.ts <= v.lastTs) {
          markLate(vehicleId, reading.ts);
          continue;
        }
        v.lastTs = reading.ts;
        const p = readingPoint(reading);
        // Both kinds step the same readings: the interval since the last one is worked out once.
        const { trip, charge } = v.tracks;
        const facts = trip.prev && trip.prev === charge.prev ? intervalFacts(trip.prev, p, scratchFacts) : undefined;
        for (const kind of KINDS) {
          const track = v.tracks[kind];
          const before = track.open;
          const e = stepEpisode(kind, track, p, facts);
          if (kind === 'charge' && before && track.open !== before) chargesClosed.add(vehicleId);
          if (e) changed(kind, vehicleId, e);
        }
      }
    }
  };

  /** Both kinds of episode in a late reading's window, again from storage. */
  const resegment = async (vehicleId: number, from: number, to: number) => {
    await db.transaction(async (tx) => {
      // Widen to whole episodes touching the window, so none is cut in two.
      let start = from - WIDEN_MS;
      let end = to + WIDEN_MS;
      for (const kind of KINDS) {
        const table = tableOf(kind);
        const [b] = await tx
          .select({ from: sql<string | null>`min(${table.startTs})`, to: sql<string | null>`max(${table.endTs})` })
          .from(table)
          .where(
            and(
              eq(table.vehicleId, vehicleId),
              lte(table.startTs, new Date(to + WIDEN_MS)),
              gte(table.endTs, new Date(from - WIDEN_MS)),
            ),
          );
        if (b.from) start = Math.min(start, new Date(b.from).getTime());
        if (b.to) end = Math.max(end, new Date(b.to).getTime());
      }
      const points = (
        await tx
          .select(METER_COLUMNS)
          .from(canReading)
          .where(
            and(
              eq(canReading.vehicleId, vehicleId),
              gte(canReading.ts, new Date(start)),
              lte(canReading.ts, new Date(end)),
            ),
          )
          .orderBy(asc(canReading.ts))
      ).map(meterPointOf);
      for (const kind of KINDS) {
        const table = tableOf(kind);
        await tx
          .delete(table)
          .where(
            and(eq(table.vehicleId, vehicleId), lte(table.startTs, new Date(end)), gte(table.endTs, new Date(start))),
          );
        await inBatches(
          segmentEpisodes(kind, points).map((episode) => ({ vehicleId, episode })),
          (episodes) => writeEpisodes(tx, kind, episodes, 'keep'),
        );
      }
    });
    vehicles.delete(vehicleId); // reloaded from storage on its next reading
    chargesClosed.add(vehicleId);
  };

  const writeDirty = async () => {
    for (const kind of KINDS) {
      const episodes = [...dirty[kind]].flatMap(([vehicleId, own]) =>
        [...own.values()].map((episode) => ({ vehicleId, episode })),
      );
      dirty[kind].clear();
      if (!episodes.length) continue;
      // A failure keeps the episodes not yet written for the next persist (an episode is one object
      // that grows: the one kept is current).
      await writeVehicleRows(
        episodes,
        (batch) => writeEpisodes(db, kind, batch, 'update'),
        (unwritten) => unwritten.forEach(({ vehicleId, episode }) => changed(kind, vehicleId, episode)),
      );
    }
  };

  return {
    /** Applies batches one after another, in commit order. */
    apply: (rows: StoredRow[]) => enqueue(() => applyBatch(rows)),
    idle: () => chain,
    /** Readings changed or removed by hand: their window is segmented again at the next persist. */
    recompute(vehicleId: number, timestamps: number[]) {
      for (const ts of timestamps) markLate(vehicleId, ts);
    },
    /**
     * Vehicles whose readings this instance takes over: their episodes touching [from, to] are
     * segmented again from storage, and what memory held of them (maybe stale) is dropped.
     */
    rebuild: (windows: { vehicleId: number; from: number; to: number }[]) =>
      enqueue(async () => {
        for (const { vehicleId, from, to } of windows) {
          for (const kind of KINDS) dirty[kind].delete(vehicleId);
          late.delete(vehicleId);
          vehicles.delete(vehicleId);
          await resegment(vehicleId, from, to);
        }
      }),
    /** Writes changed episodes, re-segments windows that late readings touched, refreshes capacity estimates. */
    persist: () =>
      enqueue(async () => {
        await writeDirty();
        const windows = [...late];
        late.clear();
        for (const [vehicleId, w] of windows) await resegment(vehicleId, w.from, w.to);
        const closed = [...chargesClosed];
        chargesClosed.clear();
        if (closed.length) await refreshBatteryEstimates(db, closed);
      }),
  };
}
export type EpisodeTracker = ReturnType<typeof createEpisodeTracker>;
