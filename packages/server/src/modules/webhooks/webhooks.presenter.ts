import type { Webhook, WebhookDelivery } from '@evfleet/domain';
import type { webhookDelivery } from '../../db/webhooks-schema.js';
import type { WebhookRow } from './webhooks.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Exactly the fields of a hook that leave the server: never its secret. */
export const toWebhook = (r: WebhookRow): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events,
  format: r.format,
  dealerId: r.dealerId,
  fleetId: r.fleetId,
  owner: r.owner,
  active: r.pausedAt === null,
  pausedAt: iso(r.pausedAt),
  pauseReason: r.pauseReason,
  createdAt: r.createdAt.toISOString(),
});

export const toWebhookDelivery = (r: typeof webhookDelivery.$inferSelect): WebhookDelivery => ({
  id: r.id,
  event: r.eventType,
  vehicleId: r.vehicleId,
  status: r.status as WebhookDelivery['status'],
  statusCode: r.statusCode,
  error: r.error,
  attempts: r.attempts,
  occurredAt: r.occurredAt.toISOString(),
  attemptedAt: iso(r.attemptedAt),
});
