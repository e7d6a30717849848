import { MAX_CELLS } from '@evfleet/domain';
import { getTableColumns, sql, Subquery, type SQL } from 'drizzle-orm';
import { CELL_SCALE, cellColumn, COMPACT_SIGNALS, type CompactSignal } from './history-schema.js';
import { canReading } from './telemetry-schema.js';

/**
 * A vehicle's readings wherever they are kept: can_reading for the hot window (and readings that
 * arrived late for a compacted day, until the day is compacted again), reading_day past it. Every
 * query over history reads them through these subqueries, each named `can_reading`, so a query's
 * columns are can_reading's and it reads the same either way.
 */

/** The columns a reading reads back with, in order. */
export const READING_COLUMNS = ['vehicle_id', 'ts', ...COMPACT_SIGNALS.map((s) => s.column), 'cells', 'extra'];
const COLUMN_LIST = sql.raw(READING_COLUMNS.join(', '));

const cellColumns = Array.from({ length: MAX_CELLS }, (_, i) => cellColumn(i));
/** Every array of a compacted row, in the order `unnest` zips them. */
const ARRAYS = [
  'ms',
  ...COMPACT_SIGNALS.flatMap((s) => [s.column, s.exactColumn]),
  'cell_count',
  ...cellColumns,
  'cells_exact',
  'extra',
];

/** A value back from its integer: the division by a power of ten is correctly rounded, so it is the double stored. */
const signalValue = (s: CompactSignal) =>
  s.scale === 1
    ? `coalesce(r.${s.column}::float8, r.${s.exactColumn})`
    : `coalesce(r.${s.column}::float8 / ${s.scale}, r.${s.exactColumn})`;
const cellsValue = `case when r.cells_exact is not null then r.cells_exact::real[] when r.cell_count is not null then
  (array[${cellColumns.map((c) => `(r.${c}::float8 / ${CELL_SCALE})::real`).join(', ')}])[1:r.cell_count] end`;

/** The readings of compacted rows `d` (a reading_day alias in scope), as can_reading's columns. */
export const DECODED_READINGS =
  sql.raw(`select d.vehicle_id, (d.day::timestamp + r.ms * interval '1 millisecond') at time zone 'UTC' as ts,
  ${COMPACT_SIGNALS.map((s) => `${signalValue(s)} as ${s.column}`).join(', ')},
  ${cellsValue} as cells, r.extra
  from unnest(${ARRAYS.map((a) => `d.${a}`).join(', ')}) as r(${ARRAYS.join(', ')})`);

/** An instant given as a Date or as SQL (a column, `'-infinity'`…). */
type Instant = Date | SQL;
/** A subquery standing in for can_reading: a query selects and orders by can_reading's columns. */
const asCanReading = (query: SQL) => new Subquery(query, getTableColumns(canReading), 'can_reading');

const instant = (at: Instant) =>
  at instanceof Date ? sql`${at.toISOString()}::timestamptz` : sql`(${at})::timestamptz`;
const utcDay = (at: Instant) =>
  at instanceof Date
    ? sql`${at.toISOString().slice(0, 10)}::date`
    : sql`((${at})::timestamptz at time zone 'UTC')::date`;

/**
 * A vehicle's readings from `from` to `to`, both included, as a subquery named can_reading: the
 * caller's own conditions on `can_reading` columns still apply. A day's compacted row is read
 * whole, so a range should be no wider than the query needs.
 */
export function readingsOf(vehicleId: number | SQL, from: Instant, to: Instant) {
  return asCanReading(sql`select ${COLUMN_LIST} from can_reading where vehicle_id = ${vehicleId} and ts between ${instant(from)} and ${instant(to)}
    union all
    select * from (select h.* from reading_day d cross join lateral (${DECODED_READINGS}) h
      where d.vehicle_id = ${vehicleId} and d.day between ${utcDay(from)} and ${utcDay(to)}) c
    where c.ts between ${instant(from)} and ${instant(to)}`);
}

/**
 * The instants of a vehicle's readings from `from` to `to`, both included, as a subquery named
 * can_reading of `vehicle_id` and `ts` only: the hot rows' index alone, and of a compacted day
 * only its times' array, for a page's instants before its rows are read.
 */
