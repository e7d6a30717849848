import { fleetDeleteBlock, type FleetWrite, type PageQuery } from '@evfleet/domain';
import { type Scope, notVisible, allowedScope } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { fleet } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { recordWrites } from '../../http/record-writes.js';
import { listOf } from '../../db/listing.js';
import { personAccount, releaseAccount } from '../../auth/person-accounts.js';
import { vehicleLinksRepository as vehicles } from '../vehicles/index.js';
import { fleetsRepository as repo } from './fleets.repository.js';
import { toFleet } from './fleets.presenter.js';

const ROLES = ['ROLE_FLEET'] as const;

export function createFleetsService({ db }: { db: Db }) {
  /** Administrators and staff read every fleet, a dealer its own, a fleet owner its own; drivers none. */
  const reader = (by: AuthUser) => allowedScope(db, by, 'admin', 'staff', 'dealer', 'fleet');
  /** Administrators change any fleet, a dealer its own. */
  const writer = (by: AuthUser) => allowedScope(db, by, 'admin', 'dealer');
  const one = async (q: Queryable, scope: Scope, id: number) => {
    const row = await repo.find(q, scope, id);
    if (!row) throw notVisible(scope, 'The fleet');
    return row;
  };
  /** A dealer keeps its fleets under itself; an administrator names a dealer that exists. */
  const checkDealer = async (q: Queryable, scope: Scope, dealerId: number) => {
    if (scope.kind === 'dealer') {
      if (dealerId !== scope.dealerId) throw forbidden();
    } else if (!(await repo.dealerExists(q, dealerId))) throw notFound('The dealer');
  };

  const saveFleet = async (by: AuthUser, input: FleetWrite, scope: Scope, id?: number) =>
    db.transaction(async (tx) => {
      const current = id === undefined ? null : await repo.lock(tx, scope, id);
      if (current === undefined) throw notFound('The fleet');
      const dealerId = input.dealerId as number; // the schema refuses a missing dealer
      await checkDealer(tx, scope, dealerId);
      const spec = { name: input.name, email: input.email, roles: ROLES, by: by.login };
      const userId = await personAccount(tx, fleet, { id, userId: current?.userId ?? null }, spec);
      const values = { name: input.name, email: input.email, dealerId, status: input.status, userId };
      if (current === null) return repo.insert(tx, values);
      // Moved to another dealer: its vehicles stay with the old dealer and leave the fleet (part 1 §8).
      if (current.dealerId !== dealerId) await vehicles.releaseFleet(tx, current.id);
      await repo.update(tx, current.id, values);
      return current.id;
    });

  return {
    async page(by: AuthUser, term: string, page: PageQuery) {
      const { rows, total } = await repo.list(db, await reader(by), term, page);
      return listOf(rows, total, toFleet);
    },

    get: async (by: AuthUser, id: number) => toFleet(await one(db, await reader(by), id)),

    /** The fleet owner gets a ROLE_FLEET account with the fleet's email and no password yet. */
    ...recordWrites(db, {
      entity: 'fleet',
      writer,
      save: async (by: AuthUser, input: FleetWrite, scope: Scope, id?: number) =>
        toFleet(await one(db, scope, await saveFleet(by, input, scope, id))),
      lock: repo.lock,
      /** Refused while drivers or vehicles belong to the fleet. */
      deleteBlock: async (tx, scope, id) => fleetDeleteBlock(await one(tx, scope, id)),
      delete: repo.delete,
      afterDelete: (tx, locked) => releaseAccount(tx, locked.userId, ROLES),
    }),
  };
}
export type FleetsService = ReturnType<typeof createFleetsService>;
