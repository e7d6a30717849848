import { z } from 'zod';

/**
 * Signed webhooks (docs/integrations.md): evfleet POSTs each event of the vehicles a hook's owner
 * may see to the hook's URL, signed with its secret, through the outbox.
 */
export const WEBHOOK_EVENTS = [
  'alert.raised',
  'alert.cleared',
  'trip.ended',
  'charging.ended',
  'zone.entered',
  'zone.left',
  'vehicle.offline',
  'vehicle.online',
  'command.answered',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What the Test button sends: no vehicle's event, only the hook's reachability. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How a delivery's body is shaped: evfleet's JSON, or a message a Slack or Teams incoming webhook shows. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  secretMin: 16,
  secretMax: 200,
  /** Deliveries a hook lists: its latest. */
  deliveriesListed: 100,
  /** A delivery answered 2xx within this long succeeded. */
  timeoutMs: 10_000,
  /** A delivery failing for this long is given up, and its hook paused. */
  retryForMs: 24 * 3600_000,
} as const;

export const WEBHOOK_MESSAGES = {
  url: 'must be an http or https URL',
  privateAddress: 'must not be a loopback, link-local or private address',
  events: `must name at least one of ${WEBHOOK_EVENTS.join(', ')}, each once`,
  secret: `must be ${WEBHOOK_LIMITS.secretMin} to ${WEBHOOK_LIMITS.secretMax} characters`,
  format: `must be one of ${WEBHOOK_FORMATS.join(', ')}`,
  scope: 'name a dealer or a fleet, not both',
} as const;
const M = WEBHOOK_MESSAGES;

const webhookUrl = z
  .string({ error: M.url })
  .trim()
  .max(WEBHOOK_LIMITS.urlMax, M.url)
  .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), M.url);

const webhookFields = {
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: M.events }), { error: M.events })
    .min(1, M.events)
    .refine((e) => new Set(e).size === e.length, M.events),
  secret: z
    .string({ error: M.secret })
    .min(WEBHOOK_LIMITS.secretMin, M.secret)
    .max(WEBHOOK_LIMITS.secretMax, M.secret)
    .nullish()
    .transform((v) => v ?? null),
  format: z
    .enum(WEBHOOK_FORMATS, { error: M.format })
    .nullish()
    .transform((v) => v ?? 'json'),
  dealerId: z.number().int().positive().nullish(),
  fleetId: z.number().int().positive().nullish(),
};
const oneScope = (h: { dealerId?: number | null; fleetId?: number | null }) => !(h.dealerId && h.fleetId);

/** POST api/webhooks: without a secret, one is made and answered once. */
export const webhookCreateSchema = z.object(webhookFields).refine(oneScope, { message: M.scope, path: ['fleetId'] });
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** PUT api/webhooks/{id}: the whole hook again; no secret keeps the one it has; `active` pauses or resumes it. */
export const webhookUpdateSchema = z
  .object({ ...webhookFields, active: z.boolean().nullish() })
  .refine(oneScope, { message: M.scope, path: ['fleetId'] });
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** A hook as listed: never its secret, which only its creation answers. */
export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  format: z.enum(WEBHOOK_FORMATS),
  dealerId: z.number().nullable(),
  fleetId: z.number().nullable(),
  /** The owner's login: administrators list every hook. */
  owner: z.string(),
  active: z.boolean(),
  /** Why a paused hook was paused: by its owner, or after a day of failed deliveries. */
  pausedAt: z.string().nullable(),
  pauseReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST api/webhooks answers the secret once, with what the list shows. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One row of GET api/webhooks/{id}/deliveries. */
export const webhookDeliverySchema = z.object({
  /** The evfleet-delivery header: the same for every attempt of the delivery. */
  id: z.string(),
  event: z.string(),
  vehicleId: z.number().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The last attempt's HTTP status; null when none answered (refused address, timeout, no connection). */
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  /** When the event happened, and when it was last tried. */
  occurredAt: z.string(),
  attemptedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The body of a `json` delivery (docs/integrations.md). */
export interface WebhookPayload {
  id: string;
  type: WebhookEvent | typeof WEBHOOK_TEST_EVENT;
  occurredAt: string;
  vehicle: { id: number; vin: string; name: string } | null;
  data: Record<string, unknown>;
}
