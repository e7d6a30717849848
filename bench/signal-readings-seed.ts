/**
 * One vehicle's ten days of readings of every signal and 32 cells, one a second (864,000), ending
 * an hour ago, written in PostgreSQL itself; then the per-minute summary the charts read for long
 * periods, built with the pipeline's own rebuild.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.js';
import { createPartitionManager } from '../packages/server/src/telemetry/partitions.js';
import { SIGNAL_COLUMNS } from '../packages/server/src/telemetry/reading-store.js';
import { rebuildMinutes } from '../packages/server/src/telemetry/signal-minutes.js';

export const SIGNAL_READINGS = 864_000;

export async function seedSignalReadings(db: Db, vehicleId: number) {
  const end = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
  const start = end - SIGNAL_READINGS * 1000;
  await createPartitionManager({
    query: (t) => db.execute(sql.raw(t)),
    rows: async <T>(t: string) => (await db.execute(sql.raw(t))).rows as T[],
  }).ensureFor([start, end]);
  await db.execute(
    sql.raw(`
    insert into can_reading (vehicle_id, ts, ${SIGNAL_COLUMNS.join(', ')}, cells)
    select ${vehicleId}, to_timestamp(${start / 1000} + i),
      ${SIGNAL_COLUMNS.map((_, s) => `${s * 10} + ((i::bigint * 7919) % 1000) / 20.0`).join(', ')},
      array_fill((3.6 + (i % 100) / 1000.0)::real, array[32])
    from generate_series(0, ${SIGNAL_READINGS - 1}) i`),
  );
  await rebuildMinutes(db, vehicleId, start, end + 1);
  await db.execute(sql`vacuum analyze`);
  return { start, end };
}
