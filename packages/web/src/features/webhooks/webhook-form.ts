import type { Webhook, WebhookUpdate, webhookCreateSchema } from '@evfleet/domain';
import type { z } from 'zod';

/** The webhook form's values: a hook as written, before the domain's schema fills in its defaults. */
export type WebhookFormValues = z.input<typeof webhookCreateSchema>;

/** A new hook: JSON, every vehicle the owner sees, its URL and events still to be given. */
const NEW_WEBHOOK: WebhookFormValues = {
  url: '',
  events: [],
  format: 'json',
  secret: null,
  dealerId: null,
  fleetId: null,
};

/** The form's values for a hook as the server answered it, or for a new one; the secret box starts empty (keep it). */
export function formOf(hook: Webhook | null): WebhookFormValues {
  if (!hook) return NEW_WEBHOOK;
  const { url, events, format, dealerId, fleetId } = hook;
  return { url, events, format, dealerId, fleetId, secret: null };
}

/** The hook written again as it is, but active or paused: its secret kept (none sent). */
export const withActive = (hook: Webhook, active: boolean): WebhookUpdate => ({
  url: hook.url,
  events: hook.events,
  format: hook.format,
  dealerId: hook.dealerId,
  fleetId: hook.fleetId,
  secret: null,
  active,
});
