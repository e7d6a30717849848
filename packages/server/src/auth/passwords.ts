import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes); @node-rs/argon2 defaults to argon2id.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the account does not exist, so timing does not reveal which logins exist. */
export const DUMMY_HASH = await hashPassword('not-a-real-password');

/**
 * The stored hash of an account created without a password (a fleet owner's, a driver's): it is no
 * argon2 hash, so no password matches it until an administrator sets one or a reset link is used.
 */
export const NO_PASSWORD = '!';
