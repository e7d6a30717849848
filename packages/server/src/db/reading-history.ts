import { MAX_CELLS } from '@evfleet/domain';
import { getTableColumns, sql, Subquery, type SQL } from 'drizzle-orm';
import { CELL_SCALE, cellColumn, COMPACT_SIGNALS, minuteColumns, type CompactSignal } from './history-schema.js';
import { canReading } from './telemetry-schema.js';

/**
 * A vehicle's readings wherever they are kept: can_reading for the hot window (and readings that
 * arrived late for a compacted day, until the day is compacted again), reading_day past it. Every
 * query over history reads them through these subqueries, each named `can_reading`, so a query's
 * columns are can_reading's and it reads the same either way.
 */

/** The columns a reading reads back with, in order. */
export const READING_COLUMNS = ['vehicle_id', 'ts', ...COMPACT_SIGNALS.map((s) => s.column), 'cells', 'extra'];
/** Of them, the values: what a read may pick. */
const VALUE_COLUMNS = READING_COLUMNS.slice(2);

const DAY_MS = 86_400_000;
const cellColumns = Array.from({ length: MAX_CELLS }, (_, i) => cellColumn(i));

/** A value back from its integer: the division by a power of ten is correctly rounded, so it is the double stored. */
const signalValue = (s: CompactSignal, column = s.column, exactColumn = s.exactColumn) =>
  s.scale === 1
    ? `coalesce(r.${column}::float8, r.${exactColumn})`
    : `coalesce(r.${column}::float8 / ${s.scale}, r.${exactColumn})`;
/**
 * A cell's volts from its millivolts, in real arithmetic: the quotient of two reals is correctly
 * rounded, and so is the real of the double quotient (a double holds more than twice a real's
 * digits), so it is the real that was stored, in one operation fewer (all 65,535 checked).
 */
const cellValues = (count: number) =>
  `array[${cellColumns
    .slice(0, count)
    .map((c) => `r.${c}::real / ${CELL_SCALE}::real`)
    .join(', ')}]`;
/** The packs' usual cell counts: a reading of one of them builds its list at once, others slice the longest. */
const USUAL_CELL_COUNTS = [16, 20, 24, 28, 32];
const cellsValue = `case when r.cells_exact is not null then r.cells_exact::real[]
  ${USUAL_CELL_COUNTS.map((n) => `when r.cell_count = ${n} then ${cellValues(n)}`).join(' ')}
  when r.cell_count is not null then (${cellValues(MAX_CELLS)})[1:r.cell_count] end`;

/** Each value column of a reading: the compacted row's arrays it is decoded from, and how. */
const DECODING: Record<string, { arrays: string[]; value: string }> = {
  ...Object.fromEntries(
    COMPACT_SIGNALS.map((s) => [s.column, { arrays: [s.column, s.exactColumn], value: signalValue(s) }]),
  ),
  cells: { arrays: ['cell_count', ...cellColumns, 'cells_exact'], value: cellsValue },
  extra: { arrays: ['extra'], value: 'r.extra' },
};

/**
 * SQL: the instant `ms` milliseconds into the day of compacted row `d`. Counted from the epoch in
 * milliseconds, the sum is an interval of time alone, so no time zone is looked up for each reading
 * (a query's conditions on `ts` compute it again for each).
 */
const instantOf = (ms: string) =>
  `timestamptz 'epoch' + ((d.day - date '1970-01-01') * ${DAY_MS}::bigint + ${ms}) * interval '1 millisecond'`;

/** The compacted row's arrays the `columns` are decoded from, the times first. */
const arraysOf = (columns: readonly string[]) => ['ms', ...columns.flatMap((c) => DECODING[c].arrays)];
/** SQL: can_reading's `vehicle_id`, `ts` and `columns` of the array elements `r` of a compacted row `d`. */
const readingOf = (columns: readonly string[]) =>
  `d.vehicle_id, ${instantOf('r.ms')} as ts
    ${columns.map((c) => `, ${DECODING[c].value} as ${c}`).join('')}`;

