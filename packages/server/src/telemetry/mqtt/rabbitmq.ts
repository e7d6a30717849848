import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Readings through RabbitMQ (docs/scaling.md). Devices publish MQTT to RabbitMQ's MQTT plugin, which
 * forwards to amq.topic with the topic's slashes as dots. A consistent-hash exchange spreads the
 * readings' routing keys (so their VINs) over `partitions` quorum queues; each queue has a single
 * active consumer. Every instance consumes every queue: the broker gives each queue to one of them
 * and, when that one's connection ends, to the next. One vehicle's readings are thus handled in
 * order by one instance at a time.
 */
const EXCHANGE = 'evfleet.readings';
const READINGS_KEY = 'evfleet.v1.*.readings';
/** Where RabbitMQ's MQTT plugin puts devices' messages, and the trackers' transports theirs. */
export const READINGS_EXCHANGE_SOURCE = 'amq.topic';
/** A vehicle's readings topic as the MQTT plugin routes it: its slashes as dots. */
export const readingsRoutingKey = (vin: string) => `evfleet.v1.${vin}.readings`;
export const partitionQueue = (i: number) => `evfleet.readings.${i}`;
/** Messages a partition may have delivered and not yet acknowledged: enough to fill the writer's batches. */
const PREFETCH = 500;
/** The partitions this instance does not prefer are consumed this much later, so the preferred ones are its own. */
const STANDBY_DELAY_MS = 2000;
/** At a stop, how long the messages already delivered may take to be stored and acknowledged. */
const DRAIN_MS = 5000;

