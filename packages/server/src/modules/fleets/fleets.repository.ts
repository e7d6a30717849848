import type { IdAndName, PageQuery } from '@evfleet/domain';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { visibleFleets, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { dealer, fleet } from '../../db/schema.js';
import { amongIds, matches, newestFirst, qualified, window } from '../../db/listing.js';

const namesOf = (table: 'driver' | 'vehicle') =>
  sql<
    IdAndName[]
  >`coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.id) from ${sql.raw(table)} x where x.fleet_id = ${qualified(fleet.id)}), '[]'::json)`;

/** A list row: the fleet with its dealer's name and email. */
const summary = { ...getTableColumns(fleet), dealerName: dealer.name, dealerEmail: dealer.email };
/** One fleet: also its drivers and vehicles (left out of lists, where they would cost a query per row). */
const detail = { ...summary, drivers: namesOf('driver'), vehicles: namesOf('vehicle') };
const selectSummary = (db: Queryable) =>
  db.select(summary).from(fleet).innerJoin(dealer, eq(dealer.id, fleet.dealerId));
const selectDetail = (db: Queryable) => db.select(detail).from(fleet).innerJoin(dealer, eq(dealer.id, fleet.dealerId));
export type FleetSummary = Awaited<ReturnType<typeof selectSummary>>[number];
export type FleetDetail = Awaited<ReturnType<typeof selectDetail>>[number];
type FleetValues = Omit<typeof fleet.$inferInsert, 'id' | 'createdAt'>;

export const fleetsRepository = {
  async list(db: Queryable, scope: Scope, term: string, page: PageQuery) {
    const where = and(visibleFleets(scope), matches(term, fleet.name, fleet.email));
    const { limit, offset } = window(page);
    // The page's ids first, so a deep page skips bare index entries, not joined rows.
    const ids = db
      .select({ id: fleet.id })
      .from(fleet)
      .where(where)
      .orderBy(newestFirst(fleet.id, term))
      .limit(limit)
      .offset(offset);
    const [rows, [{ count }]] = await Promise.all([
      selectSummary(db).where(amongIds(fleet.id, ids)).orderBy(desc(fleet.id)),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(fleet)
        .where(where),
    ]);
    return { rows, total: count };
  },

  find: (db: Queryable, scope: Scope, id: number) =>
    selectDetail(db)
      .where(and(eq(fleet.id, id), visibleFleets(scope)))
      .then((rows) => rows[0]),

  /** The fleet's row locked for the rest of the transaction (delete guard, moves between dealers). */
  lock: (tx: Queryable, scope: Scope, id: number) =>
    tx
      .select({ id: fleet.id, userId: fleet.userId, dealerId: fleet.dealerId })
      .from(fleet)
      .where(and(eq(fleet.id, id), visibleFleets(scope)))
      .for('update')
      .then((rows) => rows[0]),

  /** The fleet's id and dealer when the scope sees it (a driver's fleet must be one the caller manages). */
  ref: (db: Queryable, scope: Scope, id: number) =>
    db
      .select({ id: fleet.id, dealerId: fleet.dealerId })
      .from(fleet)
      .where(and(eq(fleet.id, id), visibleFleets(scope)))
      .then((rows) => rows[0]),

  dealerExists: (db: Queryable, dealerId: number) =>
    db
      .select({ id: dealer.id })
      .from(dealer)
      .where(eq(dealer.id, dealerId))
      .then((rows) => rows.length > 0),

  insert: (tx: Queryable, values: FleetValues) =>
    tx
      .insert(fleet)
      .values(values)
      .returning({ id: fleet.id })
      .then((rows) => rows[0].id),

  update: async (tx: Queryable, id: number, values: FleetValues) =>
    void (await tx.update(fleet).set(values).where(eq(fleet.id, id))),
  delete: async (tx: Queryable, id: number) => void (await tx.delete(fleet).where(eq(fleet.id, id))),
};
