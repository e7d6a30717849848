import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { StoredRow } from '../../readings/stored-row.js';
import { readingsBefore } from './daily-stats.repository.js';
import { flushDailyStats, type FlushContext } from './daily-stats-flush.js';
import { DAY_MS, DayTally } from './day-tally.js';
import { refreshRunningTotals, vehiclesWithoutTotals } from './running-totals.js';
import { createWeakCellWarning } from './weak-cell-warning.js';

const FLUSH_MS = 5000;

/**
 * Keeps vehicle_daily_stat and low_cell_count filled as readings are committed: each reading adds
 * the interval since the vehicle's previous one and its own cells at rest (day-figures.ts; the
 * previous reading in memory, seeded from storage when a vehicle is first seen), and the sums are
 * written every few seconds. A reading older than one already counted cannot be added that way, so
 * its day is rebuilt from can_reading instead; so is every day a correction touches. Days whose
 * rest figures changed are then checked for a weak cell (weak-cell-warning.ts).
 */
export function createDailyStats(db: Db, log: FastifyBaseLogger, flushMs = FLUSH_MS) {
  const tally = new DayTally();
  const context: FlushContext = { db, log, tally, weakCells: createWeakCellWarning(db) };
  const flush = () => flushDailyStats(context);
  let chain: Promise<void> = Promise.resolve();

  /** Seeds the vehicles seen for the first time from storage, then counts the readings. */
  const apply = async (rows: StoredRow[]) => {
    const unseen = tally.unseen(rows);
    if (unseen.length) tally.seed(unseen, await readingsBefore(db, unseen));
    tally.count(rows);
  };

  const enqueue = (work: () => Promise<void>, what: string) => {
    chain = chain.then(work).catch((err) => log.error({ err }, `daily vehicle statistics: ${what} failed`));
    return chain;
  };
  const timer = setInterval(() => void enqueue(flush, 'flush'), flushMs);
  timer.unref();
  // Daily figures kept before the running totals existed get theirs once, at start.
  void enqueue(async () => refreshRunningTotals(db, await vehiclesWithoutTotals(db)), 'the first running totals');

  return {
    /** The pipeline's hook: readings newly committed to can_reading. */
    committed: (rows: StoredRow[]) =>
      void enqueue(
        () =>
          apply(rows).catch((err: unknown) => {
            // Not counted in memory (seeding from storage failed): their days are rebuilt from storage instead.
            for (const { vehicleId, reading } of rows) tally.markRebuild(vehicleId, reading.ts);
            throw err;
          }),
        'update',
      ),
    /** Readings changed or removed by hand: their days are rebuilt now. */
    recompute(vehicleId: number, timestamps: number[]) {
      for (const ts of timestamps) tally.markRebuild(vehicleId, ts);
      return enqueue(flush, 'rebuild');
    },
    /** Vehicles whose readings this instance took over (telemetry/takeover.ts): their days in [from, to] are rebuilt now. */
    takenOver(windows: { vehicleId: number; from: number; to: number }[]) {
      for (const w of windows)
        for (let ts = w.from; ts < w.to + DAY_MS; ts += DAY_MS) tally.markRebuild(w.vehicleId, Math.min(ts, w.to));
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
