import { driverDeleteBlock, type DriverWrite, type PageQuery } from '@evfleet/domain';
import { allow, resolveScope, type Scope, notVisible } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { driver } from '../../db/schema.js';
import { forbidden, notFound, refused } from '../../http/errors.js';
import { filesRepository as files } from '../files/index.js';
import { fleetsRepository as fleets } from '../fleets/index.js';
import { listOf } from '../../db/listing.js';
import { requirePermission } from '../role-permissions/index.js';
import { assertEmailFree, ensureAccount, releaseAccount } from '../../auth/person-accounts.js';
import { vehicleLinksRepository as vehicles } from '../vehicles/index.js';
import { driversRepository as repo } from './drivers.repository.js';
import { toDriver } from './drivers.presenter.js';

/** Drivers sign in as ROLE_USER; their driver link scopes them to themselves (docs/decisions.md, "People"). */
const ROLES = ['ROLE_USER'] as const;

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

  /** The fleet must be one the caller manages; only an administrator learns that an id does not exist. */
  const checkFleet = async (tx: Queryable, scope: Scope, fleetId: number) => {
    if (await fleets.ref(tx, scope, fleetId)) return;
    throw scope.kind === 'all' ? notFound('The fleet') : forbidden();
  };

  /**
   * A photo is this driver's already, or not yet attached and uploaded by the caller (any, for an
   * administrator). Another tenant's driver's photo is "not found".
   */
  const checkPhoto = async (
    tx: Queryable,
    scope: Scope,
    by: AuthUser,
    fileId: number,
    driverId: number | undefined,
  ) => {
    const owner = await files.owner(tx, fileId);
    if (
      !owner ||
      (owner.driverId !== null && owner.driverId !== driverId && !(await repo.find(tx, scope, owner.driverId)))
    )
      throw notFound('The photo');
    if (owner.driverId !== null && owner.driverId !== driverId)
      throw refused('This photo belongs to another driver.', 'filetaken');
    if (owner.driverId === null && owner.uploadedBy !== by.id && !(scope.kind === 'all' && scope.admin))
      throw forbidden();
  };

  const save = (input: DriverWrite, by: AuthUser, scope: Scope, id?: number) =>
    db.transaction(async (tx) => {
      const current = id === undefined ? null : await repo.lock(tx, scope, id);
      if (current === undefined) throw notFound('The driver');
      const fleetId = input.fleetId as number; // the schema refuses a missing fleet
      await checkFleet(tx, scope, fleetId);
      const dbFileId = input.dbFileId ?? null;
      if (dbFileId !== null) await checkPhoto(tx, scope, by, dbFileId, current?.id);
      await assertEmailFree(tx, driver, input.email, { id, userId: current?.userId });
      const userId = await ensureAccount(tx, current?.userId ?? null, undefined, {
        name: input.name,
        email: input.email,
        roles: ROLES,
        by: by.login,
      });
      const values = {
        name: input.name,
        email: input.email,
        mobile: input.mobile,
        address: input.address,
        fleetId,
        dbFileId,
        status: input.status,
        userId,
      };
      if (current === null) return repo.insert(tx, values);
      // A driver moved to another fleet leaves its vehicles behind in the old one.
      if (current.fleetId !== fleetId) await vehicles.releaseDriver(tx, current.id);
      await repo.update(tx, current.id, values);
      if (current.dbFileId !== null && current.dbFileId !== dbFileId) await files.delete(tx, current.dbFileId);
      return current.id;
    });

  return {
    async page(by: AuthUser, term: string, page: PageQuery) {
      const { rows, total } = await repo.list(db, await driverReader(db, by), term, page);
      return listOf(rows, total, toDriver);
    },

    get: async (by: AuthUser, id: number) => toDriver(await one(db, await driverReader(db, by), id)),

    /** The driver gets a ROLE_USER account with its email and no password yet. */
    async create(input: DriverWrite, by: AuthUser) {
      const scope = await driverWriter(db, by);
      if (input.id) throw refused('A new driver cannot already have an ID', 'idexists');
      return toDriver(await one(db, scope, await save(input, by, scope)));
    },

    async update(input: DriverWrite, by: AuthUser) {
      const scope = await driverWriter(db, by);
      if (!input.id) throw refused('An ID is required to update a driver', 'idnull');
      return toDriver(await one(db, scope, await save(input, by, scope, input.id)));
    },

    /** With vehicles assigned the delete needs the confirm flag; the vehicles are then unassigned with it. */
    async remove(by: AuthUser, id: number, confirmed: boolean) {
      const scope = await driverWriter(db, by);
      await db.transaction(async (tx) => {
        const locked = await repo.lock(tx, scope, id);
        if (!locked) throw notFound('The driver');
        // A confirmed delete unassigns the vehicles anyway, so only an unconfirmed one asks whether there are any.
        const block = driverDeleteBlock({ hasVehicles: !confirmed && (await repo.hasVehicles(tx, id)) }, confirmed);
        if (block) throw refused(block.message, block.key);
        await vehicles.releaseDriver(tx, id);
        await repo.delete(tx, id);
        if (locked.dbFileId !== null) await files.delete(tx, locked.dbFileId);
        await releaseAccount(tx, locked.userId, ROLES);
      });
    },
  };
}
export type DriversService = ReturnType<typeof createDriversService>;
