import type { ApiKeyScope } from '@evfleet/domain';
import { index, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant } from './columns.js';
import { appUser } from './schema.js';

/**
 * API keys (docs/integrations.md): a machine's credential that acts as its owner with at most its
 * scopes. Only the key's SHA-256 is kept (a key is 32 random bytes: no slow hash is needed against
 * guessing); its first characters tell keys apart in a list. The owner's delete takes its keys.
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => appUser.id),
    name: varchar('name', { length: 100 }).notNull(),
    shown: varchar('shown', { length: 16 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    scopes: varchar('scopes', { length: 16 }).array().$type<ApiKeyScope[]>().notNull(),
    expiresAt: instant('expires_at'),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    lastUsedFrom: varchar('last_used_from', { length: 64 }),
  },
  (t) => [index('api_key_user_idx').on(t.userId)],
);
