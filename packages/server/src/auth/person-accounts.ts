import { randomBytes } from 'node:crypto';
import type { Role } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { hashPassword, NO_PASSWORD } from './passwords.js';
import type { Queryable } from '../db/client.js';
import type { dealer, driver, fleet, superUser } from '../db/schema.js';
import { notFound, refused } from '../http/errors.js';
import { accountsRepository as users } from './accounts.repository.js';
import { assertUnique, EMAIL_IN_USE } from './account-uniqueness.js';

/**
 * Every dealer, fleet owner, driver and super user signs in with an account of its own. A person
 * and its account share one email; the helpers here keep them in step.
 */
export type PersonTable = typeof dealer | typeof fleet | typeof driver | typeof superUser;

export interface AccountSpec {
  name: string;
  email: string;
  roles: readonly Role[];
  /** Absent: no password works until an administrator sets one or the owner follows a reset link. */
  password?: string;
  by: string;
}

const LOGIN_MAX = 50;

/** A person's email is unique among its kind and among the accounts other than its own. */
async function assertEmailFree(
  tx: Queryable,
  table: PersonTable,
  email: string,
  except: { id?: number; userId?: number | null } = {},
) {
  const { rows } = await tx.execute(
    sql`select 1 from ${table} where lower(${table.email}) = lower(${email}) and ${table.id} <> ${except.id ?? -1} limit 1`,
  );
  if (rows.length > 0) throw refused(EMAIL_IN_USE, 'emailexists');
  await assertUnique(tx, { email }, except.userId ?? undefined);
}

/** The login of a new account: the email when it fits the login rules, else a cleaned copy; a suffix when taken. */
async function freeLogin(tx: Queryable, email: string): Promise<string> {
  const base = email.toLowerCase().replace(/[^a-z0-9_.@-]/g, '_');
  for (let n = 1; n <= 20; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = base.slice(0, LOGIN_MAX - suffix.length) + suffix;
    if (!(await users.findByLogin(tx, candidate))) return candidate;
  }
  return `${base.slice(0, LOGIN_MAX - 13)}-${randomBytes(6).toString('hex')}`;
}

const passwordHash = (password: string | undefined) =>
  password ? hashPassword(password) : Promise.resolve(NO_PASSWORD);

/** A new, activated account for a person (a dealer's activation is applied by the dealer service). */
export async function createAccount(tx: Queryable, spec: AccountSpec): Promise<number> {
  const row = await users.insert(
    tx,
    {
      login: await freeLogin(tx, spec.email),
      email: spec.email.toLowerCase(),
      firstName: spec.name.slice(0, LOGIN_MAX),
      activated: true,
      passwordHash: await passwordHash(spec.password),
      createdBy: spec.by,
    },
    spec.roles,
  );
  return row.id;
}

/** Links an existing account: it must belong to nobody else and not be an administrator's. */
async function linkAccount(tx: Queryable, userId: number, spec: AccountSpec) {
  const account = await users.findById(tx, userId);
  if (!account) throw notFound('The user');
  if (account.authorities.includes('ROLE_ADMIN'))
    throw refused('An administrator account cannot be linked here.', 'userisadmin');
  const { rows } = await tx.execute(sql`
    select 1 from dealer where user_id = ${userId} union all select 1 from fleet where user_id = ${userId}
    union all select 1 from driver where user_id = ${userId} union all select 1 from super_user where user_id = ${userId} limit 1`);
  if (rows.length > 0)
    throw refused('This user already belongs to another dealer, fleet, driver or super user.', 'userlinked');
  await users.setAuthorities(tx, userId, [...new Set([...account.authorities, ...spec.roles])]);
  // A linked account keeps its own name; only the email and password follow the person.
  await syncAccount(tx, userId, { email: spec.email, password: spec.password, by: spec.by });
}

/**
 * The account follows its person's email (and, on an update of the person, its name, so the menu
 * greets a renamed person by the new name); a given password replaces the old one.
 */
async function syncAccount(
  tx: Queryable,
  userId: number,
  spec: Pick<AccountSpec, 'email' | 'password' | 'by'> & { name?: string },
) {
  await users.update(tx, userId, {
    email: spec.email.toLowerCase(),
    ...(spec.name ? { firstName: spec.name.slice(0, LOGIN_MAX) } : {}),
    ...(spec.password ? { passwordHash: await hashPassword(spec.password) } : {}),
    lastModifiedBy: spec.by,
    lastModifiedDate: new Date(),
  });
}

/**
 * The account of a person being created or updated: the current one kept in step, else the one
 * asked for linked, else a new one. Returns the account id.
 */
async function ensureAccount(
  tx: Queryable,
  current: number | null,
  requested: number | undefined,
  spec: AccountSpec,
): Promise<number> {
  if (current !== null) {
    if (requested !== undefined && requested !== current)
      throw refused('The sign-in account cannot be changed.', 'userchange');
    await syncAccount(tx, current, spec);
    return current;
  }
  if (requested !== undefined) {
    await linkAccount(tx, requested, spec);
    return requested;
  }
  return createAccount(tx, spec);
}

/**
 * The account of a person being created (no `id`) or updated, once its email is found free: its
 * account (`userId`) kept in step, else the one asked for (`requested`) linked, else a new one.
 * Returns the account id.
 */
export async function personAccount(
  tx: Queryable,
  table: PersonTable,
  person: { id?: number; userId: number | null; requested?: number },
  spec: AccountSpec,
) {
  await assertEmailFree(tx, table, spec.email, { id: person.id, userId: person.userId ?? person.requested });
  return ensureAccount(tx, person.userId, person.requested, spec);
}

/** When a person is deleted its account loses the person's roles, and goes when none are left. */
export async function releaseAccount(tx: Queryable, userId: number | null, roles: readonly Role[]) {
  if (userId === null) return;
  const account = await users.findById(tx, userId);
  if (!account) return;
  const remaining = account.authorities.filter((r) => !roles.includes(r));
  if (remaining.length === 0) await users.delete(tx, userId);
  else await users.setAuthorities(tx, userId, remaining);
}
