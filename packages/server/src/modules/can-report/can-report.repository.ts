import type { CanReportCriteria, SortType } from '@evfleet/domain';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { canReportTemplate } from '../../db/reports-schema.js';
import { vehicle } from '../../db/schema.js';
import { canReading, vehicleState } from '../../db/telemetry-schema.js';
import { orderOf, type SelectedColumn } from './report-columns.js';

/** One stored reading as the report reads it: its time and the chosen values, c0…cn in column order. */
export type ReadingRow = { ts: Date | string } & Record<string, number | null>;

const alias = (i: number) => `c${i}`;
const selectList = (columns: readonly SelectedColumn[]) =>
  sql.join([sql`${canReading.ts} as ts`, ...columns.map((c, i) => sql`${c.value} as ${sql.identifier(alias(i))}`)], sql`, `);
const inRange = (c: CanReportCriteria) =>
  sql`${canReading.vehicleId} = ${c.vehicleId} and ${canReading.ts} between ${c.start.toISOString()}::timestamptz and ${c.end.toISOString()}::timestamptz`;

export interface ReportQuery {
  criteria: CanReportCriteria;
  columns: readonly SelectedColumn[];
  sortBy: string;
  sortType: SortType;
}

/** The values of a row in column order (aliases c0…cn). */
export const valuesOf = (row: ReadingRow, columns: readonly SelectedColumn[]) => columns.map((_, i) => row[alias(i)] ?? null);

export const canReportRepository = {
  /** The vehicles a caller may report on, by name then VIN (the label is 'name - VIN: vin'). */
  vehicleOptions: (db: Db, where: SQL | undefined) =>
    db.select({ id: vehicle.id, name: vehicle.name, vin: vehicle.vin }).from(vehicle).where(where).orderBy(sql`lower(${vehicle.name})`, asc(vehicle.vin)),

  vehicle: async (db: Db, where: SQL) =>
    (await db.select({ id: vehicle.id, name: vehicle.name, vin: vehicle.vin, timeZone: vehicle.timeZone, fleetId: vehicle.fleetId }).from(vehicle).where(where).limit(1))[0],

  /** Every signal key the given vehicles ever reported (vehicle_state keeps the last value of each). */
  reportedKeys: async (db: Db, where: SQL | undefined) => {
    const { rows } = await db.execute<{ key: string }>(sql`
      select distinct k.key from ${vehicleState} join ${vehicle} on ${vehicle.id} = ${vehicleState.vehicleId}
      cross join lateral jsonb_object_keys(${vehicleState.values}) as k(key)
      ${where ? sql`where ${where}` : sql``}`);
    return rows.map((r) => r.key);
  },

  count: async (db: Db, criteria: CanReportCriteria) => {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${canReading} where ${inRange(criteria)}`);
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
    const { rows } = await db.execute<ReadingRow>(sql`
      select ${selectList(q.columns)} from ${canReading}
      where ${canReading.vehicleId} = ${q.criteria.vehicleId}
        and ${canReading.ts} = any(array(select ${canReading.ts} from ${canReading} where ${inRange(q.criteria)} order by ${canReading.ts} ${dir} limit ${take} offset ${skip}))
      order by ${canReading.ts} ${dir}`);
    return reverse ? rows.reverse() : rows;
  },

  /**
   * One page in a signal's order: only the instants and the signal are sorted (a top-N over the
   * range), then the page's rows are read by key.
   */
  valuePage: async (db: Db, q: ReportQuery, limit: number, offset: number) => {
    const order = orderOf(q.sortBy, q.sortType, q.columns);
    const { rows } = await db.execute<ReadingRow>(sql`
      select ${selectList(q.columns)} from ${canReading}
      where ${canReading.vehicleId} = ${q.criteria.vehicleId}
        and ${canReading.ts} = any(array(select ${canReading.ts} from ${canReading} where ${inRange(q.criteria)} order by ${order} limit ${limit} offset ${offset}))
      order by ${order}`);
    return rows;
  },

  /** The instants (epoch ms) of a range in a signal's order: one sort of the range, kept by the service for later pages. */
  sortedInstants: async (db: Db, q: ReportQuery) => {
    const { rows } = await db.execute<{ list: string | null }>(
      sql`select string_agg((extract(epoch from ${canReading.ts}) * 1000)::bigint::text, ',' order by ${orderOf(q.sortBy, q.sortType, q.columns)}) as list from ${canReading} where ${inRange(q.criteria)}`,
    );
    const list = rows[0].list;
    return list ? Float64Array.from(list.split(','), Number) : new Float64Array(0);
  },

  /** The rows of the given instants, in no particular order. */
  rowsAt: async (db: Db, q: ReportQuery, instants: readonly number[]) => {
    if (instants.length === 0) return [];
    const list = sql.join(
      instants.map((t) => sql`${new Date(t).toISOString()}::timestamptz`),
      sql`, `,
    );
    const { rows } = await db.execute<ReadingRow>(sql`select ${selectList(q.columns)} from ${canReading} where ${canReading.vehicleId} = ${q.criteria.vehicleId} and ${canReading.ts} in (${list})`);
    return rows;
  },

  /**
   * Every row of a report in order, handed over in batches from a server-side cursor, so an export
   * of 864,000 readings holds two batches at most: the one being handled and the next, fetched
   * meanwhile. The export waits for the client to keep up before asking for more.
   */
  forEachBatch: (db: Db, q: ReportQuery, batchSize: number, handle: (rows: ReadingRow[]) => Promise<void>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`declare can_export no scroll cursor for select ${selectList(q.columns)} from ${canReading} where ${inRange(q.criteria)} order by ${orderOf(q.sortBy, q.sortType, q.columns)}`);
      // A Drizzle query runs each time it is awaited: wrapped in a promise, each fetch runs once.
      const fetch = () => Promise.resolve(tx.execute<ReadingRow>(sql`fetch forward ${sql.raw(String(batchSize))} from can_export`));
      // The next batch is on its way while this one is written out.
      for (let batch = await fetch(); batch.rows.length > 0; ) {
        const next = fetch();
        next.catch(() => undefined); // awaited below; a failed handle() must not leave it unhandled
        await handle(batch.rows);
        batch = await next;
      }
      await tx.execute(sql`close can_export`);
    }),

  templates: (db: Db, userId: number) => db.select().from(canReportTemplate).where(eq(canReportTemplate.userId, userId)).orderBy(desc(canReportTemplate.id)),

  template: async (db: Db, userId: number, id: number) =>
    (await db.select().from(canReportTemplate).where(and(eq(canReportTemplate.userId, userId), eq(canReportTemplate.id, id))))[0],

  templateNamed: async (db: Db, userId: number, name: string) =>
    (await db.select({ id: canReportTemplate.id }).from(canReportTemplate).where(and(eq(canReportTemplate.userId, userId), sql`lower(${canReportTemplate.templateName}) = lower(${name})`)))[0],

  insertTemplate: async (db: Db, values: typeof canReportTemplate.$inferInsert) => (await db.insert(canReportTemplate).values(values).returning())[0],
};
