import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { appUser } from '../../db/schema.js';
import { webhook } from '../../db/webhooks-schema.js';

const listed = {
  id: webhook.id,
  url: webhook.url,
  events: webhook.events,
  format: webhook.format,
  dealerId: webhook.dealerId,
  fleetId: webhook.fleetId,
  owner: appUser.login,
  pausedAt: webhook.pausedAt,
  pauseReason: webhook.pauseReason,
  createdAt: webhook.createdAt,
  secret: webhook.secret,
};
export type WebhookRow = Awaited<ReturnType<typeof selectHooks>>[number];

const selectHooks = (db: Queryable, where: SQL | undefined) =>
  db.select(listed).from(webhook).innerJoin(appUser, eq(appUser.id, webhook.userId)).where(where);

/** The webhook table; `owned` narrows to one owner's hooks (undefined: every hook, for administrators). */
export const webhooksRepository = {
  list: (db: Queryable, owned: SQL | undefined) => selectHooks(db, owned).orderBy(desc(webhook.id)),

  one: async (db: Queryable, id: number, owned: SQL | undefined) =>
    (await selectHooks(db, and(eq(webhook.id, id), owned)))[0],

  insert: async (db: Queryable, values: typeof webhook.$inferInsert) =>
    (await db.insert(webhook).values(values).returning({ id: webhook.id }))[0].id,

  update: (db: Queryable, id: number, values: Partial<typeof webhook.$inferInsert>) =>
    db.update(webhook).set(values).where(eq(webhook.id, id)),

  delete: async (db: Queryable, id: number, owned: SQL | undefined) =>
    (
      await db
        .delete(webhook)
        .where(and(eq(webhook.id, id), owned))
        .returning({ id: webhook.id })
    ).length > 0,

  ownedBy: (userId: number) => eq(webhook.userId, userId),
};
