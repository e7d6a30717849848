import { MAX_CELLS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { CELL_SCALE, cellColumn, COMPACT_SIGNALS, minuteColumns, type CompactSignal } from '../../db/history-schema.js';
import { DECODED_READINGS, READING_COLUMNS } from '../../db/reading-history.js';
import { lockVehicleHistory } from './history-lock.js';

const INT_LIMIT = { smallint: 32_767, int: 2_147_483_647 };
const CELL_LIMIT = Math.floor(INT_LIMIT.smallint / CELL_SCALE);

/** SQL: `value` (of signal `s`) is its integer at the resolution, divided back exactly. */
const atResolution = ({ scale, type }: CompactSignal, value: string) =>
  scale === 1
    ? `(abs(${value}) <= ${INT_LIMIT[type]} and round(${value}) = ${value})`
    : `(abs(${value}) <= ${INT_LIMIT[type] / scale} and round(${value} * ${scale}) / ${scale} = ${value})`;
const integerOf = ({ scale, type }: CompactSignal, value: string) =>
  scale === 1 ? `round(${value})::${type}` : `round(${value} * ${scale})::${type}`;
/** SQL: an array of `value`s in `order`, or null when none of them is set. */
const arrayOf = (value: string, order = 'o.ts') =>
  `case when count(${value}) > 0 then array_agg(${value} order by ${order}) end`;
/** SQL: the two arrays of a signal's `value`s: the integers at the resolution, the values as stored where not. */
const valueArrays = (s: CompactSignal, value: string, order?: string) => [
  arrayOf(`case when ${atResolution(s, value)} then ${integerOf(s, value)} end`, order),
  arrayOf(`case when ${value} is not null and not ${atResolution(s, value)} then ${value} end`, order),
];

const signalArrays = COMPACT_SIGNALS.flatMap((s) => valueArrays(s, `o.${s.column}`));
/** Each signal's extremes in a minute of the day's readings `o`, and the arrays of them over the minutes `p`. */
const minuteExtremes = COMPACT_SIGNALS.map(
  (s) => `min(o.${s.column}) as ${minuteColumns(s).low}, max(o.${s.column}) as ${minuteColumns(s).high}`,
);
const minuteArrays = COMPACT_SIGNALS.flatMap((s) => [
  ...valueArrays(s, `p.${minuteColumns(s).low}`, 'p.minute'),
  ...valueArrays(s, `p.${minuteColumns(s).high}`, 'p.minute'),
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
  'minutes',
  'minute_readings',
  ...COMPACT_SIGNALS.flatMap((s) => Object.values(minuteColumns(s))),
];
const UPDATES = TARGET.slice(2)
  .map((c) => `${c} = excluded.${c}`)
  .concat('compacted_at = now()')
  .join(', ');

/**
 * Moves a vehicle's hot readings of one UTC day into the day's compacted row, in one statement, and
 * swaps the day's chart minutes for the row's summary of them: the readings deleted from
 * can_reading are exactly the ones compacted (another transaction's readings of that day stay hot
 * until the next run), merged with what the row already held (a late reading's day compacted again;
 * a reading in both is the hot one). A time with a fraction of a millisecond stays hot: the row
 * keeps milliseconds. Returns how many readings moved.
 */
export async function compactDay(db: Db, vehicleId: number, day: string): Promise<number> {
  const start = sql`${day}::date::timestamp at time zone 'UTC'`;
  return db.transaction(async (tx) => {
    await lockVehicleHistory(tx, vehicleId);
    const { rows } = await tx.execute<{ moved: number }>(sql`
    with moved as (
      delete from can_reading where vehicle_id = ${vehicleId} and ts >= ${start} and ts < ${start} + interval '1 day'
        and date_trunc('milliseconds', ts) = ts
      returning ${sql.raw(READING_COLUMNS.join(', '))}
    ), dropped_minutes as (
      delete from signal_minute where vehicle_id = ${vehicleId} and minute >= ${start} and minute < ${start} + interval '1 day'
    ), kept as (
      select h.* from reading_day d cross join lateral (${DECODED_READINGS}) h where d.vehicle_id = ${vehicleId} and d.day = ${day}::date
    ), merged as (
      select distinct on (ts) * from (select *, 0 as rank from moved union all select *, 1 from kept) u order by ts, rank
    ), o as materialized (
      -- materialized: inlined, each of the cells' arrays would evaluate cells_ok again, twice a reading
      select m.*, ${sql.raw(CELLS_OK)} as cells_ok from merged m
    ), per_minute as (
      select floor(extract(epoch from o.ts - ${start}) / 60)::smallint as minute, count(*)::int as n,
        ${sql.raw(minuteExtremes.join(',\n'))}
      from o group by 1
    ), written as (
      insert into reading_day (${sql.raw(TARGET.join(', '))})
      select ${vehicleId}, ${day}::date, r.*, m.*
      from (select count(*) as readings, array_agg((extract(epoch from o.ts - ${start}) * 1000)::int order by o.ts),
          ${sql.raw(signalArrays.join(',\n'))},
          ${sql.raw(arrayOf('cardinality(o.cells)::smallint'))},
          ${sql.raw(cellArrays.join(',\n'))},
          ${sql.raw(arrayOf('case when o.cells is not null and not o.cells_ok then o.cells::text end'))},
          ${sql.raw(arrayOf('o.extra'))}
        from o) r,
        (select array_agg(p.minute order by p.minute), array_agg(p.n order by p.minute),
          ${sql.raw(minuteArrays.join(',\n'))}
        from per_minute p) m
      where r.readings > 0
      on conflict (vehicle_id, day) do update set ${sql.raw(UPDATES)}
    )
    select count(*)::int as moved from moved`);
    return rows[0].moved;
  });
}
