import { CHART_SIGNALS } from '@evfleet/domain';
import { lt, sql, type SQL } from 'drizzle-orm';
import { compactionCutoff } from './compaction/history-compaction.js';
import { lockVehicleHistory } from './compaction/history-lock.js';
import type { Db } from '../db/client.js';
import { writeVehicleRows } from '../db/batches.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { canReading, signalMinute } from '../db/telemetry-schema.js';
import { SIGNAL_INDEX } from '../readings/reading.js';
import type { StoredRow } from '../readings/stored-row.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Each chart signal's place in a reading's values. */
const CHART_PLACES = CHART_SIGNALS.map((k) => SIGNAL_INDEX[k]);

/**
 * One vehicle's minute. Its extremes are unboxed doubles, +Infinity and -Infinity where the minute
 * has no value of the signal yet: each reading compares every chart signal, and in an array that
 * also holds nulls every number is a heap object to read, and each new extreme one to allocate.
 */
interface Minute {
  vehicleId: number;
  minute: number;
  readings: number;
  low: Float64Array;
  high: Float64Array;
}
const newMinute = (vehicleId: number, minute: number): Minute => ({
  vehicleId,
  minute,
  readings: 0,
  low: new Float64Array(CHART_SIGNALS.length).fill(Number.POSITIVE_INFINITY),
  high: new Float64Array(CHART_SIGNALS.length).fill(Number.NEGATIVE_INFINITY),
});
/** A minute's extremes as stored: null for a signal without a value. */
const storedExtremes = (extremes: Float64Array) => Array.from(extremes, (v) => (Number.isFinite(v) ? v : null));

/** Element-wise least/greatest of two arrays of the chart signals, in order (nulls give way). */
const merge = (fn: 'least' | 'greatest', stored: typeof signalMinute.low | typeof signalMinute.high) =>
  sql`array(select ${sql.raw(fn)}(a, b) from unnest(${stored}, excluded.${sql.identifier(stored.name)}) with ordinality as u(a, b, i) order by i)`;

/**
 * The minutes of [from, to) again from the hot readings, or of them only the minutes `only` (their
 * starts, in Unix ms): after readings were changed or removed by hand, for readings late enough
 * that compaction may take their day meanwhile, or for readings stored without the pipeline (a bulk
 * load). signal_minute summarizes the hot readings alone: a compacted day keeps its own minutes.
 */
export async function rebuildMinutes(db: Db, vehicleId: number, from: number, to: number, only?: number[]) {
  const extremes = (fn: 'min' | 'max') =>
    sql`array[${sql.join(
      CHART_SIGNALS.map((k) => sql`${sql.raw(fn)}(${canReading[k]})`),
      sql`, `,
    )}]::float8[]`;
  const listed = (minute: SQL) =>
    only
      ? sql`and ${minute} = any(${`{${only.map((m) => new Date(m).toISOString()).join(',')}}`}::timestamptz[])`
      : sql``;
  await db.transaction(async (tx) => {
    await lockVehicleHistory(tx, vehicleId);
    await tx.execute(sql`delete from ${signalMinute} where ${signalMinute.vehicleId} = ${vehicleId}
      and ${signalMinute.minute} >= ${new Date(from)} and ${signalMinute.minute} < ${new Date(to)} ${listed(sql`${signalMinute.minute}`)}`);
    await tx.execute(sql`
      insert into ${signalMinute} (vehicle_id, minute, readings, low, high)
      select ${vehicleId}, date_trunc('minute', ${canReading.ts}), count(*), ${extremes('min')}, ${extremes('max')}
      from ${canReading}
      where ${canReading.vehicleId} = ${vehicleId} and ${canReading.ts} >= ${new Date(from)} and ${canReading.ts} < ${new Date(to)}
        ${listed(sql`date_trunc('minute', ${canReading.ts})`)}
      group by 2`);
  });
}

/**
 * Keeps each signal's lowest and highest value per vehicle and minute (signal_minute), the charts'
 * summary of long periods. Per reading it is a few comparisons in memory; the minutes are written
 * once a second. Lowest and highest do not depend on the order readings arrive in, so late
 * readings merge like any other; readings changed or removed by hand have their minutes rebuilt,
 * and so do readings of a day the compaction of the `hotDays` window may take before their minute
 * is written: merged after it, the minute would count again what the compacted day holds.
 */
