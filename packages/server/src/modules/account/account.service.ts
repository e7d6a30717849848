import { randomBytes } from 'node:crypto';
import { PASSWORD_SIGNIN_OFF, type AccountSettings, type RegisterRequest, type Role } from '@evfleet/domain';
import { DUMMY_HASH, hashPassword } from '../../auth/passwords.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import type { Sessions } from '../../auth/sessions.js';
import type { Tokens } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { notFound, refused, unauthorized } from '../../http/errors.js';
import type { AccountMails } from '../../mail/account-mails.js';
import { accountsRepository as users } from '../../auth/accounts.repository.js';
import { assertUnique } from '../../auth/account-uniqueness.js';
import { registerInTransaction } from './registration.js';
import { signInLimits } from './sign-in-limits.js';

const RESET_KEY_VALIDITY_MS = 24 * 3600_000;
export const newKey = () => randomBytes(24).toString('base64url');

/** Gives the account a fresh reset key and queues the mail with its link; pass the transaction. */
export async function queueResetMail(
  tx: Queryable,
  mails: AccountMails,
  user: { id: number; email: string; login: string; firstName: string | null },
) {
  const resetKey = newKey();
  // Past the address's mails an hour, nothing is sent and the key mailed last stays the valid one.
  if (await mails.queue(tx, mails.reset(user, resetKey)))
    await users.update(tx, user.id, { resetKey, resetDate: new Date() });
}

interface Deps {
  db: Db;
  tokens: Tokens;
  sessions: Sessions<NonNullable<Awaited<ReturnType<typeof users.accountById>>>>;
  throttle: LoginThrottle;
  mails: AccountMails;
  /** Called after a mail is committed to the outbox, to deliver it without waiting. */
  mailQueued: () => void;
  /** Whether people may sign in with a password (PASSWORD_SIGNIN). */
  passwordSignIn: boolean;
}

/** The token of a signed-in account. */
const issue = (
  tokens: Tokens,
  user: { id: number; login: string; authorities: Role[]; sessionVersion: number },
  rememberMe: boolean,
) =>
  tokens.issue(
    { id: user.id, login: user.login, authorities: user.authorities, sessionVersion: user.sessionVersion },
    rememberMe,
  );

export function createAccountService({ db, tokens, sessions, throttle, mails, mailQueued, passwordSignIn }: Deps) {
  const { rateLimited, checkPassword } = signInLimits(throttle);

  return {
    async authenticate(username: string, password: string, rememberMe: boolean, client: string) {
      if (!passwordSignIn) throw refused(PASSWORD_SIGNIN_OFF);
      await rateLimited(client);
      const user = await users.findByLoginOrEmail(db, username);
      // A non-activated account is refused like a wrong password (the spec's single message), and
      // an unknown login costs the same verification, of a dummy hash.
      const account = user?.login ?? username.toLowerCase();
      if (!(await checkPassword(account, client, user?.passwordHash ?? DUMMY_HASH, password, !!user?.activated)))
        throw unauthorized();
      return issue(tokens, user!, rememberMe);
    },

    /** Read through the session cache: every page load asks for it, and the guard has just read it. */
    async account(userId: number) {
      const account = await sessions.current(userId);
      if (!account || !account.activated) throw unauthorized();
      return account;
    },

    async saveSettings(userId: number, settings: AccountSettings) {
      await db.transaction(async (tx) => {
        await assertUnique(tx, { email: settings.email }, userId);
        await users.update(tx, userId, { ...settings, lastModifiedDate: new Date() });
      });
      sessions.forget(userId);
    },

    /** Signing out ends every session of the account, on every device (docs/security.md). */
    async signOut(userId: number) {
      await users.endSessions(db, userId);
      sessions.forget(userId);
    },

    /**
     * Answers the same whether or not the login or the address is taken, so it cannot be used to
     * find accounts (docs/security.md): an address's owner is told by mail that someone tried, a new
     * address that its login is taken. The password is hashed in every case, so the time says
     * nothing either, and registrations count toward the client's sign-in rate.
     */
    async register(req: RegisterRequest, client: string) {
      await rateLimited(client);
      const activationKey = newKey();
      const passwordHash = await hashPassword(req.password);
      await db.transaction((tx) => registerInTransaction(tx, mails, req, { passwordHash, activationKey }));
      mailQueued();
    },

    async activate(key: string) {
      const user = await users.findByActivationKey(db, key);
      if (!user) throw refused('User can not be activated!', 'activationfailed');
      await users.update(db, user.id, { activated: true, activationKey: null, lastModifiedDate: new Date() });
      return user.login;
    },

    /** Answers the same whether or not the address exists, so it cannot be used to find accounts. */
    async requestReset(email: string) {
      const user = await users.findByEmail(db, email);
      if (!user || !user.activated) return;
      await db.transaction((tx) => queueResetMail(tx, mails, user));
      mailQueued();
    },

    async finishReset(key: string, newPassword: string) {
      const user = await users.findByResetKey(db, key);
      if (!user || !user.resetDate || Date.now() - user.resetDate.getTime() > RESET_KEY_VALIDITY_MS) {
        throw refused('This reset link is invalid or has expired. Please request a new one.', 'resetkeyinvalid');
      }
      // A reset link proves the mailbox, so it also activates an account waiting for its activation
      // link; it never activates one deactivated (docs/security.md).
      await users.update(db, user.id, {
        passwordHash: await hashPassword(newPassword),
        resetKey: null,
        resetDate: null,
        activated: user.activated || user.activationKey !== null,
        activationKey: null,
        lastModifiedDate: new Date(),
      });
      sessions.forget(user.id);
      return user.login;
    },

    /**
     * A new password ends every session of the account, this one too; the answer carries a fresh
     * token so the person who changed it stays signed in here.
     */
    async changePassword(userId: number, currentPassword: string, newPassword: string, client: string) {
      await rateLimited(client);
      const user = await users.findById(db, userId);
      if (!user) throw notFound('The account');
      if (!(await checkPassword(user.login, client, user.passwordHash, currentPassword)))
        throw refused('The current password is wrong.', 'invalidpassword');
      await users.update(db, userId, { passwordHash: await hashPassword(newPassword), lastModifiedDate: new Date() });
      sessions.forget(userId);
      return issue(tokens, { ...user, sessionVersion: user.sessionVersion + 1 }, false);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
