import { and, desc, eq, type SQL } from 'drizzle-orm';
import { apiKey } from '../../db/api-keys-schema.js';
import type { Queryable } from '../../db/client.js';
import { appUser } from '../../db/schema.js';

const listed = {
  id: apiKey.id,
  userId: apiKey.userId,
  name: apiKey.name,
  shown: apiKey.shown,
  scopes: apiKey.scopes,
  owner: appUser.login,
  expiresAt: apiKey.expiresAt,
  createdAt: apiKey.createdAt,
  lastUsedAt: apiKey.lastUsedAt,
  lastUsedFrom: apiKey.lastUsedFrom,
};
export type ApiKeyRow = { [K in keyof typeof listed]: (typeof listed)[K]['_']['data'] | null } & {
  id: number;
  userId: number;
  name: string;
  shown: string;
  owner: string;
};

/** The api_key table; `owned` narrows to one owner's keys (undefined: every key, for administrators). */
export const apiKeysRepository = {
  list: (db: Queryable, owned: SQL | undefined) =>
    db
      .select(listed)
      .from(apiKey)
      .innerJoin(appUser, eq(appUser.id, apiKey.userId))
      .where(owned)
      .orderBy(desc(apiKey.id)) as Promise<ApiKeyRow[]>,

  one: async (db: Queryable, id: number, owned: SQL | undefined) =>
    (
      (await db
        .select(listed)
        .from(apiKey)
        .innerJoin(appUser, eq(appUser.id, apiKey.userId))
        .where(and(eq(apiKey.id, id), owned))) as ApiKeyRow[]
    )[0],

  insert: async (db: Queryable, values: typeof apiKey.$inferInsert) =>
    (await db.insert(apiKey).values(values).returning({ id: apiKey.id }))[0].id,

  delete: async (db: Queryable, id: number, owned: SQL | undefined) =>
    (
      await db
        .delete(apiKey)
        .where(and(eq(apiKey.id, id), owned))
        .returning({ id: apiKey.id })
    ).length > 0,

  ownedBy: (userId: number) => eq(apiKey.userId, userId),
};
