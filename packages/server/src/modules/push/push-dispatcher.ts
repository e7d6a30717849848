import type { FastifyBaseLogger } from 'fastify';
import type { SessionAccount } from '../../auth/sessions.js';
import { accountSeesVehicle } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { createOutboxWorker, retryDelay } from '../../lib/outbox-worker.js';
import { succeeded } from '../webhooks/index.js';
import { pushMessageOf } from './push-message.js';
import {
  claimDuePushes,
  dropOldPushes,
  dropPush,
  dropSubscription,
  markPush,
  type ClaimedPush,
} from './push-outbox.js';
import { sendPush, type Vapid } from './push-sender.js';

/** How often due messages are looked for: alerts queued on another instance wait at most this. */
const POLL_MS = 1000;
/** A message failing for this long is given up: its alert is stale by then. */
const RETRY_FOR_MS = 24 * 3600_000;
/** What a push service answers for a subscription it no longer has (RFC 8030): the browser unsubscribed or it expired. */
const GONE = [404, 410];

export interface PushDispatcherDeps {
  db: Db;
  /** The subscriber's account as it stands (the sessions' cache): its rights decide what it is sent. */
  account: (userId: number) => Promise<SessionAccount | undefined>;
  vapid: Vapid;
  allowPrivate: boolean;
  /** The first retry's delay; each further one doubles, up to an hour. */
  retryMs: number;
  log: FastifyBaseLogger;
}

/**
 * Delivers the push outbox (docs/integrations.md): each alert to each browser subscribed to its
 * severity, checked against what the subscriber may see at each attempt. A subscription its push
 * service no longer knows is removed; another failure is tried again, doubling the wait, for a day.
 */
export function createPushDispatcher(deps: PushDispatcherDeps) {
  const { db, log } = deps;

  const attempt = async (d: ClaimedPush) => {
    if (!(await accountSeesVehicle(db, await deps.account(d.userId), d.vehicleId))) return dropPush(db, d.seq);
    const answer = await sendPush(d, pushMessageOf(d.body), deps);
    if (succeeded(answer)) return markPush(db, d.seq, 'sent');
    if (answer.statusCode !== null && GONE.includes(answer.statusCode)) {
      log.info({ subscription: d.subscriptionId, statusCode: answer.statusCode }, 'push subscription gone, removed');
      return dropSubscription(db, d.subscriptionId);
    }
    const givenUp = Date.now() - d.createdAt.getTime() >= RETRY_FOR_MS;
    if (givenUp) log.warn({ subscription: d.subscriptionId, answer }, 'push message given up after a day');
    await markPush(db, d.seq, { retryInMs: givenUp ? null : retryDelay(deps.retryMs, d.attempts) });
  };

  return createOutboxWorker({
    claim: () => claimDuePushes(db, 20),
    attempt,
    cleanup: () => dropOldPushes(db),
    intervalMs: POLL_MS,
    log,
    name: 'push',
  });
}
export type PushDispatcher = ReturnType<typeof createPushDispatcher>;
