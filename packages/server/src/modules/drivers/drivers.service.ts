import { driverDeleteBlock, type DriverWrite, type PageQuery } from '@evfleet/domain';
import { allow, resolveScope, type Scope, notVisible } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { recordWrites } from '../../http/record-writes.js';
import { filesRepository as files } from '../files/index.js';
import { listOf } from '../../db/listing.js';
import { requirePermission } from '../role-permissions/index.js';
import { releaseAccount } from '../../auth/person-accounts.js';
import { vehicleLinksRepository as vehicles } from '../vehicles/index.js';
import { driversRepository as repo } from './drivers.repository.js';
import { toDriver } from './drivers.presenter.js';
import { DRIVER_ROLES, saveDriver } from './driver-save.js';

/**
 * Everyone reads the drivers its scope holds (a driver itself); administrators, dealers and fleet
 * owners change them. A fleet owner needs the 'Driver Screen' toggle of its role-permission page.
 */
export const driverReader = async (db: Db, by: AuthUser) => {
  const scope = await resolveScope(db, by);
  await requirePermission(db, scope, 'driverScreen');
  return scope;
};
export const driverWriter = async (db: Db, by: AuthUser) => {
  const scope = await driverReader(db, by);
  allow(scope, 'admin', 'dealer', 'fleet');
  return scope;
};

export function createDriversService({ db }: { db: Db }) {
  const one = async (q: Queryable, scope: Scope, id: number) => {
    const row = await repo.find(q, scope, id);
    if (!row) throw notVisible(scope, 'The driver');
    return row;
  };

  return {
    async page(by: AuthUser, term: string, page: PageQuery) {
      const { rows, total } = await repo.list(db, await driverReader(db, by), term, page);
      return listOf(rows, total, toDriver);
    },

    get: async (by: AuthUser, id: number) => toDriver(await one(db, await driverReader(db, by), id)),

    /** The driver gets a ROLE_USER account with its email and no password yet. */
    ...recordWrites(db, {
      entity: 'driver',
      writer: (by: AuthUser) => driverWriter(db, by),
      save: async (by: AuthUser, input: DriverWrite, scope: Scope, id?: number) =>
        toDriver(await one(db, scope, await saveDriver(db, input, by, scope, id))),
      lock: repo.lock,
      /**
       * With vehicles assigned the delete needs the confirm flag; the vehicles are then unassigned with
       * it. A confirmed delete unassigns them anyway, so only an unconfirmed one asks whether there are any.
       */
      deleteBlock: async (tx, _scope, id, confirmed) =>
        driverDeleteBlock({ hasVehicles: !confirmed && (await repo.hasVehicles(tx, id)) }, confirmed),
      async delete(tx, id) {
        await vehicles.releaseDriver(tx, id);
        await repo.delete(tx, id);
      },
      async afterDelete(tx, locked) {
        if (locked.dbFileId !== null) await files.delete(tx, locked.dbFileId);
        await releaseAccount(tx, locked.userId, DRIVER_ROLES);
      },
    }),
  };
}
export type DriversService = ReturnType<typeof createDriversService>;
