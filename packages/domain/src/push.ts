import { z } from 'zod';

/**
 * Alerts on the phone (docs/integrations.md): Web Push of the alerts a person may see, to each
 * browser they turned notifications on in, from the least severity they chose up.
 */
export const PUSH_SEVERITIES = ['WARNING', 'SEVERE'] as const;
export type PushSeverity = (typeof PUSH_SEVERITIES)[number];

export const PUSH_LIMITS = {
  endpointMax: 2000,
} as const;

export const PUSH_MESSAGES = {
  endpoint: 'must be the http or https URL of a push service',
  keys: 'must hold the subscription\'s "p256dh" and "auth" keys (base64url)',
  minSeverity: `must be one of ${PUSH_SEVERITIES.join(', ')}`,
} as const;
const M = PUSH_MESSAGES;

/** A key in base64url as browsers write it, padded or not. */
const base64url = (pattern: RegExp) => z.string({ error: M.keys }).regex(pattern, M.keys);

/** GET api/push/vapid-public-key: the key a browser subscribes with (applicationServerKey). */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** POST api/push/subscriptions: the browser's PushSubscription (its toJSON()) and the least severity sent. */
export const pushSubscriptionCreateSchema = z.object({
  endpoint: z
    .string({ error: M.endpoint })
    .max(PUSH_LIMITS.endpointMax, M.endpoint)
    .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), M.endpoint),
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, the first 0x04) and a 16-byte secret.
      p256dh: base64url(/^B[A-Za-z0-9_-]{86}=?$/),
      auth: base64url(/^[A-Za-z0-9_-]{22}(==)?$/),
    },
    { error: M.keys },
  ),
  minSeverity: z.enum(PUSH_SEVERITIES, { error: M.minSeverity }),
});
export type PushSubscriptionCreate = z.infer<typeof pushSubscriptionCreateSchema>;

/** A subscription as listed: never its keys. */
export const pushSubscriptionSchema = z.object({
  id: z.number(),
  endpoint: z.string(),
  minSeverity: z.enum(PUSH_SEVERITIES),
  createdAt: z.string(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

/** What a push message carries, as the service worker shows it: a title, the alert's text, the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** The vehicle's page, relative to the portal (`/vehicle/{id}`). */
  url: string;
  /** One notification per vehicle and alert: a newer one replaces it. */
  tag: string;
  severity: PushSeverity;
}
