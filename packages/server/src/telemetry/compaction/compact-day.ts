import { MAX_CELLS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { CELL_SCALE, cellColumn, COMPACT_SIGNALS, type CompactSignal } from '../../db/history-schema.js';
import { DECODED_READINGS, READING_COLUMNS } from '../../db/reading-history.js';

const INT_LIMIT = { smallint: 32_767, int: 2_147_483_647 };
const CELL_LIMIT = Math.floor(INT_LIMIT.smallint / CELL_SCALE);

/** SQL: the reading's value is its integer at the resolution, divided back exactly (`o.` columns). */
const atResolution = ({ column, scale, type }: CompactSignal) =>
  scale === 1
    ? `(abs(o.${column}) <= ${INT_LIMIT[type]} and round(o.${column}) = o.${column})`
    : `(abs(o.${column}) <= ${INT_LIMIT[type] / scale} and round(o.${column} * ${scale}) / ${scale} = o.${column})`;
const integerOf = ({ column, scale, type }: CompactSignal) =>
  scale === 1 ? `round(o.${column})::${type}` : `round(o.${column} * ${scale})::${type}`;
/** SQL: an array of the day's `value`s in time order, or null when none of them is set. */
const arrayOf = (value: string) => `case when count(${value}) > 0 then array_agg(${value} order by o.ts) end`;

const signalArrays = COMPACT_SIGNALS.flatMap((s) => [
  arrayOf(`case when ${atResolution(s)} then ${integerOf(s)} end`),
  arrayOf(`case when o.${s.column} is not null and not ${atResolution(s)} then o.${s.column} end`),
]);
const cellArrays = Array.from({ length: MAX_CELLS }, (_, i) =>
  arrayOf(`case when o.cells_ok then round(o.cells[${i + 1}]::float8 * ${CELL_SCALE})::smallint end`),
);
const CELLS = Array.from({ length: MAX_CELLS }, (_, i) => `m.cells[${i + 1}]`).join(', ');
const CELLS_BACK = Array.from(
  { length: MAX_CELLS },
  (_, i) => `(round(m.cells[${i + 1}]::float8 * ${CELL_SCALE}) / ${CELL_SCALE}::float8)::real`,
).join(', ');
/**
 * SQL: every cell of the reading is a number its millivolts give back exactly: the list equals
 * itself rebuilt from them, and lies within a smallint's millivolts.
 */
const CELLS_OK = `m.cells is not null and cardinality(m.cells) <= ${MAX_CELLS} and array_position(m.cells, null) is null
  and coalesce(greatest(${CELLS}), 0) <= ${CELL_LIMIT} and coalesce(least(${CELLS}), 0) >= -${CELL_LIMIT}
  and m.cells = (array[${CELLS_BACK}])[1:cardinality(m.cells)]`;

const TARGET = [
  'vehicle_id',
  'day',
  'readings',
  'ms',
  ...COMPACT_SIGNALS.flatMap((s) => [s.column, s.exactColumn]),
  'cell_count',
  ...Array.from({ length: MAX_CELLS }, (_, i) => cellColumn(i)),
  'cells_exact',
  'extra',
];
const UPDATES = TARGET.slice(2)
  .map((c) => `${c} = excluded.${c}`)
  .concat('compacted_at = now()')
  .join(', ');

/**
 * Moves a vehicle's hot readings of one UTC day into the day's compacted row, in one statement, and
 * drops the day's chart minutes, which the charts sum from the compacted readings instead: the
 * readings deleted from can_reading are exactly the ones compacted (another transaction's readings
 * of that day stay hot until the next run), merged with what the row already held (a late reading's
 * day compacted again; a reading in both is the hot one). A time with a fraction of a millisecond
 * stays hot: the row keeps milliseconds. Returns how many readings moved.
 */
export async function compactDay(db: Db, vehicleId: number, day: string): Promise<number> {
  const start = sql`${day}::date::timestamp at time zone 'UTC'`;
  const { rows } = await db.execute<{ moved: number }>(sql`
    with moved as (
      delete from can_reading where vehicle_id = ${vehicleId} and ts >= ${start} and ts < ${start} + interval '1 day'
        and date_trunc('milliseconds', ts) = ts
      returning ${sql.raw(READING_COLUMNS.join(', '))}
    ), minutes as (
      delete from signal_minute where vehicle_id = ${vehicleId} and minute >= ${start} and minute < ${start} + interval '1 day'
    ), kept as (
      select h.* from reading_day d cross join lateral (${DECODED_READINGS}) h where d.vehicle_id = ${vehicleId} and d.day = ${day}::date
    ), merged as (
      select distinct on (ts) * from (select *, 0 as rank from moved union all select *, 1 from kept) u order by ts, rank
    ), o as materialized (
      -- materialized: inlined, each of the cells' arrays would evaluate cells_ok again, twice a reading
      select m.*, ${sql.raw(CELLS_OK)} as cells_ok from merged m
    ), written as (
      insert into reading_day (${sql.raw(TARGET.join(', '))})
      select ${vehicleId}, ${day}::date, count(*), array_agg((extract(epoch from o.ts - ${start}) * 1000)::int order by o.ts),
        ${sql.raw(signalArrays.join(',\n'))},
        ${sql.raw(arrayOf('cardinality(o.cells)::smallint'))},
        ${sql.raw(cellArrays.join(',\n'))},
        ${sql.raw(arrayOf('case when o.cells is not null and not o.cells_ok then o.cells::text end'))},
        ${sql.raw(arrayOf('o.extra'))}
      from o having count(*) > 0
      on conflict (vehicle_id, day) do update set ${sql.raw(UPDATES)}
    )
    select count(*)::int as moved from moved`);
  return rows[0].moved;
}
