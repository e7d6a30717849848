import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { canReading } from '../../db/telemetry-schema.js';
import { inRange, type ReportQuery } from './can-report.repository.js';
import type { WindowBounds } from './report-window.js';

/** A part of a range: the readings before an instant, or from it. */
export interface RangePart {
  before?: Date;
  from?: Date;
}

const dirOf = (q: ReportQuery) => sql.raw(q.sortType === 'DESC' ? 'desc' : 'asc');
const partOf = (part: RangePart) =>
  sql`${part.before ? sql`and ${canReading.ts} < ${part.before.toISOString()}::timestamptz` : sql``} ${part.from ? sql`and ${canReading.ts} >= ${part.from.toISOString()}::timestamptz` : sql``}`;
/** A bound as text: JavaScript's shortest form of a double reads back as the same float8, and NaN and Infinity stay literals when inlined. */
const bound = (value: number) => sql`${String(value)}::float8`;

/**
 * The signal at `size` instants spread over the range (the first reading at or after each), in the
 * report's order with empty values last. Each instant is pushed into its step by the golden ratio's
 * fraction of a step, so a signal that repeats with the step's period is not sampled at one phase.
 */
export const sampleQuery = (q: ReportQuery, value: SQL, size: number) => {
  const { start, end } = q.criteria;
  const stepSeconds = (end.getTime() - start.getTime()) / 1000 / size;
  return sql`
    select s.v from generate_series(0, ${size - 1}) g cross join lateral (
      select (${value})::float8 as v from ${canReading}
      where ${canReading.vehicleId} = ${q.criteria.vehicleId}
        and ${canReading.ts} >= ${start.toISOString()}::timestamptz + (g + (g * 0.6180339887498949) % 1) * ${stepSeconds}::float8 * interval '1 second'
        and ${canReading.ts} <= ${end.toISOString()}::timestamptz
      order by ${canReading.ts} limit 1) s
    order by s.v ${dirOf(q)} nulls last`;
};

/**
 * One read of a range (or part of it) for a window of a signal's order: the counts before and
 * after the bounds and of empty values, and the window's readings as compact binary records in
 * time order (report-order.ts). Only the window's readings are aggregated, so a narrow window
 * costs little more than the count. `offset 0` keeps the subquery whole, so each reading's value is
 * computed once rather than once for every filter that names it (a jsonb lookup five times over).
 */
export const windowQuery = (q: ReportQuery, value: SQL, bounds: WindowBounds, part: RangePart = {}) => {
  const desc = q.sortType === 'DESC';
  const before = bounds.top === undefined ? sql`false` : desc ? sql`v > ${bound(bounds.top)}` : sql`v < ${bound(bounds.top)}`;
  const after = bounds.bottom === undefined ? sql`false` : desc ? sql`v < ${bound(bounds.bottom)}` : sql`v > ${bound(bounds.bottom)}`;
  return sql`
    select count(*) filter (where ${before})::int as before, count(*) filter (where ${after})::int as after, count(*) filter (where v is null)::int as empty,
      string_agg(timestamptz_send(ts) || decode('01', 'hex') || float8send(v), ''::bytea order by ts) filter (where v is not null and not (${before}) and not (${after})) as list
    from (select ${canReading.ts} as ts, (${value})::float8 as v from ${canReading} where ${inRange(q.criteria)} ${partOf(part)} offset 0) r`;
};

export type WindowRead = { before: number; after: number; empty: number; list: Uint8Array | null };

export const signalWindowRepository = {
  sample: async (db: Db, q: ReportQuery, value: SQL, size: number) => (await db.execute<{ v: number | null }>(sampleQuery(q, value, size))).rows.map((r) => r.v),

  /** A window read in one query (PGlite, which has one connection and no COPY to a stream). */
  window: async (db: Db, q: ReportQuery, value: SQL, bounds: WindowBounds): Promise<WindowRead> => (await db.execute<WindowRead>(windowQuery(q, value, bounds))).rows[0],

  /** Instants of readings without a value, in the report's order (they follow every reading with one, by time). */
  emptyInstants: async (db: Db, q: ReportQuery, value: SQL, limit: number, offset: number) => {
    const { rows } = await db.execute<{ ts: Date | string }>(
      sql`select ${canReading.ts} as ts from ${canReading} where ${inRange(q.criteria)} and (${value}) is null order by ${canReading.ts} ${dirOf(q)} limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => new Date(r.ts).getTime());
  },
};
