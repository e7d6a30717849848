import type { IdAndName, PageQuery } from '@evfleet/domain';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { visibleFleets, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { dealer, fleet } from '../../db/schema.js';
import { matches, newestFirst, pagedByIds, qualified } from '../../db/listing.js';
import { scopedRowsById } from '../../db/rows-by-id.js';

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

export const fleetsRepository = {
  list(db: Queryable, scope: Scope, term: string, page: PageQuery) {
    const where = and(visibleFleets(scope), matches(term, fleet.name, fleet.email));
    return pagedByIds(db, fleet.id, where, [newestFirst(fleet.id, term)], page, (among) =>
      selectSummary(db).where(among).orderBy(desc(fleet.id)),
    );
  },

  /** One fleet (`find`), and its row locked for the rest of the transaction (delete guard, moves between dealers). */
  ...scopedRowsById(fleet, visibleFleets, (db, where) => selectDetail(db).where(where), {
    id: fleet.id,
    userId: fleet.userId,
    dealerId: fleet.dealerId,
  }),

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
};
