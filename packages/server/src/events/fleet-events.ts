import type { WebhookEvent } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';

/** Something that happened to a vehicle, as the webhooks tell it (docs/integrations.md). */
export interface FleetEvent {
  type: WebhookEvent;
  vehicleId: number;
  /** When it happened (ms). */
  at: number;
  /** Names the event once, whichever instance or restart sees it again: a hook gets it once. */
  key: string;
  /** The event's own facts: the body's `data`, its keys in the order written here. */
  data: Record<string, unknown>;
}

/**
 * Puts events on the webhooks' outbox (webhook_delivery): one delivery per hook that wants the
 * event's type and whose dealer or fleet, if it names one, is the vehicle's. Whether the hook's
 * owner may see the vehicle is checked at each attempt (modules/webhooks), when it counts. Pass the
 * transaction of the change that caused the events, where there is one: they commit together.
 * A raised alert goes on the push outbox (push_delivery) too, once per browser subscribed to its
 * severity; whether the subscriber may see the vehicle is likewise checked when sent (modules/push).
 */
export function createFleetEvents(opts: { queued: () => void; pushQueued?: () => void }) {
  return {
    async record(q: Pick<Queryable, 'execute'>, events: readonly FleetEvent[]) {
      if (!events.length) return;
      const rows = events.map((e) => ({
        event_id: crypto.randomUUID(),
        type: e.type,
        vehicle_id: e.vehicleId,
        occurred_at: new Date(e.at).toISOString(),
        dedupe_key: `${e.type}:${e.key}`.slice(0, 200),
        data: e.data,
      }));
      // json, not jsonb, all the way: the body keeps its keys in the order they were written.
      // One statement for both outboxes: with no hook and no subscription it writes nothing.
      const { rows: queued } = await q.execute<{ n: number; pushed: number }>(sql`
        with e as (
          select e.type, e.vehicle_id, e.dedupe_key, e.occurred_at, e.data, v.dealer_id, v.fleet_id,
            json_build_object('id', e.event_id, 'type', e.type, 'occurredAt', e.occurred_at,
              'vehicle', json_build_object('id', v.id, 'vin', v.vin, 'name', v.name), 'data', e.data)::text as body
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as e(event_id text, type text, vehicle_id int, occurred_at text, dedupe_key text, data json)
          join vehicle v on v.id = e.vehicle_id),
        queued as (
          insert into webhook_delivery (webhook_id, event_type, vehicle_id, dedupe_key, occurred_at, body)
          select w.id, e.type, e.vehicle_id, e.dedupe_key, e.occurred_at::timestamptz, e.body
          from e join webhook w on w.paused_at is null and e.type = any(w.events)
            and (w.dealer_id is null or w.dealer_id = e.dealer_id) and (w.fleet_id is null or w.fleet_id = e.fleet_id)
          on conflict (webhook_id, dedupe_key) do nothing
          returning 1),
        pushed as (
          insert into push_delivery (subscription_id, vehicle_id, dedupe_key, body)
          select s.id, e.vehicle_id, e.dedupe_key, e.body
          from e join push_subscription s on e.type = 'alert.raised'
            and (s.min_severity = 'WARNING' or e.data->>'severity' = 'SEVERE')
          on conflict (subscription_id, dedupe_key) do nothing
          returning 1)
        select (select count(*) from queued)::int as n, (select count(*) from pushed)::int as pushed`);
      if (queued[0].n > 0) opts.queued();
      if (queued[0].pushed > 0) opts.pushQueued?.();
    },
  };
}
export type FleetEvents = ReturnType<typeof createFleetEvents>;
