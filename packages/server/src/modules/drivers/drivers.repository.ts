import type { PageQuery } from '@evfleet/domain';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { visibleDrivers, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { driver, fleet, storedFile } from '../../db/schema.js';
import { amongIds, matches, newestFirst, qualified, window } from '../../db/listing.js';

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
type DriverValues = Omit<typeof driver.$inferInsert, 'id' | 'createdAt'>;

export const driversRepository = {
  async list(db: Queryable, scope: Scope, term: string, page: PageQuery) {
    const where = and(visibleDrivers(scope), matches(term, driver.name, driver.email));
    const { limit, offset } = window(page);
    // The page's ids first, so a deep page skips bare index entries, not joined rows.
    const ids = db
      .select({ id: driver.id })
      .from(driver)
      .where(where)
      .orderBy(newestFirst(driver.id, term))
      .limit(limit)
      .offset(offset);
    const [rows, [{ count }]] = await Promise.all([
      select(db).where(amongIds(driver.id, ids)).orderBy(desc(driver.id)),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(driver)
        .where(where),
    ]);
    return { rows, total: count };
  },

  find: (db: Queryable, scope: Scope, id: number) =>
    select(db)
      .where(and(eq(driver.id, id), visibleDrivers(scope)))
      .then((rows) => rows[0]),

  /** The driver's row locked for the rest of the transaction. */
  lock: (tx: Queryable, scope: Scope, id: number) =>
    tx
      .select({ id: driver.id, userId: driver.userId, fleetId: driver.fleetId, dbFileId: driver.dbFileId })
      .from(driver)
      .where(and(eq(driver.id, id), visibleDrivers(scope)))
      .for('update')
      .then((rows) => rows[0]),

  hasVehicles: (tx: Queryable, id: number) =>
    tx.execute(sql`select 1 from vehicle where driver_id = ${id} limit 1`).then((r) => r.rows.length > 0),

  insert: (tx: Queryable, values: DriverValues) =>
    tx
      .insert(driver)
      .values(values)
      .returning({ id: driver.id })
      .then((rows) => rows[0].id),

  update: async (tx: Queryable, id: number, values: DriverValues) =>
    void (await tx.update(driver).set(values).where(eq(driver.id, id))),
  delete: async (tx: Queryable, id: number) => void (await tx.delete(driver).where(eq(driver.id, id))),
};
