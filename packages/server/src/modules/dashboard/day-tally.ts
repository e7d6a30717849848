import type { MeterPoint } from '@evfleet/domain';
import { readingPoint, setMeterPoint } from '../../telemetry/meter-rows.js';
import type { StoredRow } from '../../readings/stored-row.js';
import type { Seed } from './daily-stats.repository.js';
import { addReading, dayOf, newFigures, type Cursor, type DayFigures } from './day-figures.js';
import type { RestChange } from './weak-cell-warning.js';

export const DAY_MS = 86_400_000;
/** A reading arriving this much older than the vehicle's newest counted one makes its day be rebuilt. */
const LATE_REBUILD_MS = 600_000;

/** A vehicle's day, by its number (days since 1970, UTC). */
export interface DayRef {
  vehicleId: number;
  dayNumber: number;
}
/** A vehicle's day and the sums counted for it, not yet stored. */
export type DaySums = DayRef & { figures: DayFigures };

/** A vehicle's day as one number. */
const key = (vehicleId: number, dayNumber: number) => vehicleId * 100_000 + dayNumber;
export const dayText = (dayNumber: number) => dayOf(dayNumber * DAY_MS);

/** A day whose rest figures changed, to be checked for a weak cell; null when they did not. */
export const restChangeOf = (vehicleId: number, day: string, figures: DayFigures): RestChange | null =>
  figures.restSpreadCount && figures.lastTs !== null ? { vehicleId, day, at: figures.lastTs } : null;

/**
 * A vehicle's cursor with a spare point: its two points take turns, refilled in place, so that no
 * object made per reading outlives the batch (measured: a new point per reading, each kept until the
 * vehicle's next reading, cost the collector's promotions twice the CPU: 1.5–2 µs a reading instead of 0.6–0.8).
 */
type LiveCursor = Cursor & { spare: MeterPoint | null };

/**
 * What the daily statistics (daily-stats.ts) count in memory between flushes: each vehicle's cursor,
 * the sums of its days not yet stored, the days to be rebuilt from storage instead, and the earliest
 * day per vehicle whose running totals are out of date. No storage here.
 */
export class DayTally {
  private readonly cursors = new Map<number, LiveCursor>();
  // Keyed by vehicle and day number (days since 1970, UTC) as one number: no strings per reading.
  private readonly pending = new Map<number, DaySums>();
  private readonly rebuild = new Map<number, DayRef>();
  /** The earliest day per vehicle whose running totals are out of date. */
  private readonly staleTotals = new Map<number, string>();

  /** The vehicles of `rows` with no cursor yet, each with the time of its earliest reading there. */
  unseen(rows: StoredRow[]): { vehicleId: number; ts: number }[] {
    const unseen = new Map<number, number>();
    for (const { vehicleId, reading } of rows) {
      if (!this.cursors.has(vehicleId)) unseen.set(vehicleId, Math.min(unseen.get(vehicleId) ?? Infinity, reading.ts));
    }
    return [...unseen].map(([vehicleId, ts]) => ({ vehicleId, ts }));
  }

  /** Starts these vehicles' cursors from what storage holds before them (`seeds`), else from nothing. */
  seed(vehicles: { vehicleId: number }[], seeds: Map<number, Seed>) {
    for (const { vehicleId } of vehicles) {
      const seed = seeds.get(vehicleId);
      this.cursors.set(vehicleId, { prev: seed?.prev ?? null, odometer: seed?.odometer ?? null, spare: null });
    }
  }

  /**
   * Counts readings of seeded vehicles into their days. Per reading: a few map lookups and the
   * energy rules' arithmetic (it runs for every reading ingested).
   */
  count(rows: StoredRow[]) {
    for (const { vehicleId, reading } of rows) {
      const cursor = this.cursors.get(vehicleId)!;
      const prevTs = cursor.prev?.ts;
      // Older than one already counted. Slightly out of order (two batches committed in the other
      // order) changes next to nothing and is left to the neighbouring readings' values, so a busy
      // stream causes no rebuilds; a really late reading sends its day to a rebuild.
      if (prevTs !== undefined && reading.ts <= prevTs) {
        if (prevTs - reading.ts > LATE_REBUILD_MS) this.markRebuild(vehicleId, reading.ts);
        continue;
      }
      const { spare, prev } = cursor;
      const p = spare ? setMeterPoint(spare, reading) : readingPoint(reading);
      addReading(cursor, p, this.figuresFor(vehicleId, reading.ts));
      // A reading's cells count in its own day only: not kept until the vehicle's next reading.
      p.cells = null;
      cursor.spare = prev;
    }
  }

  /** The day of a reading at `ts` is rebuilt from storage at the next flush. */
  markRebuild(vehicleId: number, ts: number) {
    const dayNumber = Math.floor(ts / DAY_MS);
    this.rebuild.set(key(vehicleId, dayNumber), { vehicleId, dayNumber });
  }

  /**
   * The days to rebuild, taken out. Their pending sums are dropped: a day being rebuilt gets its
   * figures from storage, which already holds the pending readings.
   */
  takeRebuilds(): DayRef[] {
    const days = [...this.rebuild.values()];
    this.rebuild.clear();
    for (const r of days) this.pending.delete(key(r.vehicleId, r.dayNumber));
    return days;
  }

  /** A day whose rebuild failed: it is tried again at the next flush. */
  rebuildAgain(r: DayRef) {
    this.rebuild.set(key(r.vehicleId, r.dayNumber), r);
  }

  /** A day rebuilt from storage: the vehicle's next reading starts again from what is stored. */
  rebuilt(vehicleId: number, day: string) {
    this.cursors.delete(vehicleId);
    this.totalsFrom(vehicleId, day);
  }

  /** The sums counted and not yet stored. */
  sums(): DaySums[] {
    return [...this.pending.values()];
  }

  /** Sums now stored: they leave the pending ones, and their days' running totals are out of date. */
  stored(sums: DaySums[]) {
    for (const sum of sums) {
      this.pending.delete(key(sum.vehicleId, sum.dayNumber));
      this.totalsFrom(sum.vehicleId, dayText(sum.dayNumber));
    }
  }

  /** A vehicle deleted meanwhile: its sums have nowhere to be kept and are dropped with it. */
  gone(vehicleId: number, sums: DaySums[]) {
    for (const sum of sums) this.pending.delete(key(vehicleId, sum.dayNumber));
    this.cursors.delete(vehicleId);
  }

  /** The vehicle's running totals are out of date from `day` on. */
  totalsFrom(vehicleId: number, day: string) {
    const known = this.staleTotals.get(vehicleId);
    if (!known || day < known) this.staleTotals.set(vehicleId, day);
  }

  /** The running totals out of date, taken out: the earliest day per vehicle. */
  takeStaleTotals(): { vehicleId: number; day: string }[] {
    const totals = [...this.staleTotals].map(([vehicleId, day]) => ({ vehicleId, day }));
    this.staleTotals.clear();
    return totals;
  }

  private figuresFor(vehicleId: number, ts: number) {
    const dayNumber = Math.floor(ts / DAY_MS);
    const k = key(vehicleId, dayNumber);
    let sum = this.pending.get(k);
    // The figures in an object of their own: one spread or assign per day would leave them slow to add to.
    if (!sum) this.pending.set(k, (sum = { vehicleId, dayNumber, figures: newFigures() }));
    return sum.figures;
  }
}
