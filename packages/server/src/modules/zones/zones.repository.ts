import type { PageQuery } from '@evfleet/domain';
import { desc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { visibleZones, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { paged } from '../../db/listing.js';
import { scopedRowsById } from '../../db/rows-by-id.js';
import { zone } from '../../db/zones-schema.js';

/** A zone with its owner's name, so a list names owners its reader may not list (a driver, staff). */
const withOwner = {
  ...getTableColumns(zone),
  ownerName: sql<
    string | null
  >`coalesce((select d.name from dealer d where d.id = ${zone.dealerId}), (select f.name from fleet f where f.id = ${zone.fleetId}))`,
};
const zonesWhere = (db: Queryable, where: SQL | undefined) => db.select(withOwner).from(zone).where(where);
export type ZoneRow = Awaited<ReturnType<typeof zonesWhere>>[number];

/** The zones table, read within the caller's scope (auth/visibility.ts `visibleZones`). */
export const zonesRepository = {
  /** A page of the zones the scope sees, newest first. */
  list: (db: Queryable, scope: Scope, page: PageQuery) =>
    paged(db, zone, visibleZones(scope), page, (limit, offset) =>
      zonesWhere(db, visibleZones(scope)).orderBy(desc(zone.id)).limit(limit).offset(offset),
    ),

  /** One zone (`find`), its owner locked for the rest of a transaction (`lock`), and the writes. */
  ...scopedRowsById(zone, visibleZones, zonesWhere, {
    id: zone.id,
    dealerId: zone.dealerId,
    fleetId: zone.fleetId,
  }),
};
