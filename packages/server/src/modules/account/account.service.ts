import { randomBytes } from 'node:crypto';
import type { AccountSettings, RegisterRequest, Role } from '@evfleet/domain';
import { ACCOUNT_TEXTS, fillText } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { DUMMY_HASH, hashPassword, passwordMatches } from '../../auth/passwords.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import type { Sessions } from '../../auth/sessions.js';
import type { Tokens } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { notFound, refused, tooManyRequests, unauthorized } from '../../http/errors.js';
import type { AccountMails } from '../../mail/account-mails.js';
import { accountsRepository as users } from '../../auth/accounts.repository.js';
import { assertUnique } from '../../auth/account-uniqueness.js';

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
}

export function createAccountService({ db, tokens, sessions, throttle, mails, mailQueued }: Deps) {
  const issue = (
    user: { id: number; login: string; authorities: Role[]; sessionVersion: number },
    rememberMe: boolean,
  ) =>
    tokens.issue(
      { id: user.id, login: user.login, authorities: user.authorities, sessionVersion: user.sessionVersion },
      rememberMe,
    );

  /**
   * Whether the password is the account's, checked under the sign-in limits wherever a password is
   * checked (docs/security.md, "Sign-in"): the client's rate first, then the account's failures
   * from that client. `account` is the login when the account exists, so failures by login and by
   * e-mail count together; `accepted` false counts a right password of an account refused anyway.
   */
  const holdOff = (wait: number | null) => {
    if (wait !== null) throw tooManyRequests(fillText(ACCOUNT_TEXTS.tooManyAttempts, { seconds: wait }), wait);
  };
  const checkPassword = async (account: string, client: string, hash: string, password: string, accepted = true) => {
    holdOff(await throttle.lockedFor(account, client));
    const ok = (await passwordMatches(hash, password)) && accepted;
    if (ok) await throttle.succeeded(account, client);
    else await throttle.failed(account, client);
    return ok;
  };
  const rateLimited = async (client: string) => holdOff(await throttle.attempt(client));

  return {
    async authenticate(username: string, password: string, rememberMe: boolean, client: string) {
      await rateLimited(client);
      const user = await users.findByLoginOrEmail(db, username);
      // A non-activated account is refused like a wrong password (the spec's single message), and
      // an unknown login costs the same verification, of a dummy hash.
      const account = user?.login ?? username.toLowerCase();
      if (!(await checkPassword(account, client, user?.passwordHash ?? DUMMY_HASH, password, !!user?.activated)))
        throw unauthorized();
      return issue(user!, rememberMe);
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
      await db.transaction(async (tx) => {
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
      });
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
      return issue({ ...user, sessionVersion: user.sessionVersion + 1 }, false);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

/** A registration never activated may be taken over by a new one with the same login or email. */
async function removeStaleRegistration(tx: Parameters<Parameters<Db['transaction']>[0]>[0], req: RegisterRequest) {
  await tx.execute(
    sql`delete from app_user where activated = false and activation_key is not null and (lower(login) = lower(${req.login}) or lower(email) = lower(${req.email}))`,
  );
}
