import { firstReadingAfter, lastReadingBefore, readingsOf } from '../db/reading-history.js';
import {
  ENERGY_RULES,
  segmentEpisodes,
  STOP_MINUTES,
  type Episode,
  type EpisodeKind,
  type MeterPoint,
} from '@evfleet/domain';
import { and, asc, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import { inBatches } from '../db/batches.js';
import type { Db, Queryable } from '../db/client.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { namedColumns } from '../db/named-columns.js';
import { canReading, chargingSession, trip } from '../db/telemetry-schema.js';
import { ENERGY_COLUMNS, meterPointOf, type MeterRow } from './meter-rows.js';

/** The stored trips and charging sessions (trip, charging_session) of the episode tracker (episodes.ts). */

export const KINDS: EpisodeKind[] = ['trip', 'charge'];
const TABLES = { trip, charge: chargingSession };
/** Both tables have the episode columns; Drizzle types them apart only by their names. */
type EpisodeTable = typeof trip;
const tableOf = (kind: EpisodeKind) => TABLES[kind] as EpisodeTable;
/** The longest gap either kind survives: a late reading's window is widened by it on both sides. */
const WIDEN_MS = Math.max(STOP_MINUTES, ENERGY_RULES.chargeGapMinutes) * 60_000;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** As a raw query returns it (aliased): a time may come as a string. */
type EpisodeRow = Omit<EpisodeTable['$inferSelect'], 'startTs' | 'endTs'> & {
  startTs: Date | string;
  endTs: Date | string;
};
export const episodeOf = (r: EpisodeRow): Episode => ({
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
/** Everything but the key (vehicle, start); a charging session that grew is priced again once it closes (charge-costs.ts). */
const EPISODE_UPDATE = {
  trip: sql.raw(
    EPISODE_FIELDS.slice(2)
      .map(([c]) => `${c} = excluded.${c}`)
      .join(', '),
  ),
  charge: sql.raw([...EPISODE_FIELDS.slice(2).map(([c]) => `${c} = excluded.${c}`), 'priced_at = null'].join(', ')),
};

/** A vehicle's episode, as it is written. */
export interface VehicleEpisode {
  vehicleId: number;
  episode: Episode;
}

/**
 * Writes episodes of one kind, a vehicle's episode keyed by its start: `update` replaces what is
 * stored (an open episode grew), `keep` leaves it (a window segmented again after its rows were
 * deleted). One JSON parameter, not a bound value per column (db/json-records.ts).
 */
export const writeEpisodes = (
  q: Pick<Db, 'execute'>,
  kind: EpisodeKind,
  episodes: VehicleEpisode[],
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
    on conflict (vehicle_id, start_ts) do ${onConflict === 'keep' ? sql`nothing` : sql`update set ${EPISODE_UPDATE[kind]}`}`);

/** A vehicle met in a batch with no episodes in memory, and the time of its first reading there. */
export interface FirstReading {
  vehicleId: number;
  before: number;
}

/** Where a vehicle stood before its first reading here: the reading before it, its last episode of each kind. */
export interface VehicleStart {
  vehicleId: number;
  prev: MeterPoint | null;
  last: Record<EpisodeKind, Episode | null>;
}

/**
 * Where vehicles met for the first time (or again, after a takeover) stood before their first
 * reading here: the reading before it, and their last episode of each kind. One query for each,
 * a lateral probe per vehicle: a query each per vehicle held a thousand vehicles' first readings
 * back 8 s under the scale test's load, and their states with them.
 */
export async function loadStarts(db: Db, firsts: FirstReading[]): Promise<VehicleStart[]> {
  const wanted = jsonRecords(
    firsts.map((f) => ({ vehicle_id: f.vehicleId, before: isoTime(f.before) })),
    'v(vehicle_id int, before timestamptz)',
  );
  const { rows: prevRows } = await db.execute<MeterRow & { vehicleId: number }>(sql`
    select v.vehicle_id as "vehicleId", r.* from ${wanted}
    cross join lateral (
      select ${namedColumns(ENERGY_COLUMNS)} from ${lastReadingBefore(sql`v.vehicle_id`, sql`v.before`, { picked: ENERGY_COLUMNS })}) r`);
  const prev = new Map(prevRows.map(({ vehicleId, ...r }) => [vehicleId, meterPointOf({ ...r, ts: new Date(r.ts) })]));
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
  return firsts.map(({ vehicleId }) => ({
    vehicleId,
    prev: prev.get(vehicleId) ?? null,
    last: { trip: lastOf.trip.get(vehicleId) ?? null, charge: lastOf.charge.get(vehicleId) ?? null },
  }));
}

/** The window [from, to] widened to whole episodes touching it, so none is cut in two. */
async function widened(tx: Tx, vehicleId: number, from: number, to: number) {
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
  return { start, end };
}

/**
 * Both kinds of episode in a late reading's window, segmented again from the stored readings. The
 * reading after the window closes the last interval an episode's last reading opened. `tripsClosed`
 * gets the trips a reading from `from` to `to` closed, in the transaction that writes them.
 */
export async function resegmentWindow(
  db: Db,
  vehicleId: number,
  from: number,
  to: number,
  tripsClosed?: (tx: Pick<Queryable, 'execute'>, trips: Episode[]) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const { start, end } = await widened(tx, vehicleId, from, to);
    const points = [
      ...(await tx
        .select(ENERGY_COLUMNS)
        .from(readingsOf(vehicleId, new Date(start), new Date(end), ENERGY_COLUMNS))
        .orderBy(asc(canReading.ts))),
      ...(await tx.select(ENERGY_COLUMNS).from(firstReadingAfter(vehicleId, new Date(end), ENERGY_COLUMNS))),
    ].map(meterPointOf);
    for (const kind of KINDS) {
      const table = tableOf(kind);
      await tx
        .delete(table)
        .where(
          and(eq(table.vehicleId, vehicleId), lte(table.startTs, new Date(end)), gte(table.endTs, new Date(start))),
        );
      const closed: Episode[] = [];
      await inBatches(
        segmentEpisodes(kind, points, (episode, at) => {
          if (at >= from && at <= to) closed.push(episode);
        })
          .filter((episode) => episode.start <= end)
          .map((episode) => ({ vehicleId, episode })),
        (episodes) => writeEpisodes(tx, kind, episodes, 'keep'),
      );
      if (kind === 'trip' && closed.length) await tripsClosed?.(tx, closed);
    }
  });
}
