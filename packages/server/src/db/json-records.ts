import { sql } from 'drizzle-orm';

/**
 * Rows passed as one jsonb parameter and read as a table: `jsonb_to_recordset(…) as x(vehicle_id
 * int, …)`, each row's keys named as the columns in `as`. For statements of many rows, such as
 * the writes kept at ingest: the query builder spends about 5 µs on each value it binds (50 µs a
 * row of a dozen columns; docs/performance.md, "Per-second writes and the live feed"), JSON a fraction of that.
 * Times go as ISO strings; a JSON array becomes an SQL array.
 */
export const jsonRecords = (rows: readonly object[], as: string) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.raw(as)}`;

/** A time as jsonRecords takes it; no time (null, or an infinite "never yet") is null. */
export const isoTime = (ms: number | null) => (ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString());
