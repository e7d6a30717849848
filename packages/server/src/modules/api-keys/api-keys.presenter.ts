import type { ApiKey } from '@evfleet/domain';
import type { ApiKeyRow } from './api-keys.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Exactly the fields of a key that leave the server: never its hash. */
export const toApiKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  shown: r.shown,
  scopes: r.scopes ?? [],
  owner: r.owner,
  expiresAt: iso(r.expiresAt),
  createdAt: r.createdAt!.toISOString(),
  lastUsedAt: iso(r.lastUsedAt),
  lastUsedFrom: r.lastUsedFrom,
});
