import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { FleetEvent, FleetEvents } from '../events/fleet-events.js';

/** How often vehicles are looked at for going offline or coming back. */
const SWEEP_MS = 30_000;

type Changed = { vehicle_id: number; last_reported: string; offline_since: string };

const presenceEvent = (type: 'vehicle.offline' | 'vehicle.online', r: Changed): FleetEvent => {
  const lastReported = new Date(r.last_reported).toISOString();
  const offlineSince = new Date(r.offline_since).toISOString();
  return {
    type,
    vehicleId: r.vehicle_id,
    at: type === 'vehicle.offline' ? Date.parse(offlineSince) : Date.parse(lastReported),
    key: `${r.vehicle_id}:${offlineSince}`,
    data: { lastReported, offlineSince },
  };
};

/**
 * Tells the webhooks when a vehicle goes offline (silent for OFFLINE_AFTER_MINUTES, as the
 * vehicles' online list counts it) and when it comes back. Each change is marked on its vehicle's
 * state in the transaction that queues its event, so it goes out once whichever instance sees it.
 */
export function startVehiclePresence(deps: {
  db: Db;
  offlineAfterMs: number;
  events: FleetEvents;
  log: FastifyBaseLogger;
}) {
  const after = sql`make_interval(secs => ${deps.offlineAfterMs / 1000})`;
  const sweep = () =>
    deps.db.transaction(async (tx) => {
      const offline = await tx.execute<Changed>(sql`
        update vehicle_state set offline_since = last_reported + ${after}
        where offline_since is null and last_reported < now() - ${after}
        returning vehicle_id, last_reported, offline_since`);
      const online = await tx.execute<Changed>(sql`
        with back as (
          select vehicle_id, offline_since from vehicle_state
          where offline_since is not null and last_reported >= now() - ${after} for update)
        update vehicle_state s set offline_since = null from back where s.vehicle_id = back.vehicle_id
        returning s.vehicle_id, s.last_reported, back.offline_since`);
      await deps.events.record(tx, [
        ...offline.rows.map((r) => presenceEvent('vehicle.offline', r)),
        ...online.rows.map((r) => presenceEvent('vehicle.online', r)),
      ]);
    });
  const timer = setInterval(
    () => void sweep().catch((err: unknown) => deps.log.error({ err }, 'looking for vehicles offline failed')),
    SWEEP_MS,
  );
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
