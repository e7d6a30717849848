import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { oidcHandoff, oidcLogin } from '../../db/oidc-schema.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A sign-in left at the provider longer than this is forgotten; its browser's cookie lasts as long. */
export const LOGIN_MINUTES = 10;
/** The web app exchanges its one-time code within this long. */
const HANDOFF_SECONDS = 60;

/** Sign-ins under way at the provider, and the one-time codes that hand an account to the web app. */
export const ssoRepository = {
  async begin(db: Queryable, login: { state: string; nonce: string; codeVerifier: string }) {
    await db.delete(oidcLogin).where(lt(oidcLogin.createdAt, sql`now() - make_interval(mins => ${LOGIN_MINUTES})`));
    await db.insert(oidcLogin).values(login);
  },

  /** The sign-in a state names, taken: a state is returned once. */
  take: async (db: Queryable, state: string) =>
    (
      await db
        .delete(oidcLogin)
        .where(
          and(
            eq(oidcLogin.state, state),
            gt(oidcLogin.createdAt, sql`now() - make_interval(mins => ${LOGIN_MINUTES})`),
          ),
        )
        .returning()
    )[0],

  async handOff(db: Queryable, code: string, userId: number, endSessionUrl: string | null) {
    await db.delete(oidcHandoff).where(lt(oidcHandoff.expiresAt, sql`now()`));
    await db.insert(oidcHandoff).values({
      codeHash: sha256(code),
      userId,
      endSessionUrl,
      expiresAt: sql`now() + make_interval(secs => ${HANDOFF_SECONDS})`,
    });
  },

  /** The account a one-time code hands over, taken: a code works once, within its minute. */
  redeem: async (db: Queryable, code: string) =>
    (
      await db
        .delete(oidcHandoff)
        .where(and(eq(oidcHandoff.codeHash, sha256(code)), gt(oidcHandoff.expiresAt, sql`now()`)))
        .returning()
    )[0],
};
