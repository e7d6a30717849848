import { WEBHOOK_LIMITS } from '@evfleet/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionAccount } from '../../auth/sessions.js';
import { accountSeesVehicle } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { appUser } from '../../db/schema.js';
import { createOutboxWorker, retryDelay } from '../../lib/outbox-worker.js';
import { enqueueMail } from '../../mail/outbox.js';
import { formatBody } from './webhook-formats.js';
import {
  claimDueDeliveries,
  dropDelivery,
  dropOldDeliveries,
  markDelivered,
  markFailed,
  pauseFailing,
  type ClaimedDelivery,
} from './webhook-outbox.js';
import { postWebhook, succeeded, type WebhookAnswer } from './webhook-request.js';
import { signatureHeader } from './webhook-signature.js';

/** How often due deliveries are looked for: events queued on another instance wait at most this. */
const POLL_MS = 1000;

export interface WebhookDispatcherDeps {
  db: Db;
  /** The hook owner's account as it stands (the sessions' cache): its rights decide what it is sent. */
  account: (userId: number) => Promise<SessionAccount | undefined>;
  allowPrivate: boolean;
  /** The first retry's delay; each further one doubles, up to an hour. */
  retryMs: number;
  /** How long a receiver has to answer: a 2xx any later fails the attempt. */
  timeoutMs: number;
  appBaseUrl: string;
  log: FastifyBaseLogger;
  /** A paused hook's mail to its owner is queued. */
  mailQueued: () => void;
}

/** The headers of one attempt (docs/integrations.md): what happened, the delivery's id, the signature. */
const deliveryHeaders = (d: Pick<ClaimedDelivery, 'id' | 'eventType' | 'secret'>, body: string) => ({
  'evfleet-event': d.eventType,
  'evfleet-delivery': d.id,
  'evfleet-signature': signatureHeader(d.secret, body, Math.floor(Date.now() / 1000)),
});

/** Sends one delivery to its hook, in the hook's format, signed. */
export function sendDelivery(
  d: Pick<ClaimedDelivery, 'id' | 'eventType' | 'secret' | 'format' | 'body' | 'url'>,
  opts: { allowPrivate: boolean; timeoutMs: number },
) {
  const body = formatBody(d.format, d.body);
  return postWebhook(d.url, body, deliveryHeaders(d, body), opts);
}

/**
 * Delivers the webhooks' outbox (docs/integrations.md): at least once, in order per hook and
 * vehicle, each attempt checked against what the hook's owner may see now. A failed delivery is
 * tried again after the retry delay, doubling, for a day; then it is given up and its hook paused,
 * and the owner is mailed.
 */
export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const { db, log } = deps;

  /** Whether the owner may see the vehicle now (a test delivery names none). */
  const ownerSees = async (userId: number, vehicleId: number | null) =>
    vehicleId === null
      ? (await deps.account(userId))?.activated === true
      : accountSeesVehicle(db, await deps.account(userId), vehicleId);

  const giveUp = async (d: ClaimedDelivery, answer: WebhookAnswer) => {
    await markFailed(db, d.seq, answer, null);
    const reason = `Deliveries failed for a day (last: ${answer.error ?? `HTTP ${answer.statusCode}`})`.slice(0, 200);
    if (!(await pauseFailing(db, d.webhookId, reason))) return;
    const [owner] = await db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, d.userId));
    if (!owner) return;
    await enqueueMail(db, {
      to: owner.email,
      kind: 'webhook-paused',
      subject: 'evfleet paused a webhook',
      body:
        `Deliveries to ${d.url} have failed for a day, so evfleet paused this webhook.\n` +
        `The last attempt: ${answer.error ?? `HTTP ${answer.statusCode}`}.\n\n` +
        `Resume it on ${deps.appBaseUrl}/webhooks/${d.webhookId} once the receiver works again.`,
    });
    deps.mailQueued();
  };

  const attempt = async (d: ClaimedDelivery) => {
    if (!(await ownerSees(d.userId, d.vehicleId))) return dropDelivery(db, d.seq);
    const answer = await sendDelivery(d, deps);
    if (succeeded(answer)) return markDelivered(db, d.seq, answer.statusCode!);
    if (Date.now() - d.createdAt.getTime() >= WEBHOOK_LIMITS.retryForMs) return giveUp(d, answer);
    await markFailed(db, d.seq, answer, retryDelay(deps.retryMs, d.attempts));
  };

  return createOutboxWorker({
    claim: () => claimDueDeliveries(db, 20),
    attempt,
    cleanup: () => dropOldDeliveries(db),
    intervalMs: POLL_MS,
    log,
    name: 'webhook',
  });
}
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
