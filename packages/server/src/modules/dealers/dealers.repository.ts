import type { IdAndName, PageQuery } from '@evfleet/domain';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { visibleDealers, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { appUser, dealer } from '../../db/schema.js';
import { amongIds, matches, newestFirst, qualified, window } from '../../db/listing.js';

const owned = (table: 'fleet' | 'vehicle') =>
  sql<boolean>`exists (select 1 from ${sql.raw(table)} x where x.dealer_id = ${qualified(dealer.id)})`;
const namesOf = (table: 'fleet' | 'vehicle') =>
  sql<
    IdAndName[]
  >`coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.id) from ${sql.raw(table)} x where x.dealer_id = ${qualified(dealer.id)}), '[]'::json)`;

/** A list row: the dealer with its delete-guard flags. */
const summary = {
  ...getTableColumns(dealer),
  accountActivated: appUser.activated,
  hasFleets: owned('fleet'),
  hasVehicles: owned('vehicle'),
};
/** One dealer: also the names a delete block lists (a dealer may own thousands of vehicles, so lists leave them out). */
const detail = { ...summary, fleets: namesOf('fleet'), vehicles: namesOf('vehicle') };

const selectSummary = (db: Queryable) =>
  db.select(summary).from(dealer).leftJoin(appUser, eq(appUser.id, dealer.userId));
const selectDetail = (db: Queryable) => db.select(detail).from(dealer).leftJoin(appUser, eq(appUser.id, dealer.userId));
export type DealerSummary = Awaited<ReturnType<typeof selectSummary>>[number];
export type DealerDetail = Awaited<ReturnType<typeof selectDetail>>[number];
type DealerValues = Omit<typeof dealer.$inferInsert, 'id' | 'createdAt'>;

export const dealersRepository = {
  async list(db: Queryable, scope: Scope, filter: { term?: string; unassigned?: boolean }, page: PageQuery) {
    const where = and(
      visibleDealers(scope),
      matches(filter.term ?? '', dealer.name, dealer.email, dealer.company),
      filter.unassigned
        ? sql`not exists (select 1 from fleet f where f.dealer_id = ${qualified(dealer.id)})`
        : undefined,
    );
    const { limit, offset } = window(page);
    // The page's ids first, so a deep page skips bare index entries, not computed rows.
    const ids = db
      .select({ id: dealer.id })
      .from(dealer)
      .where(where)
      .orderBy(newestFirst(dealer.id, filter.term ?? ''))
      .limit(limit)
      .offset(offset);
    const [rows, [{ count }]] = await Promise.all([
      selectSummary(db).where(amongIds(dealer.id, ids)).orderBy(desc(dealer.id)),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(dealer)
        .where(where),
    ]);
    return { rows, total: count };
  },

  find: (db: Queryable, scope: Scope, id: number) =>
    selectDetail(db)
      .where(and(eq(dealer.id, id), visibleDealers(scope)))
      .then((rows) => rows[0]),

  /** Locks the dealer's row for the rest of the transaction (delete guard, re-linking). */
  lock: (tx: Queryable, scope: Scope, id: number) =>
    tx
      .select({ id: dealer.id, userId: dealer.userId })
      .from(dealer)
      .where(and(eq(dealer.id, id), visibleDealers(scope)))
      .for('update')
      .then((rows) => rows[0]),

  insert: (tx: Queryable, values: DealerValues) =>
    tx
      .insert(dealer)
      .values(values)
      .returning({ id: dealer.id })
      .then((rows) => rows[0].id),

  update: async (tx: Queryable, id: number, values: DealerValues) =>
    void (await tx.update(dealer).set(values).where(eq(dealer.id, id))),
  delete: async (tx: Queryable, id: number) => void (await tx.delete(dealer).where(eq(dealer.id, id))),
};
