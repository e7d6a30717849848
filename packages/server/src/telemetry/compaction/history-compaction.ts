import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { onceAcrossInstances, type Database } from '../../db/client.js';
import { partitionEnd, PARTITIONS_SQL } from '../partitions.js';
import { compactDay } from './compact-day.js';

/** The advisory lock of history compaction ('evfc' in ASCII): one instance compacts at a time. */
const COMPACTION_LOCK = 0x65766663;
const DAY_MS = 86_400_000;
/** How often the job looks for days that left the hot window. */
const EVERY_MS = 3600_000;

/** The first instant of the hot window: the start of the UTC day `hotDays` days ago; every day before it is compacted. */
export const compactionCutoff = (now: number, hotDays: number) =>
  Math.floor((now - hotDays * DAY_MS) / DAY_MS) * DAY_MS;

/**
 * Compacts every vehicle's hot readings older than the cutoff, a vehicle's day at a time (each in
 * a statement of its own, so a crash loses or repeats nothing), then empties the month partitions
 * of can_reading that hold nothing any more, so their space is given back. Returns the readings and
 * days compacted.
 */
async function compactBefore(database: Database, cutoff: number) {
  const { db } = database;
  const until = new Date(cutoff).toISOString();
  // A day compacted before the row kept the chart's summary gets it from its own readings.
  const { rows: unsummarized } = await db.execute<{ vehicle_id: number; day: string }>(
    sql`select vehicle_id, to_char(day, 'YYYY-MM-DD') as day from reading_day where minutes is null`,
  );
  for (const { vehicle_id, day } of unsummarized) await compactDay(db, vehicle_id, day);
  const { rows: vehicles } = await db.execute<{ id: number }>(sql`select id from vehicle order by id`);
  let readings = 0;
  let days = 0;
  for (const { id } of vehicles) {
    // The next day of the vehicle with a hot reading before the cutoff, from where the last one ended.
    for (let from = '-infinity'; ;) {
      const { rows } = await db.execute<{ day: string | null }>(sql`
        select to_char(min(ts) at time zone 'UTC', 'YYYY-MM-DD') as day from can_reading
        where vehicle_id = ${id} and ts >= ${from}::timestamptz and ts < ${until}::timestamptz`);
      const day = rows[0].day;
      if (!day) break;
      readings += await compactDay(db, id, day);
      days++;
      from = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
    }
  }
  await emptyPartitionsBefore(database, cutoff);
  return { readings, days };
}

/**
 * Truncates each month partition of can_reading that ends before the cutoff and holds no row,
 * under a lock that keeps a late reading from arriving between the look and the truncate.
 */
async function emptyPartitionsBefore(database: Database, cutoff: number) {
  const { rows } = await database.db.execute<{ name: string }>(sql.raw(PARTITIONS_SQL));
  for (const { name } of rows) {
    const end = partitionEnd(name);
    if (end === null || end > cutoff) continue;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${sql.identifier(name)} in access exclusive mode`);
      const { rows: any } = await tx.execute(sql`select 1 from ${sql.identifier(name)} limit 1`);
      if (any.length === 0) await tx.execute(sql`truncate ${sql.identifier(name)}`);
    });
  }
}

/** Retention of compacted history: drops the compacted days that end before `cutoff`, whole. */
export async function dropCompactedBefore(database: Database, cutoff: number) {
  const day = new Date(Math.floor(cutoff / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  await database.db.execute(sql`delete from reading_day where day < ${day}::date`);
}

/**
 * History compaction (docs/operations.md, "History"): each hour, and by `run` on demand (`npm run
 * compact`), every reading older than the hot window of `hotDays` is moved into its vehicle's
 * compacted day, on one instance at a time.
 */
export function createHistoryCompaction(
  database: Database,
  opts: { hotDays: number; log: Pick<FastifyBaseLogger, 'info' | 'error'> },
) {
  const { hotDays, log } = opts;
  /** Compacts what left the hot window; with `wait`, after any run under way elsewhere rather than not at all. */
  const run = async ({ wait = false } = {}) => {
    let done = { readings: 0, days: 0 };
    await onceAcrossInstances(
      database,
      COMPACTION_LOCK,
      async () => {
        done = await compactBefore(database, compactionCutoff(Date.now(), hotDays));
      },
      { wait },
    );
    if (done.days) log.info(`history compaction: ${done.readings} readings of ${done.days} vehicle days compacted`);
    return done;
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    run,
    start() {
      const tick = () => void run().catch((err: unknown) => log.error({ err }, 'history compaction failed'));
      tick();
      timer = setInterval(tick, EVERY_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
