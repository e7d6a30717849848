import type { PageQuery } from '@evfleet/domain';
import { desc } from 'drizzle-orm';
import { visibleZones, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { paged } from '../../db/listing.js';
import { scopedRowsById } from '../../db/rows-by-id.js';
import { zone } from '../../db/zones-schema.js';

export type ZoneRow = typeof zone.$inferSelect;

/** The zones table, read within the caller's scope (auth/visibility.ts `visibleZones`). */
export const zonesRepository = {
  /** A page of the zones the scope sees, newest first. */
  list: (db: Queryable, scope: Scope, page: PageQuery) =>
    paged(db, zone, visibleZones(scope), page, (limit, offset) =>
      db.select().from(zone).where(visibleZones(scope)).orderBy(desc(zone.id)).limit(limit).offset(offset),
    ),

  /** One zone (`find`), its owner locked for the rest of a transaction (`lock`), and the writes. */
  ...scopedRowsById(zone, visibleZones, (db, where) => db.select().from(zone).where(where), {
    id: zone.id,
    dealerId: zone.dealerId,
    fleetId: zone.fleetId,
  }),
};
