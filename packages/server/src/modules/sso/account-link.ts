import { randomBytes } from 'node:crypto';
import { ROLES, type OidcError, type Role } from '@evfleet/domain';
import { accountsRepository as users } from '../../auth/accounts.repository.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Queryable } from '../../db/client.js';
import type { OidcClaims } from './oidc-client.js';

/** What OIDC_ROLE_CLAIM's value names: evfleet's roles, written as ROLE_ADMIN or admin. */
export function rolesOfClaim(value: unknown): Role[] {
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  const roles = new Set<Role>();
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const role = name.toUpperCase().startsWith('ROLE_') ? name.toUpperCase() : `ROLE_${name.toUpperCase()}`;
    if ((ROLES as readonly string[]).includes(role)) roles.add(role as Role);
  }
  return [...roles];
}

/** A login for a new account: the address, made unique when another account has it as its login. */
async function freeLogin(tx: Queryable, email: string) {
  const base = email.slice(0, 50);
  for (let n = 1; ; n++) {
    const login = n === 1 ? base : `${base.slice(0, 46)}-${n}`;
    if (!(await users.findByLogin(tx, login))) return login;
  }
}

/**
 * The account a provider's sign-in is (docs/integrations.md): the one with its verified e-mail
 * address; with OIDC_CREATE_ACCOUNTS a new one, ROLE_USER only, which sees nothing until an
 * administrator links or grants it more. With OIDC_ROLE_CLAIM the claim's roles replace the
 * account's at each sign-in. Pass the transaction.
 */
export async function linkAccount(
  tx: Queryable,
  claims: OidcClaims,
  opts: { createAccounts: boolean; roleClaim?: string },
): Promise<{ userId: number } | { error: OidcError }> {
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  if (!email || claims.email_verified !== true) return { error: 'unverified' };
  let user = await users.findByEmail(tx, email);
  if (!user) {
    if (!opts.createAccounts) return { error: 'no-account' };
    const row = await users.insert(
      tx,
      {
        login: await freeLogin(tx, email),
        email,
        // No password anyone knows: the account signs in through the provider, or sets one by a reset.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 50) : null,
        lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 50) : null,
        activated: true,
        langKey: 'en',
        createdBy: 'oidc',
      },
      ['ROLE_USER'],
    );
    user = { ...row, authorities: ['ROLE_USER'] };
  }
  if (!user.activated) return { error: 'inactive' };
  if (opts.roleClaim) {
    const roles = rolesOfClaim(claims[opts.roleClaim]);
    await users.setAuthorities(tx, user.id, roles.length ? roles : ['ROLE_USER']);
  }
  return { userId: user.id };
}
