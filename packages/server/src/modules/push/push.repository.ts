import type { PushSubscriptionCreate } from '@evfleet/domain';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { pushSubscription } from '../../db/push-schema.js';

export type PushSubscriptionRow = typeof pushSubscription.$inferSelect;

/** The push_subscription table, each query kept to one owner's rows. */
export const pushRepository = {
  list: (db: Queryable, userId: number) =>
    db.select().from(pushSubscription).where(eq(pushSubscription.userId, userId)).orderBy(desc(pushSubscription.id)),

  /**
   * One row per endpoint, the caller's: a browser subscribed again keeps its row with the new keys and
   * severity; one another person had subscribed becomes the caller's, without the messages queued for them.
   */
  save: (db: Db, userId: number, input: PushSubscriptionCreate) =>
    db.transaction(async (tx) => {
      const { endpoint } = input;
      await tx
        .delete(pushSubscription)
        .where(and(eq(pushSubscription.endpoint, endpoint), ne(pushSubscription.userId, userId)));
      const values = { p256dh: input.keys.p256dh, auth: input.keys.auth, minSeverity: input.minSeverity };
      const [row] = await tx
        .insert(pushSubscription)
        .values({ userId, endpoint, ...values })
        .onConflictDoUpdate({ target: pushSubscription.endpoint, set: values })
        .returning();
      return row;
    }),

  delete: async (db: Queryable, id: number, userId: number) =>
    (
      await db
        .delete(pushSubscription)
        .where(and(eq(pushSubscription.id, id), eq(pushSubscription.userId, userId)))
        .returning({ id: pushSubscription.id })
    ).length > 0,
};
