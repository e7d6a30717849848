import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { FOREIGN_KEY_VIOLATION, sqlStateOf } from '../../db/sql-state.js';
import { addIncrements } from './daily-stats.repository.js';
import { rebuildDay } from './day-rebuild.js';
import { dayText, restChangeOf, type DayRef, type DaySums, type DayTally } from './day-tally.js';
import { refreshRunningTotals } from './running-totals.js';
import type { createWeakCellWarning, RestChange } from './weak-cell-warning.js';

/** What a flush of the daily statistics works on. */
export interface FlushContext {
  db: Db;
  log: FastifyBaseLogger;
  tally: DayTally;
  weakCells: ReturnType<typeof createWeakCellWarning>;
}

/**
 * Stores what the tally holds: the days to rebuild are rebuilt from can_reading, the pending sums
 * added to the stored figures; then the days whose rest figures changed are checked for a weak cell
 * and the running totals brought up to date.
 */
export async function flushDailyStats(ctx: FlushContext) {
  const { db, log, tally, weakCells } = ctx;
  const rebuilt = tally.takeRebuilds();
  const restChanged: RestChange[] = [];
  await writeSums(ctx, restChanged);
  await rebuildDays(ctx, rebuilt, restChanged);
  // The figures are stored either way: a failed check waits for the day's next change.
  await weakCells
    .check(restChanged)
    .catch((err: unknown) => log.error({ err }, 'daily vehicle statistics: checking for weak cells failed'));
  const totals = tally.takeStaleTotals();
  await refreshRunningTotals(db, totals).catch((err: unknown) => {
    for (const t of totals) tally.totalsFrom(t.vehicleId, t.day);
    log.error({ err }, 'daily vehicle statistics: the running totals wait for the next flush');
  });
}

/**
 * Adds pending sums to the stored figures; they leave the tally's pending sums only once that is
 * committed. The days whose rest figures they changed join `restChanged`.
 */
async function write({ db, tally }: FlushContext, sums: DaySums[], restChanged: RestChange[]) {
  await addIncrements(
    db,
    sums.map(({ vehicleId, dayNumber, figures }) => ({ ...figures, vehicleId, day: dayText(dayNumber) })),
  );
  tally.stored(sums);
  for (const { vehicleId, dayNumber, figures } of sums) {
    const change = restChangeOf(vehicleId, dayText(dayNumber), figures);
    if (change) restChanged.push(change);
  }
}

/**
 * All vehicles' sums go in one statement; if it fails, each vehicle's in one of its own, so a
 * failure holds back only that vehicle's figures, kept for the next flush. A vehicle deleted
 * meanwhile (foreign key violation) has nowhere to keep them: they are dropped with it.
 */
async function writeSums(ctx: FlushContext, restChanged: RestChange[]) {
  const sums = ctx.tally.sums();
  if (!sums.length) return;
  try {
    return await write(ctx, sums, restChanged);
  } catch (err) {
    ctx.log.error({ err }, 'daily vehicle statistics: flush failed; writing vehicle by vehicle');
  }
  const byVehicle = new Map<number, DaySums[]>();
  for (const sum of sums) {
    const own = byVehicle.get(sum.vehicleId);
    if (own) own.push(sum);
    else byVehicle.set(sum.vehicleId, [sum]);
  }
  for (const [vehicleId, own] of byVehicle) {
    try {
      await write(ctx, own, restChanged);
    } catch (err) {
      if (sqlStateOf(err) === FOREIGN_KEY_VIOLATION) ctx.tally.gone(vehicleId, own);
      else
        ctx.log.error(
          { err, vehicleId },
          'daily vehicle statistics: flush failed for a vehicle; its sums wait for the next flush',
        );
    }
  }
}

/** Rebuilds days from can_reading; a day that fails is tried again at the next flush. */
async function rebuildDays({ db, log, tally, weakCells }: FlushContext, days: DayRef[], restChanged: RestChange[]) {
  for (const r of days) {
    const day = dayText(r.dayNumber);
    try {
      const figures = await rebuildDay(db, r.vehicleId, day);
      // The next reading of this vehicle starts again from what is stored.
      tally.rebuilt(r.vehicleId, day);
      weakCells.forget(r.vehicleId);
      const change = restChangeOf(r.vehicleId, day, figures);
      if (change) restChanged.push(change);
    } catch (err) {
      if (sqlStateOf(err) === FOREIGN_KEY_VIOLATION) continue; // the vehicle is gone
      log.error(
        { err, vehicleId: r.vehicleId },
        'daily vehicle statistics: rebuilding a day failed; it is tried again at the next flush',
      );
      tally.rebuildAgain(r);
    }
  }
}
