import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';

/** The first key of a vehicle's history lock ('evfh' in ASCII); the vehicle's id is the second. */
const HISTORY_LOCK = 0x65766668;

/**
 * Takes the vehicle's history lock until the transaction ends: compacting a day and rebuilding
 * chart minutes from the hot readings take it, so a minute is never rebuilt from readings that a
 * compaction running beside it moves into a compacted day (the day would then count them twice).
 * Taken in a statement of its own, before the statements it guards take their snapshots.
 */
export const lockVehicleHistory = (tx: Queryable, vehicleId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${HISTORY_LOCK}, ${vehicleId})`);
