import type { PushSeverity } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant } from './columns.js';
import { appUser } from './schema.js';

/**
 * Alerts on the phone (docs/integrations.md): a browser's Web Push subscription, one row per
 * endpoint, owned by the person who last subscribed it. `p256dh` and `auth` are the keys a message is
 * encrypted to; the owner's delete takes their subscriptions.
 */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => appUser.id),
    endpoint: varchar('endpoint', { length: 2000 }).notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 200 }).notNull(),
    minSeverity: varchar('min_severity', { length: 8 }).$type<PushSeverity>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscription_endpoint_uq').on(t.endpoint),
    index('push_subscription_user_idx').on(t.userId),
  ],
);

/**
 * One alert for one subscription: the outbox of push messages, written in the transaction of the
 * change that raised the alert, once per subscription and `dedupe_key`. `body` is the event as the
 * webhooks tell it; the message is made of it when sent. Sent and given-up rows are kept a while so
 * an event seen again is not sent twice.
 */
export const pushDelivery = pgTable(
  'push_delivery',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    subscriptionId: belongsTo('subscription_id', () => pushSubscription.id),
    vehicleId: integer('vehicle_id').notNull(),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** 'pending', 'sent' or 'failed' (given up after a day). */
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_delivery_dedupe_uq').on(t.subscriptionId, t.dedupeKey),
    index('push_delivery_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('push_delivery_created_idx').on(t.createdAt),
  ],
);
