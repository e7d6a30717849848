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
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { inBatches } from '../db/batches.js';
import type { Db } from '../db/client.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { canReading, chargingSession, trip } from '../db/telemetry-schema.js';
import { METER_COLUMNS, meterPointOf, readingPoint } from './meter-rows.js';
import { groupByVehicle, type StoredRow } from './reading-store.js';
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

type EpisodeRow = EpisodeTable['$inferSelect'];
const episodeOf = (r: EpisodeRow): Episode => ({
  start: r.startTs.getTime(),
  end: r.endTs.getTime(),
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

  /** The last episode of each kind and the reading before `before`: where a vehicle stood. */
  const load = async (vehicleId: number, before: number): Promise<VehicleEpisodes> => {
    const [prev] = await db
      .select(METER_COLUMNS)
      .from(canReading)
      .where(and(eq(canReading.vehicleId, vehicleId), sql`${canReading.ts} < ${new Date(before)}`))
      .orderBy(sql`${canReading.ts} desc`)
      .limit(1);
    const prevPoint = prev ? meterPointOf(prev) : null;
    const track = async (kind: EpisodeKind) => {
      const table = tableOf(kind);
      const [last] = await db
        .select()
        .from(table)
        .where(eq(table.vehicleId, vehicleId))
        .orderBy(sql`${table.startTs} desc`)
        .limit(1);
      const t = newTrack(last ? episodeOf(last) : null);
      t.prev = prevPoint;
      return t;
    };
    return { lastTs: prevPoint?.ts ?? 0, tracks: { trip: await track('trip'), charge: await track('charge') } };
  };

  const markLate = (vehicleId: number, ts: number) => {
    const w = late.get(vehicleId);
    late.set(vehicleId, { from: Math.min(w?.from ?? ts, ts), to: Math.max(w?.to ?? ts, ts) });
  };

  const applyBatch = async (rows: StoredRow[]) => {
    for (const [vehicleId, list] of groupByVehicle(rows)) {
      let v = vehicles.get(vehicleId);
      if (!v) vehicles.set(vehicleId, (v = await load(vehicleId, list[0].reading.ts)));
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
      await inBatches(episodes, (batch) => writeEpisodes(db, kind, batch, 'update'));
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