export function createSignalMinutes(db: Db, { hotDays }: { hotDays: number }) {
  // Keyed by vehicle and minute number as one number: no strings per reading.
  const pending = new Map<number, Minute>();
  /** Each vehicle's minutes to rebuild at the next persist (their starts). */
  const rebuild = new Map<number, Set<number>>();
  const toRebuild = (vehicleId: number, minute: number) => {
    const minutes = rebuild.get(vehicleId);
    if (minutes) minutes.add(minute);
    else rebuild.set(vehicleId, new Set([minute]));
  };
  const keyOf = (vehicleId: number, minute: number) => vehicleId * 1e8 + minute / MINUTE_MS;

  const upsert = (minutes: Minute[]) =>
    db.execute(sql`
      insert into ${signalMinute} (vehicle_id, minute, readings, low, high)
      select x.vehicle_id, x.minute, x.readings, x.low, x.high
      from ${jsonRecords(
        minutes.map((m) => ({
          vehicle_id: m.vehicleId,
          minute: isoTime(m.minute),
          readings: m.readings,
          low: storedExtremes(m.low),
          high: storedExtremes(m.high),
        })),
        'x(vehicle_id int, minute timestamptz, readings int, low float8[], high float8[])',
      )}
      on conflict (vehicle_id, minute) do update set readings = ${signalMinute.readings} + excluded.readings,
        low = ${merge('least', signalMinute.low)}, high = ${merge('greatest', signalMinute.high)}`);

  const requeue = (m: Minute) => {
    const key = keyOf(m.vehicleId, m.minute);
    const newer = pending.get(key);
    if (!newer) return void pending.set(key, m);
    newer.readings += m.readings;
    for (let i = 0; i < CHART_SIGNALS.length; i++) {
      if (m.low[i] < newer.low[i]) newer.low[i] = m.low[i];
      if (m.high[i] > newer.high[i]) newer.high[i] = m.high[i];
    }
  };

  return {
    apply(rows: StoredRow[]) {
      // Compaction may take a day before this one before the next persist (one a day late at most).
      const compactable = compactionCutoff(Date.now(), hotDays) + DAY_MS;
      for (const { vehicleId, reading } of rows) {
        const minute = Math.floor(reading.ts / MINUTE_MS) * MINUTE_MS;
        if (minute < compactable) {
          toRebuild(vehicleId, minute);
          continue;
        }
        const key = keyOf(vehicleId, minute);
        let m = pending.get(key);
        if (!m) pending.set(key, (m = newMinute(vehicleId, minute)));
        m.readings++;
        const { low, high } = m;
        // A signal the reading lacks is NaN, which no comparison takes.
        for (let i = 0; i < CHART_SIGNALS.length; i++) {
          const v = reading.values[CHART_PLACES[i]];
          if (v < low[i]) low[i] = v;
          if (v > high[i]) high[i] = v;
        }
      }
    },
    /** Readings changed or removed by hand: their minutes are rebuilt at the next persist. */
    recompute(vehicleId: number, timestamps: number[]) {
      for (const ts of timestamps) toRebuild(vehicleId, Math.floor(ts / MINUTE_MS) * MINUTE_MS);
    },
    async persist() {
      const minutes = [...pending.values()];
      pending.clear();
      // A failure keeps the minutes not yet written for the next persist.
      await writeVehicleRows(minutes, upsert, (unwritten) => unwritten.forEach(requeue));
      const vehicles = [...rebuild];
      rebuild.clear();
      for (let i = 0; i < vehicles.length; i++) {
        const [vehicleId, minutes] = vehicles[i];
        const only = [...minutes].sort((x, y) => x - y);
        try {
          await rebuildMinutes(db, vehicleId, only[0], only[only.length - 1] + MINUTE_MS, only);
        } catch (err) {
          // This vehicle's minutes and those not yet rebuilt are rebuilt at the next persist instead.
          for (const [v, left] of vehicles.slice(i)) for (const minute of left) toRebuild(v, minute);
          throw err;
        }
      }
    },
    /** Retention: minutes older than the readings kept go too. */
    dropBefore: (ts: number) => db.delete(signalMinute).where(lt(signalMinute.minute, new Date(ts))),
  };
}
