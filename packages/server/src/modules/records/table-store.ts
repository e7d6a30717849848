import { asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RecordStore } from './record-store.js';

type Row = Record<string, unknown> & { id: number };

/**
 * The store of an entity that is one table whose columns carry the fields' names (car, email
 * template): reads select the id and the fields, writes set the fields. `stamp` adds columns every
 * write sets (an updated-at time).
 */
export function tableStore<Rec extends { id: number }, Write extends Record<string, unknown>>(
  table: PgTable & { id: PgColumn },
  fields: readonly string[],
  stamp: () => Record<string, SQL> = () => ({}),
): RecordStore<Rec, Write, number> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const selection = Object.fromEntries(['id', ...fields].map((f) => [f, columns[f]]));
  const valuesOf = (input: Write) => ({ ...Object.fromEntries(fields.map((f) => [f, input[f]])), ...stamp() });
  const select = (db: Parameters<RecordStore<Rec, Write, number>['get']>[0]) =>
    db.select(selection).from(table as PgTable);

  return {
    async list(db, _scope, { limit, offset, sort }) {
      const column = columns[sort.key];
      const [rows, [{ count }]] = await Promise.all([
        select(db)
          .orderBy(sort.desc ? desc(column) : asc(column), desc(table.id))
          .limit(limit)
          .offset(offset),
        db.select({ count: sql<number>`count(*)::int` }).from(table as PgTable),
      ]);
      return { rows: rows as Row[] as unknown as Rec[], total: count };
    },
    get: async (db, _scope, id) => (await select(db).where(eq(table.id, id)))[0] as Rec | undefined,
    create: async (db, input) =>
      ((await db.insert(table).values(valuesOf(input)).returning({ id: table.id })) as { id: number }[])[0].id,
    update: async (db, id, input) =>
      (
        (await db.update(table).set(valuesOf(input)).where(eq(table.id, id)).returning({ id: table.id })) as {
          id: number;
        }[]
      )[0]?.id,
    remove: async (db, id) =>
      ((await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })) as unknown[]).length > 0,
  };
}
