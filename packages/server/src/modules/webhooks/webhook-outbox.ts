import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { webhook, webhookDelivery } from '../../db/webhooks-schema.js';

/** How long a claimed delivery is this instance's: longer than an attempt may take. */
const LEASE_SECONDS = 60;
/** Delivered and given-up deliveries are kept this long for the deliveries list. */
const KEEP_DAYS = 30;

export interface ClaimedDelivery {
  seq: number;
  id: string;
  webhookId: number;
  eventType: string;
  vehicleId: number | null;
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  format: 'json' | 'slack' | 'teams';
  userId: number;
}

/**
 * Claims due deliveries for this instance: of an active hook, and the oldest pending of their hook
 * and vehicle, so a vehicle's events reach a hook in order. The claim moves the next attempt past
 * the lease, so another instance (or this one after a crash) tries again only once it has lapsed.
 */
export async function claimDueDeliveries(db: Db, limit: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with due as (
      select d.seq from ${webhookDelivery} d
      join ${webhook} w on w.id = d.webhook_id and w.paused_at is null
      where d.status = 'pending' and d.next_attempt_at <= now()
        and not exists (select 1 from ${webhookDelivery} p where p.webhook_id = d.webhook_id
          and p.vehicle_id = d.vehicle_id and p.status = 'pending' and p.seq < d.seq)
      order by d.seq limit ${limit}
      for update of d skip locked)
    update ${webhookDelivery} d
      set attempts = d.attempts + 1, attempted_at = now(), next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    from ${webhook} w
    where d.seq in (select seq from due) and w.id = d.webhook_id
    returning d.seq, d.id, d.webhook_id, d.event_type, d.vehicle_id, d.body, d.attempts, d.created_at,
      w.url, w.secret, w.format, w.user_id`);
  return rows.map((r) => ({
    seq: Number(r.seq),
    id: String(r.id),
    webhookId: Number(r.webhook_id),
    eventType: String(r.event_type),
    vehicleId: r.vehicle_id === null ? null : Number(r.vehicle_id),
    body: String(r.body),
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at as string),
    url: String(r.url),
    secret: String(r.secret),
    format: r.format as ClaimedDelivery['format'],
    userId: Number(r.user_id),
  }));
}

export const markDelivered = (db: Queryable, seq: number, statusCode: number) =>
  db.update(webhookDelivery).set({ status: 'delivered', statusCode, error: null }).where(eq(webhookDelivery.seq, seq));

/** A failed attempt: tried again after `retryInMs`, or, with no retry left, given up. */
export const markFailed = (
  db: Queryable,
  seq: number,
  answer: { statusCode: number | null; error: string | null },
  retryInMs: number | null,
) =>
  db
    .update(webhookDelivery)
    .set({
      statusCode: answer.statusCode,
      error: answer.error?.slice(0, 500) ?? `answered ${answer.statusCode}`,
      ...(retryInMs === null
        ? { status: 'failed' }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` }),
    })
    .where(eq(webhookDelivery.seq, seq));

/** A delivery its hook's owner may not see (any more): it is not sent, nor listed. */
export const dropDelivery = (db: Queryable, seq: number) =>
  db.delete(webhookDelivery).where(eq(webhookDelivery.seq, seq));

/** Pauses a hook after its deliveries failed for a day; true when this call paused it. */
export async function pauseFailing(db: Queryable, webhookId: number, reason: string): Promise<boolean> {
  const paused = await db
    .update(webhook)
    .set({ pausedAt: new Date(), pauseReason: reason })
    .where(and(eq(webhook.id, webhookId), isNull(webhook.pausedAt)))
    .returning({ id: webhook.id });
  return paused.length > 0;
}

/** Drops deliveries done with (delivered or given up) older than the list keeps. */
export const dropOldDeliveries = (db: Queryable) =>
  db
    .delete(webhookDelivery)
    .where(
      and(
        ne(webhookDelivery.status, 'pending'),
        lt(webhookDelivery.createdAt, sql`now() - make_interval(days => ${KEEP_DAYS})`),
      ),
    );

/** A hook's latest deliveries, newest first. */
export const latestDeliveries = (db: Queryable, webhookId: number, limit: number) =>
  db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.webhookId, webhookId))
    .orderBy(desc(webhookDelivery.seq))
    .limit(limit);
