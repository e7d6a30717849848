import type { IdAndName, PageQuery } from '@evfleet/domain';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { visibleDealers, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { appUser, dealer } from '../../db/schema.js';
import { matches, newestFirst, pagedByIds, qualified } from '../../db/listing.js';
import { scopedRowsById } from '../../db/rows-by-id.js';

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

export const dealersRepository = {
  list(db: Queryable, scope: Scope, filter: { term?: string; unassigned?: boolean }, page: PageQuery) {
    const term = filter.term ?? '';
    const where = and(
      visibleDealers(scope),
      matches(term, dealer.name, dealer.email, dealer.company),
      filter.unassigned
        ? sql`not exists (select 1 from fleet f where f.dealer_id = ${qualified(dealer.id)})`
        : undefined,
    );
    return pagedByIds(db, dealer.id, where, [newestFirst(dealer.id, term)], page, (among) =>
      selectSummary(db).where(among).orderBy(desc(dealer.id)),
    );
  },

  /** One dealer (`find`), and its row locked for the rest of the transaction (delete guard, re-linking). */
  ...scopedRowsById(dealer, visibleDealers, (db, where) => selectDetail(db).where(where), {
    id: dealer.id,
    userId: dealer.userId,
  }),
};