/**
 * SQL: the readings of compacted rows `d` (a reading_day alias in scope) as can_reading's
 * `vehicle_id`, `ts` and `columns`, those of `slice` (`[i:j]`, positions in the day's arrays) or
 * all. Only the arrays of the columns asked for are read. They are unnested in the select list,
 * where PostgreSQL steps through them together, rather than in `from unnest(a, b, …)`, which copies
 * each array's elements into a store of its own first (four times as long: bench/compacted-reads.ts).
 */
const decoded = (columns: readonly string[], slice = '', { positions = false } = {}) =>
  // With positions, each reading's place in the day's arrays too, as `pos` (the slice is `[d.i:d.j]`).
  sql.raw(`select ${readingOf(columns)} ${positions ? ', r.pos' : ''}
    from (select ${arraysOf(columns)
      .map((a) => `unnest(d.${a}${slice}) as ${a}`)
      .join(', ')}
      ${positions ? ', generate_series(d.i, d.j) as pos' : ''}) r`);
/** Every reading of compacted rows `d` (a reading_day alias in scope), as can_reading's columns. */
export const DECODED_READINGS = decoded(VALUE_COLUMNS);

/**
 * Which of a reading's values a read takes: all, or those of a selection of can_reading's columns
 * (as a query selects them, `METER_COLUMNS`). Only these are read; a query that names another
 * column of the read fails.
 */
export type Picked = Record<string, { name: string }> | undefined;
const valuesOf = (picked: Picked) => {
  if (!picked) return VALUE_COLUMNS;
  const names = new Set(Object.values(picked).map((c) => c.name));
  return VALUE_COLUMNS.filter((c) => names.has(c));
};
const selectList = (columns: readonly string[]) => sql.raw(['vehicle_id', 'ts', ...columns].join(', '));

/** An instant given as a Date or as SQL (a column, `'-infinity'`…). */
export type Instant = Date | SQL;
/** A subquery standing in for can_reading: a query selects and orders by can_reading's columns. */
const asCanReading = (query: SQL) => new Subquery(query, getTableColumns(canReading), 'can_reading');

const instant = (at: Instant) =>
  at instanceof Date ? sql`${at.toISOString()}::timestamptz` : sql`(${at})::timestamptz`;
const utcDay = (at: Instant) =>
  at instanceof Date
    ? sql`${at.toISOString().slice(0, 10)}::date`
    : sql`((${at})::timestamptz at time zone 'UTC')::date`;

/**
 * SQL: `i` and `j`, the positions in the times' array of compacted rows `d` of the first and last
 * reading from `from` to `to` (`j` < `i` when none): the times are in order, so `width_bucket`
 * finds both by bisection, and a read decodes only the readings of its range, not its days whole.
 */
function positions(from: Instant, to: Instant) {
  // Milliseconds into the day; a day the range covers whole is taken whole, without reading its times.
  const ms = (at: Instant) => sql`(extract(epoch from ${instant(at)}) * 1000 - z.start)`;
  return sql`(select case when ${ms(from)} <= 0 then 1 else width_bucket(least(ceil(${ms(from)}), ${DAY_MS})::int - 1, d.ms) + 1 end as i,
      case when ${ms(to)} >= ${DAY_MS - 1} then d.readings else width_bucket(greatest(floor(${ms(to)}), -1)::int, d.ms) end as j
    from (select (d.day - date '1970-01-01')::bigint * ${DAY_MS} as start) z) p`;
}

/** The compacted rows of a vehicle's days from `from` to `to` with a reading in it, as `d`, with the positions `i` and `j` of the range in each. */
export const compactedDays = (vehicleId: number | SQL, from: Instant, to: Instant) =>
  sql`(select d.*, p.i, p.j from reading_day d cross join lateral ${positions(from, to)}
    where d.vehicle_id = ${vehicleId} and d.day between ${utcDay(from)} and ${utcDay(to)} and p.j >= p.i) d`;

/**
 * A vehicle's readings from `from` to `to`, both included, as a subquery named can_reading (of the
 * `picked` columns' values, or all): the caller's own conditions on `can_reading` columns still apply.
 */
export function readingsOf(vehicleId: number | SQL, from: Instant, to: Instant, picked?: Picked) {
  const columns = valuesOf(picked);
  return asCanReading(sql`select ${selectList(columns)} from can_reading where vehicle_id = ${vehicleId} and ts between ${instant(from)} and ${instant(to)}
    union all
    select h.* from ${compactedDays(vehicleId, from, to)} cross join lateral (${decoded(columns, '[d.i:d.j]')}) h`);
}

