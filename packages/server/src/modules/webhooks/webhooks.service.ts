import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookPayload,
  type WebhookUpdate,
} from '@evfleet/domain';
import { allowedScope, type Scope } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { webhookDelivery } from '../../db/webhooks-schema.js';
import { fieldErrors, forbidden, notFound } from '../../http/errors.js';
import { fleetsRepository as fleets } from '../fleets/index.js';
import { hasRefusedLiteral } from './webhook-address.js';
import { sendDelivery } from './webhook-dispatcher.js';
import { latestDeliveries } from './webhook-outbox.js';
import { succeeded } from './webhook-request.js';
import { webhooksRepository as repo } from './webhooks.repository.js';
import { toWebhook, toWebhookDelivery } from './webhooks.presenter.js';

type HookInput = WebhookCreate | WebhookUpdate;

/**
 * Signed webhooks (docs/integrations.md). Administrators, dealers and fleet owners make hooks for
 * the vehicles they see: an administrator's may name a dealer or a fleet, a dealer's its dealership
 * or one of its fleets, a fleet owner's its fleet. Each lists and changes its own; administrators
 * every hook. A hook's secret is answered once, at its creation.
 */
export function createWebhooksService({
  db,
  allowPrivate,
  timeoutMs,
}: {
  db: Db;
  allowPrivate: boolean;
  /** How long a receiver has to answer the Test button's delivery, as any other. */
  timeoutMs: number;
}) {
  const owner = (by: AuthUser) => allowedScope(db, by, 'admin', 'dealer', 'fleet');
  const owned = (by: AuthUser) => (by.authorities.includes('ROLE_ADMIN') ? undefined : repo.ownedBy(by.id));

  const find = async (q: Queryable, by: AuthUser, id: number) => {
    await owner(by);
    const row = await repo.one(q, id, owned(by));
    if (!row) throw notFound('The webhook');
    return row;
  };

  /**
   * The dealer or fleet a hook is kept to: the one named, if the caller manages it, else the
   * caller's own dealership or fleet (administrators: every vehicle).
   */
  const scopeOf = async (q: Queryable, scope: Scope, input: HookInput) => {
    if (input.fleetId) {
      if (await fleets.ref(q, scope, input.fleetId)) return { dealerId: null, fleetId: input.fleetId };
      throw scope.kind === 'all' ? notFound('The fleet') : forbidden();
    }
    if (input.dealerId) {
      if (scope.kind === 'dealer' && input.dealerId === scope.dealerId)
        return { dealerId: input.dealerId, fleetId: null };
      if (scope.kind !== 'all') throw forbidden();
      if (!(await fleets.dealerExists(q, input.dealerId))) throw notFound('The dealer');
      return { dealerId: input.dealerId, fleetId: null };
    }
    if (scope.kind === 'dealer') return { dealerId: scope.dealerId, fleetId: null };
    if (scope.kind === 'fleet') return { dealerId: null, fleetId: scope.fleetId };
    return { dealerId: null, fleetId: null };
  };

  const checkUrl = (url: string) => {
    if (!allowPrivate && hasRefusedLiteral(url)) throw fieldErrors('webhook', { url: WEBHOOK_MESSAGES.privateAddress });
  };

  return {
    list: async (by: AuthUser) => {
      await owner(by);
      return (await repo.list(db, owned(by))).map(toWebhook);
    },

    get: async (by: AuthUser, id: number) => toWebhook(await find(db, by, id)),

    async create(by: AuthUser, input: WebhookCreate): Promise<WebhookCreated> {
      const scope = await owner(by);
      checkUrl(input.url);
      const secret = input.secret ?? `whsec_${randomBytes(24).toString('base64url')}`;
      const id = await repo.insert(db, {
        userId: by.id,
        url: input.url,
        events: input.events,
        format: input.format,
        secret,
        ...(await scopeOf(db, scope, input)),
      });
      return { ...toWebhook((await repo.one(db, id, undefined))!), secret };
    },

    /** The whole hook again; no secret keeps its own; `active` pauses or resumes it. */
    async update(by: AuthUser, id: number, input: WebhookUpdate) {
      const scope = await owner(by);
      const row = await find(db, by, id);
      checkUrl(input.url);
      const paused =
        input.active === true
          ? { pausedAt: null, pauseReason: null }
          : input.active === false && row.pausedAt === null
            ? { pausedAt: new Date(), pauseReason: 'Paused by its owner' }
            : {};
      await repo.update(db, id, {
        url: input.url,
        events: input.events,
        format: input.format,
        ...(input.secret ? { secret: input.secret } : {}),
        ...(await scopeOf(db, scope, input)),
        ...paused,
      });
      return toWebhook((await repo.one(db, id, undefined))!);
    },

    async remove(by: AuthUser, id: number) {
      await owner(by);
      if (!(await repo.delete(db, id, owned(by)))) throw notFound('The webhook');
    },

    /** Sends a test delivery now, and lists it with the hook's deliveries. */
    async test(by: AuthUser, id: number): Promise<WebhookDelivery> {
      const row = await find(db, by, id);
      const deliveryId = crypto.randomUUID();
      const payload: WebhookPayload = {
        id: crypto.randomUUID(),
        type: WEBHOOK_TEST_EVENT,
        occurredAt: new Date().toISOString(),
        vehicle: null,
        data: { text: `A test delivery of the webhook to ${row.url}.` },
      };
      const body = JSON.stringify(payload);
      const answer = await sendDelivery(
        { id: deliveryId, eventType: WEBHOOK_TEST_EVENT, secret: row.secret, format: row.format, body, url: row.url },
        { allowPrivate, timeoutMs },
      );
      const ok = succeeded(answer);
      const [stored] = await db
        .insert(webhookDelivery)
        .values({
          id: deliveryId,
          webhookId: id,
          eventType: WEBHOOK_TEST_EVENT,
          dedupeKey: `${WEBHOOK_TEST_EVENT}:${deliveryId}`,
          body,
          occurredAt: new Date(payload.occurredAt),
          status: ok ? 'delivered' : 'failed',
          attempts: 1,
          attemptedAt: new Date(),
          statusCode: answer.statusCode,
          error: ok ? null : (answer.error ?? `answered ${answer.statusCode}`).slice(0, 500),
        })
        .returning();
      return toWebhookDelivery(stored);
    },

    async deliveries(by: AuthUser, id: number) {
      await find(db, by, id);
      return (await latestDeliveries(db, id, WEBHOOK_LIMITS.deliveriesListed)).map(toWebhookDelivery);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
