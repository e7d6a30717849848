import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Queryable } from './client.js';

/** A table keyed by a serial `id`, as every record table of the spec is. */
type IdTable = PgTable & { id: PgColumn };

/**
 * The writes of a record table by id: an insert answering the new id, an update (which also sets
 * `updatedAt` to now where the table keeps one: `stampUpdatedAt`) and a delete.
 */
export function writesById<T extends IdTable>(table: T, options: { stampUpdatedAt?: boolean } = {}) {
  const stamped = options.stampUpdatedAt ? { updatedAt: sql`now()` } : {};
  return {
    insert: (tx: Queryable, values: T['$inferInsert']) =>
      tx
        .insert(table)
        .values(values)
        .returning({ id: table.id })
        .then((rows) => rows[0].id as number),
    update: async (tx: Queryable, id: number, values: PgUpdateSetSource<T>) =>
      void (await tx
        .update(table)
        .set({ ...values, ...stamped })
        .where(eq(table.id, id))),
    delete: async (tx: Queryable, id: number) => void (await tx.delete(table).where(eq(table.id, id))),
  };
}

/**
 * A record table whose rows a caller sees within its scope (dealers, fleets, drivers), by id: one row
 * as `read` reads it, the `locked` columns of the row held for the rest of a transaction (what a
 * delete guard or a move decides on), and the writes. `visible(scope)` picks the rows a scope sees.
 */
export function scopedRowsById<Scope, T extends IdTable, Row, Locked extends SelectedFields>(
  table: T,
  visible: (scope: Scope) => SQL | undefined,
  read: (db: Queryable, where: SQL | undefined) => PromiseLike<Row[]>,
  locked: Locked,
) {
  const seen = (scope: Scope, id: number) => and(eq(table.id, id), visible(scope));
  // Drizzle cannot type a select of generic columns: the row is typed from `locked` below.
  const columns: SelectedFields = locked;
  const from: PgTable = table;
  return {
    find: (db: Queryable, scope: Scope, id: number) => read(db, seen(scope, id)).then((rows) => rows[0]),
    lock: (tx: Queryable, scope: Scope, id: number) =>
      tx
        .select(columns)
        .from(from)
        .where(seen(scope, id))
        .for('update')
        .then((rows) => rows[0] as SelectResultFields<Locked> | undefined),
    ...writesById(table),
  };
}
