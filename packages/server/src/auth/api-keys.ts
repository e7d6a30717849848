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

/** A key's row as authentication reads it, with its requests in this second, this one included. */
interface KeyRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  scopes: ApiKeyScope[];
  expires_at: string | Date | null;
  requests: number;
}

/** Last use is written at most this often per key: a busy key is not a write a request. */
const LAST_USE_EVERY_MS = 10_000;

/**
 * Authenticates API keys (docs/integrations.md). Nothing of a key is cached: each request reads its
 * row by the key's hash (a unique index), so a revoked or expired key fails at its next call on every
 * instance; its owner is read through the sessions' cache, which a change of the account's rights,
 * its deactivation or delete drops at once everywhere (telemetry/rights-changes.ts), so the key acts
 * with the owner's rights as they stand. The same statement counts the request in the key's second
 * (api_key_use, shared by every instance): a key makes at most 100 requests a second in all.
 */
export function createApiKeys(deps: {
  db: Db;
  account: (userId: number) => Promise<SessionAccount | undefined>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const lastUse = new Map<number, number>();

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
    const at = now();
    const { rows } = await deps.db.execute<KeyRow>(sql`
      with k as (select id, user_id, scopes, expires_at from ${apiKey} where key_hash = ${hashApiKey(key)}),
      counted as (
        insert into api_key_use (key_id, epoch_second, requests) select id, ${Math.floor(at / 1000)}, 1 from k
        on conflict (key_id) do update set
          requests = case when api_key_use.epoch_second = excluded.epoch_second then api_key_use.requests + 1 else 1 end,
          epoch_second = excluded.epoch_second
        returning requests)
      select k.id, k.user_id, k.scopes, k.expires_at, (select requests from counted) from k`);
    const [row] = rows;
    if (!row || (row.expires_at && new Date(row.expires_at).getTime() <= at)) return null;
    const owner = await deps.account(row.user_id);
    if (!owner || !owner.activated) return null;
    if (row.requests > API_KEY_LIMITS.requestsPerSecond) return 'limited';
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