/**
 * A vehicle's readings at the given instants (Unix milliseconds, to the microsecond; those it
 * has), as a subquery named can_reading (of the `picked` columns' values, or all): the hot rows by their index, and of each
 * compacted day that holds one of the instants only the readings at them. A day's arrays are
 * decompressed once (copied whole by `[:]` into a materialized CTE, then read by position), not
 * once for each reading read.
 */
export function readingsAt(vehicleId: number, instants: readonly number[], picked?: Picked) {
  const columns = valuesOf(picked);
  const arrays = arraysOf(columns);
  const times = sql`${`{${instants.join(',')}}`}::numeric[]`;
  const days = [...new Set(instants.map((t) => new Date(Math.floor(t / DAY_MS) * DAY_MS).toISOString().slice(0, 10)))];
  return asCanReading(sql`select ${selectList(columns)} from can_reading
      where vehicle_id = ${vehicleId} and ts = any(array(select to_timestamp(t / 1000) from unnest(${times}) t))
    union all
    (with d as materialized (select vehicle_id, day, (day - date '1970-01-01')::bigint * ${DAY_MS} as start,
        ${sql.raw(arrays.map((a) => `${a}[:] as ${a}`).join(', '))}
      from reading_day where vehicle_id = ${vehicleId} and day = any(${`{${days.join(',')}}`}::date[]))
    select ${sql.raw(readingOf(columns))}
    from d cross join lateral (select (t - d.start)::int as o from unnest(${times}) t
      where t >= d.start and t < d.start + ${DAY_MS} and t = trunc(t)) o
    cross join lateral (select width_bucket(o.o - 1, d.ms) + 1 as p) p
    cross join lateral (select ${sql.raw(arrays.map((a) => `d.${a}[p.p] as ${a}`).join(', '))}) r
    where r.ms = o.o)`);
}

/**
 * About `size` of a vehicle's compacted readings from `from` to `to`, both included, spread evenly
 * over them (each k-th of the range's), as a subquery named can_reading (of the `picked` columns'
 * values, or all): a sample of the compacted days, where hot readings are sampled by probing their
 * index at instants instead.
 */
export function compactedSampleOf(vehicleId: number, from: Instant, to: Instant, size: number, picked?: Picked) {
  const columns = valuesOf(picked);
  return asCanReading(sql`select ${sql.raw(['h.vehicle_id', 'h.ts', ...columns.map((c) => `h.${c}`)].join(', '))}
    from (select d.*, greatest(1, (sum(d.j - d.i + 1) over () / ${size})::int) as every from ${compactedDays(vehicleId, from, to)}) d
    cross join lateral (${decoded(columns, '[d.i:d.j]', { positions: true })}) h
    where h.pos % d.every = 0`);
}

/**
 * The instants of a vehicle's readings from `from` to `to`, both included, as a subquery named
 * can_reading of `vehicle_id` and `ts` only: the hot rows' index alone, and of a compacted day
 * only its times, for a page's instants before its rows are read. With `first`, of the compacted
 * days only those that may hold one of the range's first `first` instants in the order asked.
 */
export function timesOf(vehicleId: number, from: Instant, to: Instant, first?: { count: number; descending: boolean }) {
  const { vehicleId: v, ts } = getTableColumns(canReading);
  const order = sql.raw(first?.descending ? 'desc' : 'asc');
  // A day can hold one of the first n instants only if fewer than n of the range come before it.
  const days = first
    ? sql`select * from (select d.vehicle_id, d.day, d.ms, d.i, d.j,
          coalesce(sum(d.j - d.i + 1) over (order by d.day ${order} rows between unbounded preceding and 1 preceding), 0) as before
        from ${compactedDays(vehicleId, from, to)}) d where d.before < ${first.count}`
    : sql`select d.vehicle_id, d.day, d.ms, d.i, d.j from ${compactedDays(vehicleId, from, to)}`;
  return new Subquery(
    sql`select vehicle_id, ts from can_reading where vehicle_id = ${vehicleId} and ts between ${instant(from)} and ${instant(to)}
    union all
    select d.vehicle_id, ${sql.raw(instantOf('m'))} as ts
      from (${days}) d cross join lateral unnest(d.ms[d.i:d.j]) m`,
    { vehicleId: v, ts },
    'can_reading',
  );
}