export interface PartitionConsumerOptions {
  /** Broker nodes, tried in turn: a connection lost to one goes on with the next. */
  urls: string[];
  partitions: number;
  prefer?: { instance: number; of: number };
  /** Handles one message and tells `settled`: it is acknowledged then. An error reconnects (redelivery). */
  handle(routingKey: string, payload: Buffer, queue: string, settled: (err?: unknown) => void): void;
  /** A partition is consumed anew (this instance may hold it from now on, after another did). */
  subscribed(queue: string): void;
  /** At a stop, once the messages taken are handled: writes what follows from them, before others take over. */
  settle(): Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Declares the exchange, its binding to amq.topic and the partitions' queues (idempotent): a
 * publisher declares them too, so its first message is never published to a binding not yet made.
 */
export async function declare(channel: Channel, partitions: number) {
  await channel.assertExchange(EXCHANGE, 'x-consistent-hash', { durable: true });
  await channel.bindExchange(EXCHANGE, READINGS_EXCHANGE_SOURCE, READINGS_KEY);
  for (let i = 0; i < partitions; i++) {
    await channel.assertQueue(partitionQueue(i), {
      durable: true,
      arguments: { 'x-queue-type': 'quorum', 'x-single-active-consumer': true },
    });
    // The binding key of a consistent-hash exchange is the queue's weight: equal shares.
    await channel.bindQueue(partitionQueue(i), EXCHANGE, '1');
  }
}

/** What the health check reads (mqtt.ts's MqttTransport), and a stop. */
export interface PartitionConsumer {
  readonly connected: boolean;
  /** The partitions this instance holds now: those that delivered since it connected. */
  readonly partitions: number;
  close(): Promise<void>;
}

/**
 * The partitions this instance consumes at once and those it consumes STANDBY_DELAY_MS later:
 * instance n of m prefers every m-th partition from the (n-1)-th, so each has its own share.
 */
export function partitionsInTurn(partitions: number, prefer?: { instance: number; of: number }) {
  const all = Array.from({ length: partitions }, (_, i) => i);
  const preferred = (i: number) => !prefer || i % prefer.of === prefer.instance - 1;
  return { preferred: all.filter(preferred), standby: all.filter((i) => !preferred(i)) };
}

/**
 * Connects to a broker node and opens the channel the partitions are consumed on, with them
 * declared; `closed` is told when the connection ends. A failure closes what was opened.
 */
async function openChannel(
  url: string,
  { partitions, log }: Pick<PartitionConsumerOptions, 'partitions' | 'log'>,
  closed: (conn: ChannelModel) => void,
) {
  const target = new URL(url);
  // A broker node that stops answering is given up after 2 missed heartbeats (20 s).
  if (!target.searchParams.has('heartbeat')) target.searchParams.set('heartbeat', '10');
  const conn = await amqp.connect(target.toString());
  try {
    conn.on('error', (err: Error) => log.warn({ err: err.message }, 'RabbitMQ connection error'));
    conn.on('close', () => closed(conn));
    const ch = await conn.createChannel();
    // A channel error (an acknowledgement the broker refuses) ends the channel, and with it every
    // consumer: the connection is closed too, and the next one consumes afresh.
    ch.on('error', (err: Error) => log.warn({ err: err.message }, 'RabbitMQ channel error'));
    ch.on('close', () => void conn.close().catch(() => undefined));
    await declare(ch, partitions);
    await ch.prefetch(PREFETCH, false);
    return { conn, ch, host: target.host };
  } catch (err) {
    await conn.close().catch(() => undefined);
    throw err;
  }
}

export function startPartitionConsumer(opts: PartitionConsumerOptions): PartitionConsumer {
  let stopped = false;
  let connection: ChannelModel | null = null;
  let channel: Channel | null = null;
  let attempt = 0;
  let inFlight = 0;
  let draining = false;
  /** Partitions that delivered on this connection: those this instance holds. */
  const active = new Set<string>();
  const { preferred, standby } = partitionsInTurn(opts.partitions, opts.prefer);

  const consume = async (ch: Channel, i: number) => {
    const queue = partitionQueue(i);
    opts.subscribed(queue);
    // No message is the broker cancelling the consumer (its queue deleted): consumed afresh on a new connection.
    await ch.consume(queue, (msg) => (msg ? onMessage(ch, queue, msg) : void ch.close().catch(() => undefined)), {
      noAck: false,
    });
  };

  const onMessage = (ch: Channel, queue: string, msg: ConsumeMessage) => {
    // Left unacknowledged: the broker gives it, in its order, to whoever holds the partition next.
    if (draining) return;
    active.add(queue);
    inFlight++;
    opts.handle(msg.fields.routingKey, msg.content, queue, (err) => {
      inFlight--;
      if (err === undefined) {
        // A message of a connection that has since closed is redelivered instead.
        if (channel === ch) ch.ack(msg);
        return;
      }
      opts.log.error({ err }, 'handling a RabbitMQ message failed; reconnecting so the broker redelivers');
      void connection?.close().catch(() => undefined);
    });
  };

  const closed = (conn: ChannelModel) => {
    if (connection !== conn) return;
    connection = channel = null;
    active.clear();
    if (!stopped) setTimeout(() => void open(), 200);
  };

  const open = async () => {
    while (!stopped) {
      const url = opts.urls[attempt++ % opts.urls.length];
      let conn: ChannelModel | null = null;
      try {
        const { conn: opened, ch, host } = await openChannel(url, opts, closed);
        conn = connection = opened;
        channel = ch;
        active.clear();
        opts.log.info(`consuming ${opts.partitions} reading partitions from RabbitMQ at ${host}`);
        for (const i of preferred) await consume(ch, i);
        if (standby.length)
          setTimeout(() => {
            if (channel === ch) void Promise.all(standby.map((i) => consume(ch, i))).catch(() => undefined);
          }, STANDBY_DELAY_MS);
        return;
      } catch (err) {
        opts.log.warn({ err: (err as Error).message }, `RabbitMQ at ${new URL(url).host} not usable`);
        await conn?.close().catch(() => undefined);
        await new Promise((r) => setTimeout(r, Math.min(200 * attempt, 2000)));
      }
    }
  };
  void open();

  return {
    get connected() {
      return channel !== null;
    },
    get partitions() {
      return active.size;
    },
    /**
     * Stops taking messages, lets those taken be stored and acknowledged and their follow-ups
     * written, then disconnects, which hands the partitions on. Consumers are not cancelled first:
     * the broker would give a partition on at once, while this instance still works on it.
     */
    async close() {
      stopped = true;
      draining = true;
      const conn = connection;
      if (!conn) return;
      const deadline = Date.now() + DRAIN_MS;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await opts.settle().catch((err: unknown) => opts.log.error({ err }, 'writing the last vehicle states failed'));
      await conn.close().catch(() => undefined);
    },
  };
}
