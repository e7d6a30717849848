import type { CanReportCriteria, SortType } from '@evfleet/domain';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { forEachBatch } from '../../../db/cursor.js';
import { countOf, readingsAt, readingsOf, timesOf, type Picked } from '../../../db/reading-history.js';
import { canReportTemplate } from '../../../db/reports-schema.js';
import { vehicle } from '../../../db/schema.js';
import { canReading, vehicleState } from '../../../db/telemetry-schema.js';
import { EXCEL_UNIX_EPOCH_DAYS } from '../../../lib/xlsx-writer/xlsx-text-rows.js';
import { orderOf, type SelectedColumn } from './report-columns.js';

/** One stored reading as the report reads it: its time and the chosen values, c0…cn in column order. */
export type ReadingRow = { ts: Date | string } & Record<string, number | null>;

const alias = (i: number) => `c${i}`;
const selectList = (columns: readonly SelectedColumn[]) =>
  sql.join(
    [sql`${canReading.ts} as ts`, ...columns.map((c, i) => sql`${c.value} as ${sql.identifier(alias(i))}`)],
    sql`, `,
  );
/** A part of a range: the readings before an instant, or from it. */
export interface RangePart {
  before?: Date;
  from?: Date;
}

/** The two halves of a range in time, read at once on two connections (PostgreSQL). */
export function halvesOf(c: CanReportCriteria): [RangePart, RangePart] {
  const middle = new Date((c.start.getTime() + c.end.getTime()) / 2);
  return [{ before: middle }, { from: middle }];
}

/**
 * The vehicle's readings of a range (or part of it), compacted or not, as `can_reading` (of the
 * `picked` columns, or all): inRange picks them exactly.
 */
export const readingsIn = (c: CanReportCriteria, part: RangePart = {}, picked?: Picked) =>
  readingsOf(c.vehicleId, part.from ?? c.start, part.before ?? c.end, picked);

export const inRange = (c: CanReportCriteria, part: RangePart = {}) =>
  sql`${canReading.vehicleId} = ${c.vehicleId} and ${canReading.ts} between ${c.start.toISOString()}::timestamptz and ${c.end.toISOString()}::timestamptz
    ${part.before ? sql`and ${canReading.ts} < ${part.before.toISOString()}::timestamptz` : sql``} ${part.from ? sql`and ${canReading.ts} >= ${part.from.toISOString()}::timestamptz` : sql``}`;

/** The columns of can_reading a report's chosen signals are read from. */
const readOf = (q: ReportQuery): Picked => Object.fromEntries(q.columns.map((c, i) => [alias(i), c.reads]));

/** The fields of a reading in an export: its time as an Excel date (lib/xlsx-writer/xlsx-text-rows.ts), then the chosen values. */
const exportFields = (columns: readonly SelectedColumn[]) => [
  sql`date_part('epoch', ${canReading.ts}) / 86400 + ${sql.raw(String(EXCEL_UNIX_EPOCH_DAYS))}`,
  ...columns.map((c) => c.value),
];
const exportRows = (q: ReportQuery) =>
  sql`from ${readingsIn(q.criteria, {}, readOf(q))} where ${inRange(q.criteria)} order by ${orderOf(q.sortBy, q.sortType, q.columns)}`;

/** The rows of an export, a column per field (PostgreSQL's COPY writes each number's text, an empty value as told). */
export const exportQuery = (q: ReportQuery) =>
  sql`select ${sql.join(exportFields(q.columns), sql`, `)} ${exportRows(q)}`;

/**
 * The same rows as one line of text each, tab-separated with an empty field for an empty value, as
 * the COPY writes them: where there is no COPY to a stream (PGlite), the server still handles one
 * string per reading rather than an object, a Date and a number per value.
 */
const exportLineQuery = (q: ReportQuery) =>
  sql`select concat_ws(chr(9), ${sql.join(
    exportFields(q.columns).map((f) => sql`coalesce((${f})::text, '')`),
    sql`, `,
  )}) as line ${exportRows(q)}`;

/**
 * Lines as one text, each ended by a newline, written straight into a buffer kept from batch to
 * batch (no joined string, and no new megabytes for every batch for the allocator to scatter).
 */
function linesWriter() {
  let text = Buffer.allocUnsafe(0);
  return (rows: readonly { line: string }[]) => {
    let length = 0;
    for (const { line } of rows) length += line.length + 1;
    if (text.length < length) text = Buffer.allocUnsafe(length * 2);
    let at = 0;
    for (const { line } of rows) {
      at += text.write(line, at, 'latin1');
      text[at++] = 10;
    }
    return text.subarray(0, at);
  };
}

export interface ReportQuery {
  criteria: CanReportCriteria;
  columns: readonly SelectedColumn[];
  sortBy: string;
  sortType: SortType;
}

/** The values of a row in column order (aliases c0…cn). */
export const valuesOf = (row: ReadingRow, columns: readonly SelectedColumn[]) =>
  columns.map((_, i) => row[alias(i)] ?? null);