/** SQL: how many readings a vehicle has from `from` to `to`, both included; of a compacted day, no value is read. */
export function countOf(vehicleId: number, from: Instant, to: Instant) {
  return sql`((select count(*) from can_reading where vehicle_id = ${vehicleId} and ts between ${instant(from)} and ${instant(to)})
    + coalesce((select sum(d.j - d.i + 1) from ${compactedDays(vehicleId, from, to)}), 0))::int`;
}

/**
 * The chart's summary of a signal over a vehicle's compacted days, each minute starting from `from`
 * to before `to`, as rows of `t` (the minute's start, milliseconds since 1970, a bigint), `n` (its
 * readings), `low` and `high` (its extremes, null when none of its readings has the signal): what
 * signal_minute holds for hot readings.
 */
export function compactedMinutesOf(vehicleId: number, key: CompactSignal['key'], from: number, to: number) {
  const s = COMPACT_SIGNALS.find((c) => c.key === key)!;
  const { low, lowExact, high, highExact } = minuteColumns(s);
  const arrays = ['minute_readings', low, lowExact, high, highExact];
  // The minute's start is computed beside the unnesting, once a minute rather than once a use.
  return sql`(select r.t, r.minute_readings as n,
      ${sql.raw(signalValue(s, low, lowExact))} as low, ${sql.raw(signalValue(s, high, highExact))} as high
    from (select (d.day - date '1970-01-01')::bigint * ${DAY_MS} + unnest(d.minutes) * 60000 as t,
        ${sql.raw(arrays.map((a) => `unnest(d.${a}) as ${a}`).join(', '))}
      from reading_day d where d.vehicle_id = ${vehicleId} and d.day between ${utcDay(new Date(from))} and ${utcDay(new Date(to))}) r
    where r.t >= ${from} and r.t < ${to})`;
}

/**
 * The vehicle's last reading before `before` (of the `picked` columns' values, or all; when `where`
 * holds for it, on can_reading's columns): the hot readings' index, and the compacted days up to
 * `before`'s with a reading up to it, newest first, until one holds such a reading. Of a day, the
 * last readings up to `before` are decoded first, the day's others only when none of those will do.
 */
export function lastReadingBefore(
  vehicleId: number | SQL,
  at: Instant,
  { where, picked }: { where?: SQL; picked?: Picked } = {},
) {
  const columns = valuesOf(picked);
  const before = instant(at);
  const condition = where ? sql`and ${where}` : sql``;
  const last = (slice: string) =>
    sql`(select * from (${decoded(columns, slice)}) can_reading where ts < ${before} ${condition} order by ts desc limit 1)`;
  return asCanReading(sql`select * from (
    (select ${selectList(columns)} from can_reading where vehicle_id = ${vehicleId} and ts < ${before} ${condition} order by ts desc limit 1)
    union all
    (select h.* from (select * from ${compactedDays(vehicleId, sql`'-infinity'`, at)} order by d.day desc) d
      cross join lateral (${last('[greatest(d.i, d.j - 15):d.j]')} union all ${last('[d.i:d.j]')} limit 1) h
      limit 1)
  ) can_reading order by ts desc limit 1`);
}

/** The vehicle's first reading after `after`: the hot readings' index, and of the compacted days the first reading after it. */
export function firstReadingAfter(vehicleId: number | SQL, at: Instant, picked?: Picked) {
  const columns = valuesOf(picked);
  const after = instant(at);
  return asCanReading(sql`select * from (
    (select ${selectList(columns)} from can_reading where vehicle_id = ${vehicleId} and ts > ${after} order by ts limit 1)
    union all
    (select h.* from (select * from ${compactedDays(vehicleId, at, sql`'infinity'`)} order by d.day) d
      cross join lateral (select * from (${decoded(columns, '[d.i:least(d.j, d.i + 1)]')}) c where ts > ${after} order by ts limit 1) h
      limit 1)
  ) can_reading order by ts limit 1`);
}
