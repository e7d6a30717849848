/**
 * Sign-in limits kept in memory: attempts per client per minute, and failures per account *and
 * client* per fifteen minutes. The failures are counted per client so that nobody can lock an
 * account's owner out by failing on purpose from elsewhere (docs/security.md); a guesser spread over
 * many clients is held by the per-client rate and argon2's cost. Several instances each keep their
 * own counts, which only loosens the limits by the number of instances.
 */
export function createLoginThrottle(limits: { attemptsPerMinute: number; failuresPerAccount: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  const hit = (key: string, windowMs: number, now: number) => {
    const current = windows.get(key);
    if (!current || current.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      windows.set(key, fresh);
      return fresh;
    }
    current.count += 1;
    return current;
  };
  const retryAfter = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

  // Expired windows are swept now and then so the map cannot grow without bound.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    /** Counts an attempt from this client; returns seconds to wait when over the limit. */
    attempt(client: string, now = Date.now()): number | null {
      const w = hit(`client:${client}`, 60_000, now);
      return w.count > limits.attemptsPerMinute ? retryAfter(w.resetAt, now) : null;
    },
    /** Seconds to wait when this account has failed too often from this client, else null. */
    lockedFor(account: string, client: string, now = Date.now()): number | null {
      const w = windows.get(failureKey(account, client));
      return w && w.resetAt > now && w.count >= limits.failuresPerAccount ? retryAfter(w.resetAt, now) : null;
    },
    failed(account: string, client: string, now = Date.now()) {
      hit(failureKey(account, client), 15 * 60_000, now);
    },
    succeeded(account: string, client: string) {
      windows.delete(failureKey(account, client));
    },
    close: () => clearInterval(sweep),
  };
}
const failureKey = (account: string, client: string) => `account:${account.toLowerCase()}\u0000${client}`;
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
