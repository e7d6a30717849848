import type { PageQuery } from '@evfleet/domain';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { visibleDrivers, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { driver, fleet, storedFile } from '../../db/schema.js';
import { matches, newestFirst, pagedByIds, qualified } from '../../db/listing.js';
import { scopedRowsById } from '../../db/rows-by-id.js';

const columns = {
  ...getTableColumns(driver),
  fleetName: fleet.name,
  photo: storedFile.bytes,
  vehicleExist: sql<boolean>`exists (select 1 from vehicle v where v.driver_id = ${qualified(driver.id)})`,
};
const select = (db: Queryable) =>
  db
    .select(columns)
    .from(driver)
    .innerJoin(fleet, eq(fleet.id, driver.fleetId))
    .leftJoin(storedFile, eq(storedFile.id, driver.dbFileId));
export type DriverRow = Awaited<ReturnType<typeof select>>[number];

export const driversRepository = {
  list(db: Queryable, scope: Scope, term: string, page: PageQuery) {
    const where = and(visibleDrivers(scope), matches(term, driver.name, driver.email));
    return pagedByIds(db, driver.id, where, [newestFirst(driver.id, term)], page, (among) =>
      select(db).where(among).orderBy(desc(driver.id)),
    );
  },

  /** One driver (`find`), and its row locked for the rest of the transaction. */
  ...scopedRowsById(driver, visibleDrivers, (db, where) => select(db).where(where), {
    id: driver.id,
    userId: driver.userId,
    fleetId: driver.fleetId,
    dbFileId: driver.dbFileId,
  }),

  hasVehicles: (tx: Queryable, id: number) =>
    tx.execute(sql`select 1 from vehicle where driver_id = ${id} limit 1`).then((r) => r.rows.length > 0),
};
