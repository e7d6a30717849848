import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_LIMITS, API_KEY_PREFIX, type ApiKeyScope } from '@evfleet/domain';
import { and, eq, sql } from 'drizzle-orm';
import { apiKey } from '../db/api-keys-schema.js';
import type { Db } from '../db/client.js';
import { vehicle } from '../db/schema.js';
import { resolveScope, visibleVehicles } from './visibility.js';
import type { SessionAccount } from './sessions.js';
import type { AuthUser } from './tokens.js';

/** A new key: what the caller is shown once, and what is kept of it. */
export function newApiKey() {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashApiKey(key), shown: key.slice(0, API_KEY_LIMITS.shownChars) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** A caller through a key: its owner as the owner stands now, and the key's scopes. */
export interface KeyCaller extends AuthUser {
  apiKey: { id: number; scopes: ApiKeyScope[] };
}

/** Last use is written at most this often per key: a busy key is not a write a request. */
const LAST_USE_EVERY_MS = 10_000;

/**
 * Authenticates API keys (docs/integrations.md). Nothing of a key is cached: each request reads its
 * row by the key's hash (a unique index), so a revoked or expired key fails at its next call on every
 * instance; its owner is read through the sessions' cache, which a change of the account's rights,
 * its deactivation or delete drops at once everywhere (telemetry/rights-changes.ts), so the key acts
 * with the owner's rights as they stand. A key makes at most 100 requests a second on an instance.
 */
export function createApiKeys(deps: {
  db: Db;
  account: (userId: number) => Promise<SessionAccount | undefined>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const windows = new Map<number, { second: number; count: number }>();
  const lastUse = new Map<number, number>();

  /** Whether the key may make another request in this second. */
  const within = (keyId: number) => {
    const second = Math.floor(now() / 1000);
    const w = windows.get(keyId);
    if (!w || w.second !== second) {
      if (windows.size > 10_000) windows.clear();
      windows.set(keyId, { second, count: 1 });
      return true;
    }
    return ++w.count <= API_KEY_LIMITS.requestsPerSecond;
  };

  const noteUse = (keyId: number, from: string) => {
    const at = now();
    if (at - (lastUse.get(keyId) ?? 0) < LAST_USE_EVERY_MS) return;
    lastUse.set(keyId, at);
    void deps.db
      .update(apiKey)
      .set({ lastUsedAt: new Date(at), lastUsedFrom: from.slice(0, 64) })
      .where(eq(apiKey.id, keyId))
      .catch(() => lastUse.delete(keyId));
  };

  const authenticate = async (key: string, from: string): Promise<KeyCaller | 'limited' | null> => {
    const [row] = await deps.db
      .select({ id: apiKey.id, userId: apiKey.userId, scopes: apiKey.scopes, expiresAt: apiKey.expiresAt })
      .from(apiKey)
      .where(sql`${apiKey.keyHash} = ${hashApiKey(key)}`);
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= now())) return null;
    const owner = await deps.account(row.userId);
    if (!owner || !owner.activated) return null;
    if (!within(row.id)) return 'limited';
    noteUse(row.id, from);
    return {
      id: owner.id,
      login: owner.login,
      authorities: owner.authorities,
      apiKey: { id: row.id, scopes: row.scopes },
    };
  };

  return {
    /**
     * The caller a key stands for: null when it is unknown, revoked or expired, or its owner is
     * deactivated or gone; 'limited' past its allowance.
     */
    authenticate,

    /**
     * The vehicle a key with the `telemetry` scope sends readings for over HTTP (Basic, the VIN as
     * user name): one its owner may see; null otherwise, 'limited' past its allowance.
     */
    async telemetryVehicle(key: string, vin: string, from: string): Promise<number | 'limited' | null> {
      const caller = await authenticate(key, from);
      if (caller === null || caller === 'limited') return caller;
      if (!caller.apiKey.scopes.includes('telemetry')) return null;
      const scope = await resolveScope(deps.db, caller);
      // Staff read every tenant and change none: readings are a change.
      if (scope.kind === 'none' || (scope.kind === 'all' && !scope.admin)) return null;
      const [found] = await deps.db
        .select({ id: vehicle.id })
        .from(vehicle)
        .where(and(eq(vehicle.vin, vin), visibleVehicles(scope)));
      return found?.id ?? null;
    },
  };
}
export type ApiKeys = ReturnType<typeof createApiKeys>;
