/**
 * Candidate B of history compaction: closed days as Parquet files compressed with ZSTD, written
 * and read by DuckDB (@duckdb/node-api), sorted by vehicle and time; each signal as its integer at
 * its resolution, the time as epoch milliseconds, the cells a list of millivolts, the unknown
 * signals their jsonb text. One file a day for every vehicle, or one a vehicle and day. The rows
 * come out of the database as CSV (DuckDB's PostgreSQL extension is downloaded at run time, which
 * this machine cannot do).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { BenchDatabase } from './bench-database.js';
import { directoryBytes } from './bench-database.js';
import { fromIntegers, SCALED_SIGNALS, scaledCellsSql, scaledSql, type PlainReading } from './signal-resolution.js';

export interface ParquetLayout {
  /** One file a day, or one a vehicle and day. */
  files: 'day' | 'vehicle-day';
  /** Parquet format version: V2 writes integers with DELTA_BINARY_PACKED. */
  version: 'V1' | 'V2';
}
export const parquetName = ({ files, version }: ParquetLayout) => `parquet_${files}_${version}`.replace('-', '_');

const DAY_MS = 86_400_000;
const csvColumns = `{'vehicle_id': 'INTEGER', 'ts': 'BIGINT', ${SCALED_SIGNALS.map((s) => `'${s.column}': '${s.type === 'int' ? 'INTEGER' : 'SMALLINT'}'`).join(', ')}, 'cells': 'VARCHAR', 'extra': 'VARCHAR'}`;
const fromCsv = (file: string) => `select vehicle_id, ts, ${SCALED_SIGNALS.map((s) => s.column).join(', ')},
    case when cells is null then null when cells = '' then []::smallint[] else cast(string_split(cells, ' ') as smallint[]) end as cells,
    extra
  from read_csv('${file}', header = true, allow_quoted_nulls = false, columns = ${csvColumns})
  order by vehicle_id, ts`;

export async function openDuck(): Promise<DuckDBConnection> {
  return (await DuckDBInstance.create(':memory:')).connect();
}

/** Each day's readings as CSV in `dir` (day-<start ms>.csv), once for every layout. */
export async function exportDays(bdb: BenchDatabase, from: number, to: number, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let day = from; day < to; day += DAY_MS) {
    const file = join(dir, `day-${day}.csv`);
    await bdb.csvInto(
      `select r.vehicle_id, (extract(epoch from r.ts) * 1000)::bigint as ts,
        ${SCALED_SIGNALS.map((s) => `${scaledSql(s)} as ${s.column}`).join(', ')},
        array_to_string(${scaledCellsSql}, ' ') as cells, r.extra::text as extra
      from can_reading r where r.ts >= '${new Date(day).toISOString()}' and r.ts < '${new Date(day + DAY_MS).toISOString()}'`,
      file,
    );
    files.push(file);
  }
  return files;
}

/** Writes the layout's files under `dir` from the days' CSV; returns their bytes. */
export async function writeParquet(duck: DuckDBConnection, layout: ParquetLayout, csvFiles: string[], dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const csv of csvFiles) {
    const day = /day-(\d+)\.csv$/.exec(csv)![1];
    const options = `format parquet, compression zstd, parquet_version ${layout.version}`;
    if (layout.files === 'day')
      await duck.run(`copy (${fromCsv(csv)}) to '${join(dir, `${day}.parquet`)}' (${options})`);
    else await duck.run(`copy (${fromCsv(csv)}) to '${join(dir, day)}' (${options}, partition_by (vehicle_id))`);
  }
  return directoryBytes(dir);
}

/** Each column's compressed bytes in the layout's files, largest first. */
export async function parquetColumnBytes(duck: DuckDBConnection, dir: string) {
  const reader = await duck.runAndReadAll(
    `select path_in_schema, sum(total_compressed_size)::double from parquet_metadata('${dir}/**/*.parquet') group by 1 order by 2 desc`,
  );
  return reader.getRowsJS().map(([column, bytes]) => ({ column: String(column), bytes: Number(bytes) }));
}

/** The file(s) holding a vehicle's readings of the day starting at `day`. */
const filesOf = (layout: ParquetLayout, dir: string, vehicleId: number, day: number) =>
  layout.files === 'day' ? join(dir, `${day}.parquet`) : join(dir, String(day), `vehicle_id=${vehicleId}`, '*.parquet');

/** A vehicle's readings of the day starting at `day`, at most `limit`. */
export async function readParquet(
  duck: DuckDBConnection,
  layout: ParquetLayout,
  dir: string,
  vehicleId: number,
  day: number,
  limit = Infinity,
): Promise<PlainReading[]> {
  const where = layout.files === 'day' ? `where vehicle_id = ${vehicleId}` : '';
  const reader = await duck.runAndReadAll(
    `select ts, ${SCALED_SIGNALS.map((s) => s.column).join(', ')}, cells, extra from read_parquet('${filesOf(layout, dir, vehicleId, day)}') ${where} order by ts
    ${Number.isFinite(limit) ? `limit ${limit}` : ''}`,
  );
  return reader.getRowsJS().map((row) => {
    const cells = row[1 + SCALED_SIGNALS.length] as number[] | null;
    const extra = row[2 + SCALED_SIGNALS.length] as string | null;
    const integers = row.slice(1, 1 + SCALED_SIGNALS.length) as (number | null)[];
    return fromIntegers(
      Number(row[0]),
      integers,
      cells,
      extra === null ? null : (JSON.parse(extra) as Record<string, number>),
    );
  });
}
