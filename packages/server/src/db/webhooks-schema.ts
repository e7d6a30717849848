import type { WebhookEvent, WebhookFormat } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant } from './columns.js';
import { appUser, dealer, fleet } from './schema.js';

/**
 * Signed webhooks (docs/integrations.md): where the events of the vehicles a hook's owner may see
 * are POSTed. `dealer_id` or `fleet_id` narrows a hook to one dealership or fleet; the owner's
 * delete takes its hooks.
 */
export const webhook = pgTable(
  'webhook',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => appUser.id),
    url: varchar('url', { length: 2000 }).notNull(),
    events: varchar('events', { length: 32 }).array().$type<WebhookEvent[]>().notNull(),
    /** The HMAC key of evfleet-signature: kept as given, since every delivery signs with it. */
    secret: varchar('secret', { length: 200 }).notNull(),
    format: varchar('format', { length: 8 }).$type<WebhookFormat>().notNull().default('json'),
    dealerId: integer('dealer_id').references(() => dealer.id, { onDelete: 'cascade' }),
    fleetId: integer('fleet_id').references(() => fleet.id, { onDelete: 'cascade' }),
    pausedAt: instant('paused_at'),
    pauseReason: varchar('pause_reason', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_user_idx').on(t.userId)],
);

/**
 * One event for one hook: the outbox of webhooks. Written in the transaction of the change that
 * caused the event, once per hook and `dedupe_key` whichever instance sees the event again; `id` is
 * the evfleet-delivery header, the same on every attempt. `seq` orders a hook's deliveries of a
 * vehicle: each waits for the one before it.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().defaultRandom().unique('webhook_delivery_id_uq'),
    webhookId: belongsTo('webhook_id', () => webhook.id),
    eventType: varchar('event_type', { length: 32 }).notNull(),
    vehicleId: integer('vehicle_id'),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    /** The JSON body, as text: its keys stay in the order they were written, and every attempt sends the same bytes. */
    body: text('body').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    /** 'pending', 'delivered' or 'failed' (given up after a day). */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    attemptedAt: instant('attempted_at'),
    statusCode: smallint('status_code'),
    error: varchar('error', { length: 500 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_delivery_dedupe_uq').on(t.webhookId, t.dedupeKey),
    index('webhook_delivery_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // What each pending delivery waits for: an earlier one of its hook and vehicle.
    index('webhook_delivery_order_idx')
      .on(t.webhookId, t.vehicleId, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_delivery_list_idx').on(t.webhookId, t.seq),
  ],
);
