/**
 * Candidate A of history compaction, PostgreSQL-native: one row per vehicle and hour (or day),
 * each signal an array of its integers at its resolution (nulls kept in the array), the readings'
 * times as millisecond offsets from the row's start, the cells as one array of millivolts with
 * each reading's count (-1: no cells), the unknown signals as a jsonb array (null when the row has
 * none); PostgreSQL's TOAST compresses each array (pglz or lz4). Built from can_reading in SQL.
 */
import type { BenchDatabase } from './bench-database.js';
import { fromIntegers, SCALED_SIGNALS, scaledCellsSql, scaledSql, type PlainReading } from './signal-resolution.js';

export interface ArrayLayout {
  period: 'hour' | 'day';
  compression: 'pglz' | 'lz4';
}
export const arrayTable = ({ period, compression }: ArrayLayout) => `history_${period}_${compression}`;

/** The table, filled vehicle by vehicle from can_reading. */
export async function buildArrays(bdb: BenchDatabase, layout: ArrayLayout, vehicleIds: number[]) {
  const table = arrayTable(layout);
  const c = `compression ${layout.compression}`;
  await bdb
    .rows(`create aggregate history_cells(anycompatiblearray) (sfunc = array_cat, stype = anycompatiblearray)`)
    .catch(
      () => undefined, // made by an earlier layout
    );
  await bdb.rows(`create table ${table} (
    vehicle_id int not null, start timestamptz not null, ms int[] ${c} not null,
    ${SCALED_SIGNALS.map((s) => `${s.column} ${s.type}[] ${c}`).join(', ')},
    cell_counts smallint[] ${c} not null, cells smallint[] ${c}, extra jsonb ${c},
    primary key (vehicle_id, start))`);
  const start = `date_trunc('${layout.period}', r.ts, 'UTC')`;
  for (const id of vehicleIds)
    await bdb.rows(
      `insert into ${table}
      select ${id}, s.start, array_agg(s.ms order by s.ts),
        ${SCALED_SIGNALS.map((sig) => `array_agg(s.${sig.column} order by s.ts)`).join(', ')},
        array_agg(s.cell_count order by s.ts), history_cells(s.cells order by s.ts),
        case when count(s.extra) > 0 then jsonb_agg(s.extra order by s.ts) end
      from (
        select r.ts, ${start} as start, (extract(epoch from r.ts - ${start}) * 1000)::int as ms,
          ${SCALED_SIGNALS.map((sig) => `${scaledSql(sig)} as ${sig.column}`).join(', ')},
          coalesce(cardinality(r.cells), -1)::smallint as cell_count, ${scaledCellsSql} as cells, r.extra
        from can_reading r where r.vehicle_id = $1
      ) s group by s.start`,
      [id],
    );
  await bdb.rows(`vacuum analyze ${table}`);
  const [size] = await bdb.rows<{ table: string; indexes: string }>(
    `select pg_table_size('${table}') as table, pg_indexes_size('${table}') as indexes`,
  );
  return { table: Number(size.table), indexes: Number(size.indexes) };
}

/** Each column's stored bytes (compressed, as TOAST keeps it), largest first. */
export async function arrayColumnBytes(bdb: BenchDatabase, table: string) {
  const columns = ['ms', ...SCALED_SIGNALS.map((s) => s.column), 'cell_counts', 'cells', 'extra'];
  const [sums] = await bdb.rows<Record<string, string | null>>(
    `select ${columns.map((c) => `sum(pg_column_size(${c})) as ${c}`).join(', ')} from ${table}`,
  );
  return columns.map((column) => ({ column, bytes: Number(sums[column] ?? 0) })).sort((a, b) => b.bytes - a.bytes);
}

interface ArrayRow {
  start: Date | string;
  ms: number[];
  cell_counts: number[];
  cells: number[] | null;
  extra: (Record<string, number> | null)[] | null;
  [column: string]: unknown;
}

/** A row's readings, in time order. */
function readingsOf(row: ArrayRow): PlainReading[] {
  const start = new Date(row.start).getTime();
  const columns = SCALED_SIGNALS.map((s) => row[s.column] as (number | null)[]);
  let cell = 0;
  return row.ms.map((ms, i) => {
    const count = row.cell_counts[i];
    const cells = count < 0 ? null : row.cells!.slice(cell, (cell += count));
    return fromIntegers(
      start + ms,
      columns.map((c) => c[i]),
      cells,
      row.extra?.[i] ?? null,
    );
  });
}

/**
 * A vehicle's readings from `from` to before `to`, at most `limit`: the rows' reading counts first
 * (only the times' array is read), then only the rows those readings are in.
 */
export async function readArrays(
  bdb: BenchDatabase,
  table: string,
  vehicleId: number,
  from: number,
  to: number,
  limit = Infinity,
): Promise<PlainReading[]> {
  // A row starts at most a period before `from`; its readings before `from` are left out below.
  const span = `vehicle_id = $1 and start > $2::timestamptz - interval '1 day' and start < $3`;
  let last = new Date(to);
  if (Number.isFinite(limit)) {
    const counts = await bdb.rows<{ start: Date | string; n: number }>(
      `select start, cardinality(ms) as n from ${table} where ${span} order by start`,
      [vehicleId, new Date(from), new Date(to)],
    );
    let seen = 0;
    for (const { start, n } of counts) {
      last = new Date(new Date(start).getTime() + 1);
      if ((seen += n) >= limit) break;
    }
  }
  const rows = await bdb.rows<ArrayRow>(`select * from ${table} where ${span} order by start`, [
    vehicleId,
    new Date(from),
    last,
  ]);
  const readings = rows.flatMap(readingsOf).filter((r) => r.ts >= from && r.ts < to);
  return readings.slice(0, limit);
}
