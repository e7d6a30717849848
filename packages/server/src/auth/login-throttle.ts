import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { signInWindow } from '../db/schema.js';

/**
 * Sign-in limits: attempts per client per minute, and failures per account *and client* per fifteen
 * minutes. The failures are counted per client so that nobody can lock an account's owner out by
 * failing on purpose from elsewhere (docs/security.md); a guesser spread over many clients is held
 * by the per-client rate and argon2's cost. The counts are rows in the database, so every instance
 * behind a balancer counts the same attempts (a statement each, next to argon2's ~50 ms).
 */
export function createLoginThrottle(db: Db, limits: { attemptsPerMinute: number; failuresPerAccount: number }) {
  /** Counts one more in the key's window, starting a new window when the last one has ended. */
  const hit = async (key: string, windowMs: number, now: number) => {
    const at = new Date(now);
    const ended = sql`${signInWindow.resetAt} <= ${at.toISOString()}::timestamptz`;
    const [window] = await db
      .insert(signInWindow)
      .values({ key, count: 1, resetAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: signInWindow.key,
        set: {
          count: sql`case when ${ended} then 1 else ${signInWindow.count} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${signInWindow.resetAt} end`,
        },
      })
      .returning({ count: signInWindow.count, resetAt: signInWindow.resetAt });
    return window;
  };
  const retryAfter = (resetAt: Date, now: number) => Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));

  // Ended windows are swept now and then so the table cannot grow without bound (by any instance:
  // a delete of what has ended is the same whoever runs it).
  const sweep = setInterval(() => {
    void db
      .delete(signInWindow)
      .where(lte(signInWindow.resetAt, new Date()))
      .catch(() => undefined);
  }, 60_000);
  sweep.unref();

  return {
    /** Counts an attempt from this client; returns seconds to wait when over the limit. */
    async attempt(client: string, now = Date.now()): Promise<number | null> {
      const w = await hit(`client:${client}`, 60_000, now);
      return w.count > limits.attemptsPerMinute ? retryAfter(w.resetAt, now) : null;
    },
    /** Seconds to wait when this account has failed too often from this client, else null. */
    async lockedFor(account: string, client: string, now = Date.now()): Promise<number | null> {
      const [w] = await db
        .select({ count: signInWindow.count, resetAt: signInWindow.resetAt })
        .from(signInWindow)
        .where(and(eq(signInWindow.key, failureKey(account, client)), gt(signInWindow.resetAt, new Date(now))));
      return w && w.count >= limits.failuresPerAccount ? retryAfter(w.resetAt, now) : null;
    },
    async failed(account: string, client: string, now = Date.now()) {
      await hit(failureKey(account, client), 15 * 60_000, now);
    },
    async succeeded(account: string, client: string) {
      await db.delete(signInWindow).where(eq(signInWindow.key, failureKey(account, client)));
    },
    close: () => clearInterval(sweep),
  };
}
// A client is an address, without spaces: the space ends it.
const failureKey = (account: string, client: string) => `account:${client} ${account.toLowerCase()}`;
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
