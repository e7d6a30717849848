import { dealerDeleteBlock, type DealerWrite, type PageQuery } from '@evfleet/domain';
import { allow, resolveScope, type Scope, notVisible } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { dealer } from '../../db/schema.js';
import { fieldErrors, notFound, refused } from '../../http/errors.js';
import type { AccountMails } from '../../mail/account-mails.js';
import { newKey } from '../account/index.js';
import { listOf } from '../../db/listing.js';
import { assertEmailFree, ensureAccount, releaseAccount } from '../../auth/person-accounts.js';
import { accountsRepository as users } from '../../auth/accounts.repository.js';
import { dealersRepository as repo } from './dealers.repository.js';
import { toDealer } from './dealers.presenter.js';

interface Deps {
  db: Db;
  mails: AccountMails;
  mailQueued: () => void;
}

const ROLES = ['ROLE_DEALER'] as const;

export function createDealersService({ db, mails, mailQueued }: Deps) {
  /** Administrators and staff read every dealer, a dealer itself; fleet owners and drivers none. */
  const reader = async (by: AuthUser) => {
    const scope = await resolveScope(db, by);
    allow(scope, 'admin', 'staff', 'dealer');
    return scope;
  };
  const administrator = async (by: AuthUser) => {
    const scope = await resolveScope(db, by);
    allow(scope, 'admin');
    return scope;
  };
  const one = async (q: Queryable, scope: Scope, id: number) => {
    const row = await repo.find(q, scope, id);
    if (!row) throw notVisible(scope, 'The dealer');
    return row;
  };
  const list = async (by: AuthUser, filter: { term?: string; unassigned?: boolean }, page: PageQuery) => {
    const { rows, total } = await repo.list(db, await reader(by), filter, page);
    return listOf(rows, total, toDealer);
  };

  /**
   * 'Require Authentication' (docs/decisions.md): on, the account may sign in now; off, it waits
   * until its owner follows the mailed activation link. Returns whether a mail was queued.
   */
  const applyActivation = async (tx: Queryable, userId: number, activation: boolean) => {
    const account = await users.findById(tx, userId);
    if (!account) return false;
    if (activation) {
      if (!account.activated) await users.update(tx, userId, { activated: true, activationKey: null });
      return false;
    }
    if (!account.activated && account.activationKey) return false;
    const key = newKey();
    // Past the address's mails an hour, nothing is sent and the link mailed last stays the valid one.
    const queued = await mails.queue(tx, mails.activation(account, key));
    await users.update(tx, userId, { activated: false, ...(queued ? { activationKey: key } : {}) });
    return queued;
  };

  const save = async (input: DealerWrite, by: AuthUser, id?: number) => {
    const mailed = await db.transaction(async (tx) => {
      const current = id === undefined ? null : await repo.lock(tx, { kind: 'all', admin: true }, id);
      if (current === undefined) throw notFound('The dealer');
      await assertEmailFree(tx, dealer, input.email, { id, userId: current?.userId ?? input.userId });
      const spec = { name: input.name, email: input.email, roles: ROLES, password: input.password, by: by.login };
      const userId = await ensureAccount(tx, current?.userId ?? null, input.userId, spec);
      const values = {
        name: input.name,
        email: input.email,
        mobileNumber: input.mobileNumber,
        company: input.company,
        address: input.address,
        activation: input.activation,
        userId,
      };
      if (id === undefined) id = await repo.insert(tx, values);
      else await repo.update(tx, id, values);
      return applyActivation(tx, userId, input.activation);
    });
    if (mailed) mailQueued();
    return id as number;
  };

  return {
    page: (by: AuthUser, page: PageQuery) => list(by, {}, page),
    search: (by: AuthUser, term: string, page: PageQuery) => list(by, { term }, page),
    /** Dealers without a fleet. */
    unassigned: (by: AuthUser, page: PageQuery) => list(by, { unassigned: true }, page),

    get: async (by: AuthUser, id: number) => toDealer(await one(db, await reader(by), id)),

    /** With userId the existing account is linked (it gains ROLE_DEALER), otherwise one is created. */
    async create(input: DealerWrite, by: AuthUser) {
      const scope = await administrator(by);
      if (input.id) throw refused('A new dealer cannot already have an ID', 'idexists');
      if (!input.userId && !input.password) throw fieldErrors('dealer', { password: 'Password is required.' });
      return toDealer(await one(db, scope, await save(input, by)));
    },

    async update(input: DealerWrite, by: AuthUser) {
      const scope = await administrator(by);
      if (!input.id) throw refused('An ID is required to update a dealer', 'idnull');
      return toDealer(await one(db, scope, await save(input, by, input.id)));
    },

    /** Refused while fleets or vehicles belong to the dealer; checked under the row's lock. */
    async remove(by: AuthUser, id: number) {
      const scope = await administrator(by);
      await db.transaction(async (tx) => {
        const locked = await repo.lock(tx, scope, id);
        if (!locked) throw notFound('The dealer');
        const block = dealerDeleteBlock(await one(tx, scope, id));
        if (block) throw refused(block.message, block.key);
        await repo.delete(tx, id);
        await releaseAccount(tx, locked.userId, ROLES);
      });
    },
  };
}
export type DealersService = ReturnType<typeof createDealersService>;
