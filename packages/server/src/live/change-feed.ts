import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

const LIVE_CHANNEL = 'evfleet_live';
// NOTIFY payloads must stay under 8000 bytes: ids go out in chunks.
const IDS_PER_NOTIFY = 800;

/**
 * Tells every instance which vehicles' state changed. On PostgreSQL through LISTEN/NOTIFY, so an
 * instance's browsers hear about readings another instance ingested; on PGlite (one process) the
 * call goes straight to the listener. Other kinds of change (thresholds) use a channel of their own.
 */
export async function createChangeFeed(
  database: Database,
  log: FastifyBaseLogger,
  onChanged: (ids: number[]) => void,
  channel = LIVE_CHANNEL,
) {
  const raw = database.raw;
  if (raw.kind === 'pglite') {
    return { publish: async (ids: number[]) => onChanged(ids), close: async () => undefined };
  }
  const listener = await raw.pool.connect();
  listener.on('notification', (msg) => {
    if (msg.channel !== channel || !msg.payload) return;
    try {
      onChanged(JSON.parse(msg.payload) as number[]);
    } catch (err) {
      log.warn({ err }, 'unreadable live notification');
    }
  });
  await listener.query(`listen ${channel}`);
  return {
    async publish(ids: number[]) {
      // An empty list is a message too (the threshold feed's "everything").
      for (let i = 0; i === 0 || i < ids.length; i += IDS_PER_NOTIFY) {
        await raw.pool.query('select pg_notify($1, $2)', [channel, JSON.stringify(ids.slice(i, i + IDS_PER_NOTIFY))]);
      }
    },
    async close() {
      await listener.query(`unlisten ${channel}`).catch(() => undefined);
      listener.release();
    },
  };
}
