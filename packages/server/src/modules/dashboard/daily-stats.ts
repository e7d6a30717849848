import type { MeterPoint } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { FOREIGN_KEY_VIOLATION, sqlStateOf } from '../../db/sql-state.js';
import { refreshRunningTotals, vehiclesWithoutTotals } from './running-totals.js';
import { readingPoint, setMeterPoint } from '../../telemetry/meter-rows.js';
import type { StoredRow } from '../../readings/stored-row.js';
import { addIncrements, readingsBefore } from './daily-stats.repository.js';
import { addReading, dayOf, newFigures, type Cursor, type DayFigures } from './day-figures.js';
import { rebuildDay } from './day-rebuild.js';
import { createWeakCellWarning, type RestChange } from './weak-cell-warning.js';

const FLUSH_MS = 5000;
/** A reading arriving this much older than the vehicle's newest counted one makes its day be rebuilt. */
const LATE_REBUILD_MS = 600_000;
type Pending = { vehicleId: number; dayNumber: number; figures: DayFigures };
const DAY_MS = 86_400_000;

/**
 * A vehicle's cursor with a spare point: its two points take turns, refilled in place, so that no
 * object made per reading outlives the batch (measured: a new point per reading, each kept until the
 * vehicle's next reading, cost the collector's promotions twice the CPU: 1.5–2 µs a reading instead of 0.6–0.8).
 */
type LiveCursor = Cursor & { spare: MeterPoint | null };

/**
 * Keeps vehicle_daily_stat and low_cell_count filled as readings are committed: each reading adds
 * the interval since the vehicle's previous one and its own cells at rest (day-figures.ts; the
 * previous reading in memory, seeded from storage when a vehicle is first seen), and the sums are
 * written every few seconds. A reading older than one already counted cannot be added that way, so
 * its day is rebuilt from can_reading instead; so is every day a correction touches. Days whose
 * rest figures changed are then checked for a weak cell (weak-cell-warning.ts).
 */
