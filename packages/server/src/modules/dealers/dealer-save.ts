import type { DealerWrite } from '@evfleet/domain';
import { accountsRepository as users } from '../../auth/accounts.repository.js';
import { personAccount } from '../../auth/person-accounts.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { dealer } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { AccountMails } from '../../mail/account-mails.js';
import { newKey } from '../account/index.js';
import { dealersRepository as repo } from './dealers.repository.js';

export const DEALER_ROLES = ['ROLE_DEALER'] as const;

/**
 * 'Require Authentication' (docs/decisions.md): on, the account may sign in now; off, it waits
 * until its owner follows the mailed activation link. Returns whether a mail was queued.
 */
const applyActivation = async (tx: Queryable, mails: AccountMails, userId: number, activation: boolean) => {
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

/** Creates the dealer (no `id`) or changes it, with its account and its activation; returns its id. */
export async function saveDealer(
  { db, mails, mailQueued }: { db: Db; mails: AccountMails; mailQueued: () => void },
  input: DealerWrite,
  by: AuthUser,
  id?: number,
) {
  const mailed = await db.transaction(async (tx) => {
    const current = id === undefined ? null : await repo.lock(tx, { kind: 'all', admin: true }, id);
    if (current === undefined) throw notFound('The dealer');
    const spec = { name: input.name, email: input.email, roles: DEALER_ROLES, password: input.password, by: by.login };
    const person = { id, userId: current?.userId ?? null, requested: input.userId };
    const userId = await personAccount(tx, dealer, person, spec);
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
    return applyActivation(tx, mails, userId, input.activation);
  });
  if (mailed) mailQueued();
  return id as number;
}