export const canReportRepository = {
  /** The vehicles a caller may report on, by name then VIN (the label is 'name - VIN: vin'). */
  vehicleOptions: (db: Db, where: SQL | undefined) =>
    db
      .select({ id: vehicle.id, name: vehicle.name, vin: vehicle.vin })
      .from(vehicle)
      .where(where)
      .orderBy(sql`lower(${vehicle.name})`, asc(vehicle.vin)),

  vehicle: async (db: Db, where: SQL) =>
    (
      await db
        .select({
          id: vehicle.id,
          name: vehicle.name,
          vin: vehicle.vin,
          timeZone: vehicle.timeZone,
          fleetId: vehicle.fleetId,
        })
        .from(vehicle)
        .where(where)
        .limit(1)
    )[0],

  /** Every signal key the given vehicles ever reported (vehicle_state keeps the last value of each). */
  reportedKeys: async (db: Db, where: SQL | undefined) => {
    const { rows } = await db.execute<{ key: string }>(sql`
      select distinct k.key from ${vehicleState} join ${vehicle} on ${vehicle.id} = ${vehicleState.vehicleId}
      cross join lateral jsonb_object_keys(${vehicleState.values}) as k(key)
      ${where ? sql`where ${where}` : sql``}`);
    return rows.map((r) => r.key);
  },

  count: async (db: Db, criteria: CanReportCriteria) => {
    const { rows } = await db.execute<{ n: number }>(
      sql`select ${countOf(criteria.vehicleId, criteria.start, criteria.end)} as n`,
    );
    return rows[0].n;
  },

  /**
   * One page in time order: the page's instants come from the primary key alone (an index-only walk
   * past the offset), then only those rows are read. Given the total, a page in the far half walks
   * from the other end, so the last page costs what the first does.
   */
  timePage: async (db: Db, q: ReportQuery, limit: number, offset: number, total?: number) => {
    const reverse = total !== undefined && offset > total / 2;
    const ascending = (q.sortType === 'ASC') !== reverse;
    const dir = sql.raw(ascending ? 'asc' : 'desc');
    const take = reverse ? Math.max(0, Math.min(limit, total - offset)) : limit;
    const skip = reverse ? Math.max(0, total - offset - take) : offset;
    const { criteria } = q;
    // Of compacted days, only those that may hold the page's instants are looked at, and the page's
    // rows are read only over the span its instants cover.
    const { rows } = await db.execute<ReadingRow>(sql`
      with page as materialized (
        select ${canReading.ts} as ts from ${timesOf(criteria.vehicleId, criteria.start, criteria.end, { count: skip + take, descending: !ascending })}
        where ${inRange(criteria)} order by ${canReading.ts} ${dir} limit ${take} offset ${skip})
      select ${selectList(q.columns)} from ${readingsOf(criteria.vehicleId, sql`(select min(ts) from page)`, sql`(select max(ts) from page)`, readOf(q))}
      where ${canReading.ts} in (select ts from page)
      order by ${canReading.ts} ${dir}`);
    return reverse ? rows.reverse() : rows;
  },

  /** The rows of the given instants, in no particular order. */
  rowsAt: async (db: Db, q: ReportQuery, instants: readonly number[]) => {
    if (instants.length === 0) return [];
    const { rows } = await db.execute<ReadingRow>(
      sql`select ${selectList(q.columns)} from ${readingsAt(q.criteria.vehicleId, instants, readOf(q))}`,
    );
    return rows;
  },

  /**
   * Every reading of a report in order as text lines (see exportLineQuery), a batch at a time
   * (db/cursor.ts), so an export of 864,000 readings holds two batches at most: the one being
   * written out and the next, fetched meanwhile. The export waits for the client to keep up before
   * asking for more.
   */
  forEachBatch: (db: Db, q: ReportQuery, batchSize: number, handle: (lines: Buffer) => Promise<void>) => {
    // the lines' buffer is reused once handle() resolves
    const linesText = linesWriter();
    return forEachBatch<{ line: string }>(db, exportLineQuery(q), batchSize, (rows) => handle(linesText(rows)));
  },

  templates: (db: Db, userId: number) =>
    db.select().from(canReportTemplate).where(eq(canReportTemplate.userId, userId)).orderBy(desc(canReportTemplate.id)),

  template: async (db: Db, userId: number, id: number) =>
    (
      await db
        .select()
        .from(canReportTemplate)
        .where(and(eq(canReportTemplate.userId, userId), eq(canReportTemplate.id, id)))
    )[0],

  templateNamed: async (db: Db, userId: number, name: string) =>
    (
      await db
        .select({ id: canReportTemplate.id })
        .from(canReportTemplate)
        .where(
          and(eq(canReportTemplate.userId, userId), sql`lower(${canReportTemplate.templateName}) = lower(${name})`),
        )
    )[0],

  insertTemplate: async (db: Db, values: typeof canReportTemplate.$inferInsert) =>
    (await db.insert(canReportTemplate).values(values).returning())[0],
};