export function createDailyStats(db: Db, log: FastifyBaseLogger, flushMs = FLUSH_MS) {
  const cursors = new Map<number, LiveCursor>();
  // Keyed by vehicle and day number (days since 1970, UTC) as one number: no strings per reading.
  const pending = new Map<number, Pending>();
  const rebuild = new Map<number, { vehicleId: number; dayNumber: number }>();
  const weakCells = createWeakCellWarning(db);
  let chain: Promise<void> = Promise.resolve();

  const key = (vehicleId: number, dayNumber: number) => vehicleId * 100_000 + dayNumber;
  const figuresFor = (vehicleId: number, ts: number) => {
    const dayNumber = Math.floor(ts / DAY_MS);
    const k = key(vehicleId, dayNumber);
    let sum = pending.get(k);
    // The figures in an object of their own: one spread or assign per day would leave them slow to add to.
    if (!sum) pending.set(k, (sum = { vehicleId, dayNumber, figures: newFigures() }));
    return sum.figures;
  };
  const markRebuild = (vehicleId: number, ts: number) => {
    const dayNumber = Math.floor(ts / DAY_MS);
    rebuild.set(key(vehicleId, dayNumber), { vehicleId, dayNumber });
  };

  /** Per reading: a few map lookups and the energy rules' arithmetic (it runs for every reading ingested). */
  const apply = async (rows: StoredRow[]) => {
    const unseen = new Map<number, number>();
    for (const { vehicleId, reading } of rows) {
      if (!cursors.has(vehicleId)) unseen.set(vehicleId, Math.min(unseen.get(vehicleId) ?? Infinity, reading.ts));
    }
    if (unseen.size) {
      const seeds = await readingsBefore(
        db,
        [...unseen].map(([vehicleId, ts]) => ({ vehicleId, ts })),
      );
      for (const vehicleId of unseen.keys()) {
        const seed = seeds.get(vehicleId);
        cursors.set(vehicleId, { prev: seed?.prev ?? null, odometer: seed?.odometer ?? null, spare: null });
      }
    }
    for (const { vehicleId, reading } of rows) {
      const cursor = cursors.get(vehicleId)!;
      const prevTs = cursor.prev?.ts;
      // Older than one already counted. Slightly out of order (two batches committed in the other
      // order) changes next to nothing and is left to the neighbouring readings' values, so a busy
      // stream causes no rebuilds; a really late reading sends its day to a rebuild.
      if (prevTs !== undefined && reading.ts <= prevTs) {
        if (prevTs - reading.ts > LATE_REBUILD_MS) markRebuild(vehicleId, reading.ts);
        continue;
      }
      const { spare, prev } = cursor;
      const p = spare ? setMeterPoint(spare, reading) : readingPoint(reading);
      addReading(cursor, p, figuresFor(vehicleId, reading.ts));
      // A reading's cells count in its own day only: not kept until the vehicle's next reading.
      p.cells = null;
      cursor.spare = prev;
    }
  };

  /**
   * Adds pending sums to the stored figures; they leave `pending` only once that is committed. The
   * days whose rest figures they changed join `restChanged`.
   */
  /** The earliest day per vehicle whose running totals are out of date. */
  const staleTotals = new Map<number, string>();
  const totalsFrom = (vehicleId: number, day: string) => {
    const known = staleTotals.get(vehicleId);
    if (!known || day < known) staleTotals.set(vehicleId, day);
  };

  const write = async (sums: Pending[], restChanged: RestChange[]) => {
    await addIncrements(
      db,
      sums.map(({ vehicleId, dayNumber, figures }) => ({ ...figures, vehicleId, day: dayOf(dayNumber * DAY_MS) })),
    );
    for (const sum of sums) {
      pending.delete(key(sum.vehicleId, sum.dayNumber));
      totalsFrom(sum.vehicleId, dayOf(sum.dayNumber * DAY_MS));
      const { restSpreadCount, lastTs } = sum.figures;
      if (restSpreadCount && lastTs !== null)
        restChanged.push({ vehicleId: sum.vehicleId, day: dayOf(sum.dayNumber * DAY_MS), at: lastTs });
    }
  };

  /**
   * All vehicles' sums go in one statement; if it fails, each vehicle's in one of its own, so a
   * failure holds back only that vehicle's figures, kept for the next flush. A vehicle deleted
   * meanwhile (foreign key violation) has nowhere to keep them: they are dropped with it.
   */
  const writeSums = async (restChanged: RestChange[]) => {
    const sums = [...pending.values()];
    if (!sums.length) return;
    try {
      return await write(sums, restChanged);
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
        await write(own, restChanged);
      } catch (err) {
        if (sqlStateOf(err) !== FOREIGN_KEY_VIOLATION) {
          log.error(
            { err, vehicleId },
            'daily vehicle statistics: flush failed for a vehicle; its sums wait for the next flush',
          );
          continue;
        }
        for (const sum of own) pending.delete(key(vehicleId, sum.dayNumber));
        cursors.delete(vehicleId);
      }
    }
  };

  const flush = async () => {
    // A day being rebuilt gets its figures from storage, which already holds the pending readings.
    const rebuilt = [...rebuild.values()];
    rebuild.clear();
    for (const r of rebuilt) pending.delete(key(r.vehicleId, r.dayNumber));
    const restChanged: RestChange[] = [];
    await writeSums(restChanged);
    for (const r of rebuilt) {
      const day = dayOf(r.dayNumber * DAY_MS);
      try {
        const figures = await rebuildDay(db, r.vehicleId, day);
        // The next reading of this vehicle starts again from what is stored.
        cursors.delete(r.vehicleId);
        weakCells.forget(r.vehicleId);
        totalsFrom(r.vehicleId, day);
        if (figures.restSpreadCount && figures.lastTs !== null)
          restChanged.push({ vehicleId: r.vehicleId, day, at: figures.lastTs });
      } catch (err) {
        if (sqlStateOf(err) === FOREIGN_KEY_VIOLATION) continue; // the vehicle is gone
        log.error(
          { err, vehicleId: r.vehicleId },
          'daily vehicle statistics: rebuilding a day failed; it is tried again at the next flush',
        );
        rebuild.set(key(r.vehicleId, r.dayNumber), r);
      }
    }
    // The figures are stored either way: a failed check waits for the day's next change.
    await weakCells
      .check(restChanged)
      .catch((err: unknown) => log.error({ err }, 'daily vehicle statistics: checking for weak cells failed'));
    const totals = [...staleTotals].map(([vehicleId, day]) => ({ vehicleId, day }));
    staleTotals.clear();
    await refreshRunningTotals(db, totals).catch((err: unknown) => {
      for (const t of totals) totalsFrom(t.vehicleId, t.day);
      log.error({ err }, 'daily vehicle statistics: the running totals wait for the next flush');
    });
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
    /** Vehicles whose readings this instance took over (telemetry/takeover.ts): their days in [from, to] are rebuilt now. */
    takenOver(windows: { vehicleId: number; from: number; to: number }[]) {
      for (const w of windows)
        for (let ts = w.from; ts < w.to + DAY_MS; ts += DAY_MS) markRebuild(w.vehicleId, Math.min(ts, w.to));
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
