import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { compactedSampleOf } from '../../../db/reading-history.js';
import { canReading } from '../../../db/telemetry-schema.js';
import { inRange, readingsIn, type RangePart, type ReportQuery } from '../report/can-report.repository.js';
import type { SelectedColumn } from '../report/report-columns.js';
import type { OrderPlace, SampledReading, WindowBounds } from './report-window.js';

const dirOf = (q: ReportQuery) => sql.raw(q.sortType === 'DESC' ? 'desc' : 'asc');
/**
 * A place in the order as a row to compare (value, instant) with: the value as text, JavaScript's
 * shortest form of a double reading back as the same float8 (and NaN and Infinity staying
 * literals when inlined).
 */
const place = (p: OrderPlace) => sql`(${String(p.v)}::float8, ${new Date(p.ts).toISOString()}::timestamptz)`;

/**
 * About `size` readings spread over the range, in ascending order with empty values last
 * (report-window.ts turns it for a descending sort): of the hot readings, the first at or after
 * each of `size` instants spread over the range, each by an index probe (each instant is pushed
 * into its step by the golden ratio's fraction of a step, so a signal that repeats with the step's
 * period is not sampled at one phase); of the compacted days, every k-th reading of the one
 * signal's arrays (db/reading-history.ts).
 */
const sampleQuery = (q: ReportQuery, chosen: SelectedColumn, size: number) => {
  const { start, end, vehicleId } = q.criteria;
  const stepSeconds = (end.getTime() - start.getTime()) / 1000 / size;
  return sql`
    select s.v, s.ts from (
      select s.v, s.ts from generate_series(0, ${size - 1}) g cross join lateral (
        select (${chosen.value})::float8 as v, ${canReading.ts} as ts from ${canReading}
        where ${canReading.vehicleId} = ${vehicleId}
          and ${canReading.ts} >= ${start.toISOString()}::timestamptz + (g + (g * 0.6180339887498949) % 1) * ${stepSeconds}::float8 * interval '1 second'
          and ${canReading.ts} <= ${end.toISOString()}::timestamptz
        order by ${canReading.ts} limit 1) s
      union all
      select (${chosen.value})::float8, ${canReading.ts} from ${compactedSampleOf(vehicleId, start, end, size, { v: chosen.reads })}
    ) s
    order by s.v nulls last, s.ts`;
};

/**
 * One read of a range (or part of it) for a window of a signal's order: the counts before and
 * after the bounds and of empty values, and the window's readings as compact binary records
 * (report-order.ts). Only the window's readings are aggregated, so a narrow window costs little
 * more than the count. The records come in the scan's order (time order, but for late readings):
 * an ordered aggregate sorted every record of a wide window again, half a million for a signal
 * with two values, in PostgreSQL's work_mem (300–380 ms a half against 200–220), where the server
 * puts them in time order itself. `offset 0` keeps the subquery whole, so each reading's value is
 * computed once rather than once for every filter that names it (a jsonb lookup five times over).
 */
export const windowQuery = (q: ReportQuery, chosen: SelectedColumn, bounds: WindowBounds, part: RangePart = {}) => {
  const desc = q.sortType === 'DESC';
  // Row comparisons: (v, ts) > (a, b) is v > a, or v = a and ts > b; never true for an empty value.
  const before =
    bounds.top === undefined
      ? sql`false`
      : desc
        ? sql`(v, ts) > ${place(bounds.top)}`
        : sql`(v, ts) < ${place(bounds.top)}`;
  const after =
    bounds.bottom === undefined
      ? sql`false`
      : desc
        ? sql`(v, ts) < ${place(bounds.bottom)}`
        : sql`(v, ts) > ${place(bounds.bottom)}`;
  return sql`
    select count(*) filter (where ${before})::int as before, count(*) filter (where ${after})::int as after, count(*) filter (where v is null)::int as empty,
      string_agg(timestamptz_send(ts) || decode('01', 'hex') || float8send(v), ''::bytea) filter (where v is not null and not (${before}) and not (${after})) as list
    from (select ${canReading.ts} as ts, (${chosen.value})::float8 as v from ${readingsIn(q.criteria, part, { v: chosen.reads })}
      where ${inRange(q.criteria, part)} offset 0) r`;
};

export type WindowRead = { before: number; after: number; empty: number; list: Uint8Array | null };

export const signalWindowRepository = {
  sample: async (db: Db, q: ReportQuery, chosen: SelectedColumn, size: number): Promise<SampledReading[]> =>
    (await db.execute<{ v: number | null; ts: Date | string }>(sampleQuery(q, chosen, size))).rows.map((r) => ({
      v: r.v,
      ts: new Date(r.ts).getTime(),
    })),

  /** A window read in one query (PGlite, which has one connection and no COPY to a stream). */
  window: async (db: Db, q: ReportQuery, chosen: SelectedColumn, bounds: WindowBounds): Promise<WindowRead> =>
    (await db.execute<WindowRead>(windowQuery(q, chosen, bounds))).rows[0],

  /** Instants of readings without a value, in the report's order (they follow every reading with one, by time). */
  emptyInstants: async (db: Db, q: ReportQuery, chosen: SelectedColumn, limit: number, offset: number) => {
    const { rows } = await db.execute<{ ts: Date | string }>(
      sql`select ${canReading.ts} as ts from ${readingsIn(q.criteria, {}, { v: chosen.reads })} where ${inRange(q.criteria)} and (${chosen.value}) is null order by ${canReading.ts} ${dirOf(q)} limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => new Date(r.ts).getTime());
  },
};
