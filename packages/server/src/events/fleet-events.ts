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
 */
export function createFleetEvents(opts: { queued: () => void }) {
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
      const { rows: queued } = await q.execute<{ n: number }>(sql`
        with queued as (
          insert into webhook_delivery (webhook_id, event_type, vehicle_id, dedupe_key, occurred_at, body)
          select w.id, e.type, e.vehicle_id, e.dedupe_key, e.occurred_at::timestamptz,
            json_build_object('id', e.event_id, 'type', e.type, 'occurredAt', e.occurred_at,
              'vehicle', json_build_object('id', v.id, 'vin', v.vin, 'name', v.name), 'data', e.data)::text
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as e(event_id text, type text, vehicle_id int, occurred_at text, dedupe_key text, data json)
          join vehicle v on v.id = e.vehicle_id
          join webhook w on w.paused_at is null and e.type = any(w.events)
            and (w.dealer_id is null or w.dealer_id = v.dealer_id) and (w.fleet_id is null or w.fleet_id = v.fleet_id)
          on conflict (webhook_id, dedupe_key) do nothing
          returning 1)
        select count(*)::int as n from queued`);
      if (queued[0].n > 0) opts.queued();
    },
  };
}
export type FleetEvents = ReturnType<typeof createFleetEvents>;
