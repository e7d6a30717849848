import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './client.js';

type Handler = (payload: string) => void;

/** How long a lost listening connection waits before it is opened again. */
const RECONNECT_MS = 1000;

type Deliver = (channel: string, payload: string) => void;

/** On PGlite (one process) a message the app sends goes straight to the handlers; the triggers' come through PGlite's `listen`. */
function pgliteChannels(client: PGlite, deliver: Deliver) {
  const unlisten: (() => Promise<void>)[] = [];
  return {
    listenOn: async (channel: string) => void unlisten.push(await client.listen(channel, (p) => deliver(channel, p))),
    notify: async (channel: string, payload: string) => deliver(channel, payload),
    close: async () => void (await Promise.all(unlisten.map((u) => u().catch(() => undefined)))),
  };
}

/**
 * On PostgreSQL the listening connection is the pool's, held for good; when it breaks (a database
 * restart) it is opened again and listens again. Messages sent meanwhile are lost: the caches that
 * rely on them also expire (docs/scaling.md).
 */
async function postgresChannels(
  pool: pg.Pool,
  deliver: Deliver,
  channels: () => Iterable<string>,
  log: FastifyBaseLogger,
) {
  let client: pg.PoolClient | null = null;
  /** Gives the listening connection back to the pool, listening no more. */
  let release = async () => undefined as void;
  let closed = false;
  let reconnecting = false;

  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    const notified = (msg: pg.Notification) => deliver(msg.channel, msg.payload ?? '');
    c.on('notification', notified);
    try {
      for (const channel of channels()) await c.query(`listen ${channel}`);
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
    listenOn: async (channel: string) => void (await client?.query(`listen ${channel}`)),
    notify: async (channel: string, payload: string) =>
      void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
    async close() {
      closed = true;
      if (!client) return;
      client = null;
      await release();
    },
  };
}

/**
 * Messages between instances, and from the database's own triggers (migration 0015), over
 * PostgreSQL's LISTEN/NOTIFY: one connection listens on every channel. A message is sent on commit,
 * so a listener never hears of a write that was rolled back.
 */
export async function createNotifications(database: Database, log: FastifyBaseLogger) {
  const handlers = new Map<string, Set<Handler>>();
  const deliver: Deliver = (channel, payload) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.warn({ err, channel }, 'unreadable notification');
      }
    }
  };
  const raw = database.raw;
  const channels =
    raw.kind === 'pglite'
      ? pgliteChannels(raw.client, deliver)
      : await postgresChannels(raw.pool, deliver, () => handlers.keys(), log);

  return {
    /** Calls `handler` with every message on `channel`, from this instance, the others and the triggers. */
    async listen(channel: string, handler: Handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await channels.listenOn(channel);
      }
      handlers.get(channel)!.add(handler);
    },
    /** Sends `payload` (under 8000 bytes) to every instance's handlers of `channel`, this one's included. */
    notify: channels.notify,
    close: channels.close,
  };
}
export type Notifications = Awaited<ReturnType<typeof createNotifications>>;
