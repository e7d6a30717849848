import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from './client.js';

type Handler = (payload: string) => void;

/** How long a lost listening connection waits before it is opened again. */
const RECONNECT_MS = 1000;

/**
 * Messages between instances, and from the database's own triggers (migration 0015), over
 * PostgreSQL's LISTEN/NOTIFY: one connection listens on every channel. A message is sent on commit,
 * so a listener never hears of a write that was rolled back.
 *
 * On PGlite (one process) a message the app sends goes straight to the handlers, and the triggers'
 * messages come through PGlite's own `listen`.
 */
export async function createNotifications(database: Database, log: FastifyBaseLogger) {
  const handlers = new Map<string, Set<Handler>>();
  const deliver = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.warn({ err, channel }, 'unreadable notification');
      }
    }
  };
  const raw = database.raw;

  if (raw.kind === 'pglite') {
    const unlisten: (() => Promise<void>)[] = [];
    return {
      async listen(channel: string, handler: Handler) {
        if (!handlers.has(channel)) {
          handlers.set(channel, new Set());
          unlisten.push(await raw.client.listen(channel, (payload) => deliver(channel, payload)));
        }
        handlers.get(channel)!.add(handler);
      },
      notify: async (channel: string, payload: string) => deliver(channel, payload),
      async close() {
        await Promise.all(unlisten.map((u) => u().catch(() => undefined)));
      },
    };
  }

  // The listening connection is the pool's, held for good; when it breaks (a database restart) it
  // is opened again and listens again. Messages sent meanwhile are lost: the caches that rely on
  // them also expire (docs/scaling.md).
  let client: pg.PoolClient | null = null;
  /** Gives the listening connection back to the pool, listening no more. */
  let release = async () => undefined as void;
  let closed = false;
  const connect = async (): Promise<void> => {
    const c = await raw.pool.connect();
    const notified = (msg: pg.Notification) => deliver(msg.channel, msg.payload ?? '');
    c.on('notification', notified);
    try {
      for (const channel of handlers.keys()) await c.query(`listen ${channel}`);
    } catch (err) {
      c.off('notification', notified);
      c.release(err as Error);
      throw err;
    }
    const broke = (err: Error) => {
      if (client !== c) return; // given back already (closing)
      client = null;
      log.warn({ err }, 'the notification connection broke; listening again');
      c.release(err);
      reconnectSoon();
    };
    c.on('error', broke);
    release = async () => {
      c.off('notification', notified);
      await c.query('unlisten *').catch(() => undefined);
      c.off('error', broke);
      c.release();
    };
    client = c;
  };
  let reconnecting = false;
  const reconnectSoon = () => {
    if (closed || reconnecting) return;
    reconnecting = true;
    setTimeout(() => {
      reconnecting = false;
      if (closed || client) return;
      connect().catch((err: unknown) => {
        log.warn({ err }, 'the notification connection could not be opened; trying again');
        reconnectSoon();
      });
    }, RECONNECT_MS).unref();
  };
  await connect();

  return {
    /** Calls `handler` with every message on `channel`, from this instance, the others and the triggers. */
    async listen(channel: string, handler: Handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await client?.query(`listen ${channel}`);
      }
      handlers.get(channel)!.add(handler);
    },
    /** Sends `payload` (under 8000 bytes) to every instance's handlers of `channel`, this one's included. */
    async notify(channel: string, payload: string) {
      await raw.pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (!client) return;
      client = null;
      await release();
    },
  };
}
export type Notifications = Awaited<ReturnType<typeof createNotifications>>;
