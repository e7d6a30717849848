import type { FastifyBaseLogger } from 'fastify';
import type { Notifications } from './notifications.js';

// NOTIFY payloads must stay under 8000 bytes: ids go out in chunks.
const IDS_PER_NOTIFY = 800;

/**
 * Tells every instance which records (vehicles, by id) changed in some way, on a channel of its
 * own: the live feed's "these vehicles' states changed", the alert engine's "these vehicles'
 * thresholds changed". An instance's browsers so hear about readings another instance ingested.
 */
export async function createChangeFeed(
  notifications: Notifications,
  log: FastifyBaseLogger,
  channel: string,
  onChanged: (ids: number[]) => void,
) {
  await notifications.listen(channel, (payload) => {
    const ids: unknown = JSON.parse(payload);
    if (Array.isArray(ids) && ids.every(Number.isSafeInteger)) onChanged(ids as number[]);
    else log.warn({ channel }, 'unreadable change notification');
  });
  return {
    async publish(ids: number[]) {
      // An empty list is a message too (the threshold feed's "everything").
      for (let i = 0; i === 0 || i < ids.length; i += IDS_PER_NOTIFY) {
        await notifications.notify(channel, JSON.stringify(ids.slice(i, i + IDS_PER_NOTIFY)));
      }
    },
  };
}