export function timesOf(vehicleId: number, from: Instant, to: Instant) {
  const { vehicleId: v, ts } = getTableColumns(canReading);
  return new Subquery(
    sql`select vehicle_id, ts from can_reading where vehicle_id = ${vehicleId} and ts between ${instant(from)} and ${instant(to)}
    union all
    select * from (select d.vehicle_id, (d.day::timestamp + m * interval '1 millisecond') at time zone 'UTC' as ts
      from reading_day d cross join lateral unnest(d.ms) m
      where d.vehicle_id = ${vehicleId} and d.day between ${utcDay(from)} and ${utcDay(to)}) c
    where c.ts between ${instant(from)} and ${instant(to)}`,
    { vehicleId: v, ts },
    'can_reading',
  );
}

/**
 * SQL: how many readings a vehicle has from `from` to `to`, both included. A compacted day wholly
 * inside counts by its row's count, one the range cuts by its times alone: no value is read.
 */
export function countOf(vehicleId: number, from: Instant, to: Instant) {
  const a = instant(from);
  const b = instant(to);
  return sql`((select count(*) from can_reading where vehicle_id = ${vehicleId} and ts between ${a} and ${b})
    + coalesce((select sum(case when d.start >= ${a} and d.start + interval '1 day' - interval '1 millisecond' <= ${b} then d.readings
        else (select count(*) from unnest(d.ms) m where d.start + m * interval '1 millisecond' between ${a} and ${b}) end)
      from (select readings, ms, day::timestamp at time zone 'UTC' as start from reading_day
        where vehicle_id = ${vehicleId} and day between ${utcDay(from)} and ${utcDay(to)}) d), 0))::int`;
}

/**
 * One signal of a vehicle's compacted readings from `from` to `to`, both included, as rows of `ts`
 * and `v` (null where the reading has none): only the signal's arrays and the times are read, for
 * the charts, which read one signal over long periods.
 */
export function compactedSignalOf(vehicleId: number, key: CompactSignal['key'], from: Instant, to: Instant) {
  const s = COMPACT_SIGNALS.find((c) => c.key === key)!;
  return sql`(select * from (select (d.day::timestamp + r.ms * interval '1 millisecond') at time zone 'UTC' as ts, ${sql.raw(signalValue(s))} as v
    from reading_day d cross join lateral unnest(d.ms, d.${sql.raw(s.column)}, d.${sql.raw(s.exactColumn)}) as r(ms, ${sql.raw(`${s.column}, ${s.exactColumn}`)})
    where d.vehicle_id = ${vehicleId} and d.day between ${utcDay(from)} and ${utcDay(to)}) c
    where c.ts between ${instant(from)} and ${instant(to)})`;
}

/**
 * The vehicle's last reading before `before` (when `where` holds for it, on can_reading's columns):
 * the hot readings' index, and the two last compacted days up to `before`'s (its own day may hold
 * only later readings, and every compacted day holds one); with `where`, every compacted day before.
 */
export function lastReadingBefore(vehicleId: number | SQL, at: Instant, where?: SQL) {
  const before = instant(at);
  const condition = where ? sql`and ${where}` : sql``;
  return asCanReading(sql`select * from (
    (select ${COLUMN_LIST} from can_reading where vehicle_id = ${vehicleId} and ts < ${before} ${condition} order by ts desc limit 1)
    union all
    (select * from (select h.* from (select * from reading_day where vehicle_id = ${vehicleId} and day <= ${utcDay(at)}
        order by day desc ${where ? sql`` : sql`limit 2`}) d
      cross join lateral (${DECODED_READINGS}) h) can_reading where ts < ${before} ${condition} order by ts desc limit 1)
  ) can_reading order by ts desc limit 1`);
}

/** The vehicle's first reading after `after`: as lastReadingBefore, the other way. */
export function firstReadingAfter(vehicleId: number | SQL, at: Instant) {
  const after = instant(at);
  return asCanReading(sql`select * from (
    (select ${COLUMN_LIST} from can_reading where vehicle_id = ${vehicleId} and ts > ${after} order by ts limit 1)
    union all
    (select * from (select h.* from (select * from reading_day where vehicle_id = ${vehicleId} and day >= ${utcDay(at)}
        order by day limit 2) d
      cross join lateral (${DECODED_READINGS}) h) c where ts > ${after} order by ts limit 1)
  ) can_reading order by ts limit 1`);
}
