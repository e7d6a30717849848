import type { AuthUser, TokenClaims, Tokens } from './tokens.js';

/** What a session check needs of an account; the account module's row carries more (GET api/account answers it). */
export interface SessionAccount extends AuthUser {
  activated: boolean;
  sessionVersion: number;
}

/** Accounts kept at most; past it, expired entries are dropped (a bound, not an eviction policy). */
const MAX_CACHED = 50_000;

/**
 * Whether a token's session still stands: its account exists, is activated, and still has the
 * session version the token was issued at. Deleting or deactivating an account, changing its roles
 * or password, and signing out raise the version (accounts.repository.ts), so every token issued
 * before ends.
 *
 * Each account is read at most once per `ttlMs` per instance, so a change made on any instance takes
 * effect everywhere within that time, while a request costs a map lookup (docs/security.md). The
 * read is shared by simultaneous requests and also answers GET api/account.
 */
export function createSessions<A extends SessionAccount>({
  tokens,
  load,
  ttlMs,
}: {
  tokens: Tokens;
  load: (userId: number) => Promise<A | undefined>;
  ttlMs: number;
}) {
  const cache = new Map<number, { at: number; account: Promise<A | undefined> }>();

  const current = (userId: number): Promise<A | undefined> => {
    const now = Date.now();
    const hit = cache.get(userId);
    if (hit && now - hit.at < ttlMs) return hit.account;
    if (cache.size >= MAX_CACHED) for (const [id, e] of cache) if (now - e.at >= ttlMs) cache.delete(id);
    const account = load(userId);
    cache.set(userId, { at: now, account });
    account.catch(() => cache.delete(userId));
    return account;
  };

  const user = async (claims: TokenClaims): Promise<AuthUser | null> => {
    const account = await current(claims.id);
    if (!account || !account.activated || account.sessionVersion !== claims.sessionVersion) return null;
    return { id: account.id, login: account.login, authorities: account.authorities };
  };

  return {
    current,
    /** The signed-in user a bearer token stands for, or null when it is expired, forged or its session has ended. */
    async authenticate(token: string): Promise<AuthUser | null> {
      const claims = tokens.verify(token);
      return claims && user(claims);
    },
    /** Drops this instance's copy, so its own change takes effect at once. */
    forget(userId: number) {
      cache.delete(userId);
    },
  };
}
export type Sessions<A extends SessionAccount = SessionAccount> = ReturnType<typeof createSessions<A>>;
