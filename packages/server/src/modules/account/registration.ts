import type { RegisterRequest } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { accountsRepository as users } from '../../auth/accounts.repository.js';
import type { Queryable } from '../../db/client.js';
import type { AccountMails } from '../../mail/account-mails.js';

/** A registration never activated may be taken over by a new one with the same login or email. */
async function removeStaleRegistration(tx: Queryable, req: RegisterRequest) {
  await tx.execute(
    sql`delete from app_user where activated = false and activation_key is not null and (lower(login) = lower(${req.login}) or lower(email) = lower(${req.email}))`,
  );
}

/**
 * A registration's writes, in its transaction: the account waiting for its activation link, or,
 * when the address or the login is taken, only a mail that says so (the caller answers the same).
 */
export async function registerInTransaction(
  tx: Queryable,
  mails: AccountMails,
  req: RegisterRequest,
  { passwordHash, activationKey }: { passwordHash: string; activationKey: string },
) {
  await removeStaleRegistration(tx, req);
  const owner = await users.findByEmail(tx, req.email);
  if (owner) return mails.queue(tx, mails.registrationAttempt(owner));
  if (await users.findByLogin(tx, req.login))
    return mails.queue(tx, mails.loginTaken(req.email.toLowerCase(), req.login));
  const row = await users.insert(
    tx,
    {
      login: req.login.toLowerCase(),
      email: req.email.toLowerCase(),
      passwordHash,
      langKey: req.langKey,
      activated: false,
      activationKey,
      createdBy: 'anonymousUser',
    },
    ['ROLE_USER'],
  );
  await mails.queue(tx, mails.activation(row, activationKey));
}
