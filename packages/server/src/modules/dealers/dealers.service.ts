import { dealerDeleteBlock, type DealerWrite, type PageQuery } from '@evfleet/domain';
import { type Scope, notVisible, allowedScope } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { fieldErrors } from '../../http/errors.js';
import { recordWrites } from '../../http/record-writes.js';
import type { AccountMails } from '../../mail/account-mails.js';
import { listOf } from '../../db/listing.js';
import { releaseAccount } from '../../auth/person-accounts.js';
import { dealersRepository as repo } from './dealers.repository.js';
import { toDealer } from './dealers.presenter.js';
import { DEALER_ROLES, saveDealer } from './dealer-save.js';

interface Deps {
  db: Db;
  mails: AccountMails;
  mailQueued: () => void;
}

export function createDealersService(deps: Deps) {
  const { db } = deps;
  /** Administrators and staff read every dealer, a dealer itself; fleet owners and drivers none. */
  const reader = (by: AuthUser) => allowedScope(db, by, 'admin', 'staff', 'dealer');
  const administrator = (by: AuthUser) => allowedScope(db, by, 'admin');
  const one = async (q: Queryable, scope: Scope, id: number) => {
    const row = await repo.find(q, scope, id);
    if (!row) throw notVisible(scope, 'The dealer');
    return row;
  };
  const list = async (by: AuthUser, filter: { term?: string; unassigned?: boolean }, page: PageQuery) => {
    const { rows, total } = await repo.list(db, await reader(by), filter, page);
    return listOf(rows, total, toDealer);
  };

  return {
    /** An empty term lists them all. */
    page: (by: AuthUser, term: string, page: PageQuery) => list(by, { term }, page),
    /** Dealers without a fleet. */
    unassigned: (by: AuthUser, page: PageQuery) => list(by, { unassigned: true }, page),

    get: async (by: AuthUser, id: number) => toDealer(await one(db, await reader(by), id)),

    /** With userId the existing account is linked (it gains ROLE_DEALER), otherwise one is created. */
    ...recordWrites(db, {
      entity: 'dealer',
      writer: administrator,
      async save(by: AuthUser, input: DealerWrite, scope: Scope, id?: number) {
        if (id === undefined && !input.userId && !input.password)
          throw fieldErrors('dealer', { password: 'Password is required.' });
        return toDealer(await one(db, scope, await saveDealer(deps, input, by, id)));
      },
      lock: repo.lock,
      /** Refused while fleets or vehicles belong to the dealer. */
      deleteBlock: async (tx, scope, id) => dealerDeleteBlock(await one(tx, scope, id)),
      delete: repo.delete,
      afterDelete: (tx, locked) => releaseAccount(tx, locked.userId, DEALER_ROLES),
    }),
  };
}
export type DealersService = ReturnType<typeof createDealersService>;
