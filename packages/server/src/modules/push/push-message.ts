import type { PushMessage, PushSeverity, WebhookPayload } from '@evfleet/domain';

/**
 * What a phone shows of a raised alert (the event as the outbox holds it): the vehicle, the alert's
 * own text, and the vehicle's page for a click. One notification per vehicle and alert: a reminder
 * replaces the one before it.
 */
export function pushMessageOf(body: string): PushMessage {
  const event = JSON.parse(body) as WebhookPayload & { vehicle: NonNullable<WebhookPayload['vehicle']> };
  const { text, name, metric, severity } = event.data;
  return {
    title: `${event.vehicle.name} (${event.vehicle.vin})`,
    body: typeof text === 'string' && text ? text : String(name ?? metric),
    url: `/vehicle/${event.vehicle.id}`,
    tag: `alert-${event.vehicle.id}-${String(metric)}`,
    severity: severity as PushSeverity,
  };
}
