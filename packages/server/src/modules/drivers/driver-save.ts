import type { DriverWrite } from '@evfleet/domain';
import type { AuthUser } from '../../auth/tokens.js';
import type { Scope } from '../../auth/visibility.js';
import type { Db, Queryable } from '../../db/client.js';
import { driver } from '../../db/schema.js';
import { forbidden, notFound, refused } from '../../http/errors.js';
import { personAccount } from '../../auth/person-accounts.js';
import { filesRepository as files } from '../files/index.js';
import { fleetsRepository as fleets } from '../fleets/index.js';
import { vehicleLinksRepository as vehicles } from '../vehicles/index.js';
import { driversRepository as repo } from './drivers.repository.js';

/** Drivers sign in as ROLE_USER; their driver link scopes them to themselves (docs/decisions.md, "People"). */
export const DRIVER_ROLES = ['ROLE_USER'] as const;

/** The fleet must be one the caller manages; only an administrator learns that an id does not exist. */
const checkFleet = async (tx: Queryable, scope: Scope, fleetId: number) => {
  if (await fleets.ref(tx, scope, fleetId)) return;
  throw scope.kind === 'all' ? notFound('The fleet') : forbidden();
};

/**
 * A photo is this driver's already, or not yet attached and uploaded by the caller (any, for an
 * administrator). Another tenant's driver's photo is "not found".
 */
const checkPhoto = async (tx: Queryable, scope: Scope, by: AuthUser, fileId: number, driverId: number | undefined) => {
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

/** Creates the driver (no `id`) or changes it, with its account; returns its id. */
export const saveDriver = (db: Db, input: DriverWrite, by: AuthUser, scope: Scope, id?: number) =>
  db.transaction(async (tx) => {
    const current = id === undefined ? null : await repo.lock(tx, scope, id);
    if (current === undefined) throw notFound('The driver');
    const fleetId = input.fleetId as number; // the schema refuses a missing fleet
    await checkFleet(tx, scope, fleetId);
    const dbFileId = input.dbFileId ?? null;
    if (dbFileId !== null) await checkPhoto(tx, scope, by, dbFileId, current?.id);
    const spec = { name: input.name, email: input.email, roles: DRIVER_ROLES, by: by.login };
    const userId = await personAccount(tx, driver, { id, userId: current?.userId ?? null }, spec);
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
