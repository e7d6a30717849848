import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { pushDelivery, pushSubscription } from '../../db/push-schema.js';

/** How long a claimed delivery is this instance's: longer than an attempt may take. */
const LEASE_SECONDS = 60;
/** Sent and given-up deliveries are kept this long, so an event seen again is not sent again. */
const KEEP_DAYS = 2;

export interface ClaimedPush {
  seq: number;
  vehicleId: number;
  body: string;
  attempts: number;
  createdAt: Date;
  subscriptionId: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims due deliveries for this instance. The claim moves the next attempt past the lease, so
 * another instance (or this one after a crash) tries again only once it has lapsed.
 */
export async function claimDuePushes(db: Db, limit: number): Promise<ClaimedPush[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with due as (
      select seq from ${pushDelivery}
      where status = 'pending' and next_attempt_at <= now()
      order by seq limit ${limit}
      for update skip locked)
    update ${pushDelivery} d
      set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    from ${pushSubscription} s
    where d.seq in (select seq from due) and s.id = d.subscription_id
    returning d.seq, d.vehicle_id, d.body, d.attempts, d.created_at, s.id as subscription_id, s.user_id,
      s.endpoint, s.p256dh, s.auth`);
  return rows.map((r) => ({
    seq: Number(r.seq),
    vehicleId: Number(r.vehicle_id),
    body: String(r.body),
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at as string),
    subscriptionId: Number(r.subscription_id),
    userId: Number(r.user_id),
    endpoint: String(r.endpoint),
    p256dh: String(r.p256dh),
    auth: String(r.auth),
  }));
}

/** Sent, or given up (`retryInMs` null); else tried again after `retryInMs`. */
export const markPush = (db: Queryable, seq: number, outcome: 'sent' | { retryInMs: number | null }) =>
  db
    .update(pushDelivery)
    .set(
      outcome === 'sent' || outcome.retryInMs === null
        ? { status: outcome === 'sent' ? 'sent' : 'failed' }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})` },
    )
    .where(eq(pushDelivery.seq, seq));

/** A delivery its subscriber may not see (any more): it is not sent. */
export const dropPush = (db: Queryable, seq: number) => db.delete(pushDelivery).where(eq(pushDelivery.seq, seq));

/** A subscription its push service no longer knows (404, 410): gone, with what was queued for it. */
export const dropSubscription = (db: Queryable, id: number) =>
  db.delete(pushSubscription).where(eq(pushSubscription.id, id));

/** Drops deliveries done with (sent or given up) older than they are kept. */
export const dropOldPushes = (db: Queryable) =>
  db
    .delete(pushDelivery)
    .where(
      and(
        ne(pushDelivery.status, 'pending'),
        lt(pushDelivery.createdAt, sql`now() - make_interval(days => ${KEEP_DAYS})`),
      ),
    );
