import { allowedScope } from '../../auth/visibility.js';
import { hashPassword } from '../../auth/passwords.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AccountMails } from '../../mail/account-mails.js';
import { queueResetMail } from '../account/index.js';
import { accountsRepository as users } from '../../auth/accounts.repository.js';
import { passwordsRepository as repo } from './passwords.repository.js';

interface Deps {
  db: Db;
  mails: AccountMails;
  mailQueued: () => void;
}

/**
 * The reset-password dialog of fleets, drivers, dealers and super users (part 1 §2.6): an
 * administrator sets any account's password; a dealer those of its fleets and their drivers; a
 * fleet owner those of its drivers. Nobody else, and no one but an administrator touches an
 * administrator's account.
 */
export function createPasswordsService({ db, mails, mailQueued }: Deps) {
  const managedAccount = async (by: AuthUser, email: string) => {
    const scope = await allowedScope(db, by, 'admin', 'dealer', 'fleet');
    const account = await users.findByEmail(db, email);
    // Only an administrator may learn that an address has no account.
    if (!account) throw scope.kind === 'all' ? notFound('The account') : forbidden();
    if (scope.kind === 'all') return account;
    if (
      scope.kind === 'driver' ||
      scope.kind === 'none' ||
      account.authorities.includes('ROLE_ADMIN') ||
      !(await repo.manages(db, scope, account.id))
    )
      throw forbidden();
    return account;
  };

  return {
    async setPassword(by: AuthUser, email: string, newPassword: string) {
      const account = await managedAccount(by, email);
      await users.update(db, account.id, {
        passwordHash: await hashPassword(newPassword),
        lastModifiedBy: by.login,
        lastModifiedDate: new Date(),
      });
      return account.login;
    },

    /** The dialog's 'Send Link': the account's owner gets a reset mail and chooses a password. */
    async sendResetLink(by: AuthUser, email: string) {
      const account = await managedAccount(by, email);
      await db.transaction((tx) => queueResetMail(tx, mails, account));
      mailQueued();
      return account.login;
    },
  };
}
export type PasswordsService = ReturnType<typeof createPasswordsService>;
