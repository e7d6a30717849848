import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { sqlStateOf } from '../../db/sql-state.js';
import type { StoredRow } from '../../telemetry/reading-store.js';
import {
  addIncrements,
  charging,
  dayOf,
  intervalKwh,
  readingsBefore,
  rebuildDay,
  STAT_RULES,
  type DayIncrement,
  type LastReading,
} from './daily-stats.sql.js';

const FLUSH_MS = 5000;
const FOREIGN_KEY_VIOLATION = '23503';
type Pending = DayIncrement & { dayNumber: number };
const DAY_MS = 86_400_000;

/**
 * Keeps vehicle_daily_stat filled as readings are committed: each reading adds the interval since
 * the vehicle's previous one (in memory, seeded from storage when a vehicle is first seen), and the
 * sums are written every few seconds. A reading older than one already counted cannot be added
 * that way, so its day is rebuilt from can_reading instead; so is every day a correction touches.
 */
export function createDailyStats(db: Db, log: FastifyBaseLogger, flushMs = FLUSH_MS) {
  const last = new Map<number, LastReading>();
  const odometer = new Map<number, { ts: number; value: number }>();
  // Keyed by vehicle and day number (days since 1970, UTC) as one number: no strings per reading.
  const pending = new Map<number, Pending>();
  const rebuild = new Map<number, { vehicleId: number; dayNumber: number }>();
  let chain: Promise<void> = Promise.resolve();

  const key = (vehicleId: number, dayNumber: number) => vehicleId * 100_000 + dayNumber;
  const increment = (vehicleId: number, ts: number) => {
    const dayNumber = Math.floor(ts / DAY_MS);
    const k = key(vehicleId, dayNumber);
    let inc = pending.get(k);
    if (!inc) pending.set(k, (inc = { vehicleId, dayNumber, day: '', miles: 0, kwh: 0, seconds: 0 }));
    return inc;
  };
  const markRebuild = (vehicleId: number, ts: number) => {
    const dayNumber = Math.floor(ts / DAY_MS);
    rebuild.set(key(vehicleId, dayNumber), { vehicleId, dayNumber });
  };

  /** Per reading: a few map lookups and additions (it runs for every reading ingested). */
  const apply = async (rows: StoredRow[]) => {
    const unseen = new Map<number, number>();
    for (const { vehicleId, reading } of rows) {
      if (!last.has(vehicleId)) unseen.set(vehicleId, Math.min(unseen.get(vehicleId) ?? Infinity, reading.ts));
    }
    if (unseen.size) {
      for (const [vehicleId, seed] of await readingsBefore(
        db,
        [...unseen].map(([vehicleId, ts]) => ({ vehicleId, ts })),
      )) {
        if (seed.last) last.set(vehicleId, seed.last);
        if (seed.odometer) odometer.set(vehicleId, seed.odometer);
      }
    }
    for (const { vehicleId, reading } of rows) {
      const { ts, values } = reading;
      const prev = last.get(vehicleId);
      // Older than one already counted. Slightly out of order (two batches committed in the other
      // order) changes next to nothing and is left to the neighbouring readings' values, so a busy
      // stream causes no rebuilds; a really late reading sends its day to a rebuild.
      if (prev && ts <= prev.ts) {
        if (prev.ts - ts > STAT_RULES.lateRebuildSeconds * 1000) markRebuild(vehicleId, ts);
        continue;
      }
      if (prev) {
        const seconds = (ts - prev.ts) / 1000;
        if (seconds <= STAT_RULES.maxGapSeconds && charging(prev.chargeStatus, prev.current)) {
          const inc = increment(vehicleId, ts);
          inc.seconds += seconds;
          // Ingestion keeps values in their physical ranges; this guards the sums against anything else.
          const kwh =
            prev.voltage !== null && prev.current !== null ? intervalKwh(prev.voltage, prev.current, seconds) : 0;
          if (Number.isFinite(kwh)) inc.kwh += kwh;
        }
        prev.ts = ts;
        prev.voltage = values.packVoltage ?? null;
        prev.current = values.vehicleCurrent ?? null;
        prev.chargeStatus = values.chargeStatus ?? null;
      } else
        last.set(vehicleId, {
          ts,
          voltage: values.packVoltage ?? null,
          current: values.vehicleCurrent ?? null,
          chargeStatus: values.chargeStatus ?? null,
        });
      const odo = values.odometer;
      if (odo !== undefined) {
        const before = odometer.get(vehicleId);
        if (before) {
          const miles = odo - before.value;
          if (miles > 0 && miles < STAT_RULES.maxMilesStep) increment(vehicleId, ts).miles += miles;
          before.ts = ts;
          before.value = odo;
        } else odometer.set(vehicleId, { ts, value: odo });
      }
    }
  };

  /** Adds pending sums to the stored figures; they leave `pending` only once that is committed. */
  const write = async (sums: Pending[]) => {
    await addIncrements(
      db,
      sums.map(({ vehicleId, dayNumber, miles, kwh, seconds }) => ({
        vehicleId,
        day: dayOf(dayNumber * DAY_MS),
        miles,
        kwh,
        seconds,
      })),
    );
    for (const sum of sums) pending.delete(key(sum.vehicleId, sum.dayNumber));
  };

  /**
   * All vehicles' sums go in one statement; if it fails, each vehicle's in one of its own, so a
   * failure holds back only that vehicle's figures, kept for the next flush. A vehicle deleted
   * meanwhile (foreign key violation) has nowhere to keep them: they are dropped with it.
   */
  const writeSums = async () => {
    const sums = [...pending.values()];
    if (!sums.length) return;
    try {
      return await write(sums);
    } catch (err) {
      log.error({ err }, 'daily vehicle statistics: flush failed; writing vehicle by vehicle');
    }
    const byVehicle = new Map<number, Pending[]>();
    for (const sum of sums) {
      const own = byVehicle.get(sum.vehicleId);
      if (own) own.push(sum);
      else byVehicle.set(sum.vehicleId, [sum]);
    }
    for (const [vehicleId, own] of byVehicle) {
      try {
        await write(own);
      } catch (err) {
        if (sqlStateOf(err) !== FOREIGN_KEY_VIOLATION) {
          log.error(
            { err, vehicleId },
            'daily vehicle statistics: flush failed for a vehicle; its sums wait for the next flush',
          );
          continue;
        }
        for (const sum of own) pending.delete(key(vehicleId, sum.dayNumber));
        last.delete(vehicleId);
        odometer.delete(vehicleId);
      }
    }
  };

  const flush = async () => {
    // A day being rebuilt gets its figures from storage, which already holds the pending readings.
    const rebuilt = [...rebuild.values()];
    rebuild.clear();
    for (const r of rebuilt) pending.delete(key(r.vehicleId, r.dayNumber));
    await writeSums();
    for (const r of rebuilt) {
      try {
        await rebuildDay(db, r.vehicleId, dayOf(r.dayNumber * DAY_MS));
        // The next reading of this vehicle starts again from what is stored.
        last.delete(r.vehicleId);
        odometer.delete(r.vehicleId);
      } catch (err) {
        if (sqlStateOf(err) === FOREIGN_KEY_VIOLATION) continue; // the vehicle is gone
        log.error(
          { err, vehicleId: r.vehicleId },
          'daily vehicle statistics: rebuilding a day failed; it is tried again at the next flush',
        );
        rebuild.set(key(r.vehicleId, r.dayNumber), r);
      }
    }
  };

  const enqueue = (work: () => Promise<void>, what: string) => {
    chain = chain.then(work).catch((err) => log.error({ err }, `daily vehicle statistics: ${what} failed`));
    return chain;
  };
  const timer = setInterval(() => void enqueue(flush, 'flush'), flushMs);
  timer.unref();

  return {
    /** The pipeline's hook: readings newly committed to can_reading. */
    committed: (rows: StoredRow[]) =>
      void enqueue(
        () =>
          apply(rows).catch((err: unknown) => {
            // Not counted in memory (seeding from storage failed): their days are rebuilt from storage instead.
            for (const { vehicleId, reading } of rows) markRebuild(vehicleId, reading.ts);
            throw err;
          }),
        'update',
      ),
    /** Readings changed or removed by hand: their days are rebuilt now. */
    recompute(vehicleId: number, timestamps: number[]) {
      for (const ts of timestamps) markRebuild(vehicleId, ts);
      return enqueue(flush, 'rebuild');
    },
    /** Writes what is counted so far (tests, shutdown). */
    flush: () => enqueue(flush, 'flush'),
    async close() {
      clearInterval(timer);
      await enqueue(flush, 'flush');
    },
  };
}
export type DailyStats = ReturnType<typeof createDailyStats>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's daily figures (tests flush them). */
    dailyStats: DailyStats;
  }
}
