import type { FastifyBaseLogger } from 'fastify';
import type { Notifications } from '../db/notifications.js';
import { createChangeFeed } from '../db/change-feed.js';
import type { AlertEngine } from './alert-engine.js';

const CHANNEL = 'evfleet_thresholds';

/**
 * Tells every instance's alert engine that thresholds changed, so the next reading is judged by
 * the saved ones at once. A vehicle's change names it; an empty list (a template's
 * change, which vehicles without their own thresholds follow) clears every cached vehicle.
 */
export async function createThresholdChanges(
  notifications: Notifications,
  log: FastifyBaseLogger,
  alerts: Pick<AlertEngine, 'invalidate' | 'invalidateAll'>,
) {
  const feed = await createChangeFeed(notifications, log, CHANNEL, (ids) => {
    if (ids.length === 0) alerts.invalidateAll();
    else for (const id of ids) alerts.invalidate(id);
  });
  const publish = (ids: number[]) =>
    feed.publish(ids).catch((err) => {
      // The local cache must not keep stale thresholds even when the notification fails.
      log.error({ err }, 'threshold change notification failed');
      if (ids.length === 0) alerts.invalidateAll();
      else for (const id of ids) alerts.invalidate(id);
    });
  return {
    vehicles: (ids: number[]) => (ids.length ? publish(ids) : Promise.resolve()),
    all: () => publish([]),
  };
}
export type ThresholdChanges = Awaited<ReturnType<typeof createThresholdChanges>>;
