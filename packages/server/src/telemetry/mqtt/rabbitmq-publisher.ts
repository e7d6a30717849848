import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { FastifyBaseLogger } from 'fastify';
import { declare, READINGS_EXCHANGE_SOURCE, readingsRoutingKey } from './rabbitmq.js';

/** A publish the broker has not confirmed in this long has failed: the device sends it again. */
const CONFIRM_WITHIN_MS = 10_000;

/**
 * Readings a tracker's transport took, put where MQTT devices' readings arrive (docs/scaling.md):
 * RabbitMQ's topic exchange under the vehicle's readings routing key, so the partition of the
 * vehicle, held by one instance, stores them in order with the rest. A publish resolves once the
 * broker confirms it (it is then in the quorum queue), when the device may be answered. Broker
 * nodes are tried in turn; a connection lost fails what waits on it and the next publish connects
 * anew.
 */
export function createReadingPublisher(opts: { urls: string[]; partitions: number; log: FastifyBaseLogger }) {
  let attempt = 0;
  let open: Promise<{ connection: ChannelModel; channel: ConfirmChannel }> | null = null;
  let closed = false;

  const connect = async () => {
    let lastError: unknown;
    for (let tried = 0; tried < opts.urls.length; tried++) {
      const url = new URL(opts.urls[attempt++ % opts.urls.length]);
      if (!url.searchParams.has('heartbeat')) url.searchParams.set('heartbeat', '10');
      try {
        const connection = await amqp.connect(url.toString());
        const channel = await connection.createConfirmChannel();
        await declare(channel, opts.partitions);
        const forget = () => {
          open = null;
        };
        connection.on('error', (err: Error) =>
          opts.log.warn({ err: err.message }, 'RabbitMQ publisher connection error'),
        );
        connection.on('close', forget);
        channel.on('error', (err: Error) => opts.log.warn({ err: err.message }, 'RabbitMQ publisher channel error'));
        channel.on('close', () => {
          forget();
          void connection.close().catch(() => undefined);
        });
        return { connection, channel };
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError;
  };
  const dropConnection = async () => {
    const o = await open?.catch(() => null);
    open = null;
    await o?.connection.close().catch(() => undefined);
  };
  const channel = () => {
    if (closed) return Promise.reject(new Error('the publisher is closed'));
    open ??= connect().catch((err: unknown) => {
      open = null;
      throw err;
    });
    return open.then((o) => o.channel);
  };

  return {
    /** Publishes a message of the JSON protocol for the vehicle; resolves once the broker confirmed it. */
    async publish(vin: string, payload: Buffer): Promise<void> {
      const ch = await channel();
      const used = open;
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('RabbitMQ did not confirm in time')), CONFIRM_WITHIN_MS);
          ch.publish(READINGS_EXCHANGE_SOURCE, readingsRoutingKey(vin), payload, { persistent: true }, (err) => {
            clearTimeout(timer);
            if (err) reject(err instanceof Error ? err : new Error(String(err)));
            else resolve();
          });
        });
      } catch (err) {
        // A channel opened while a queue's leader was being elected after a node died kept having
        // its publishes nacked (the scale test shows it, once in three runs): the connection is dropped, and
        // the device's next attempt publishes on a new one, on the next node in turn.
        if (open === used) await dropConnection();
        throw err;
      }
    },
    async close() {
      closed = true;
      const o = await open?.catch(() => null);
      await o?.connection.close().catch(() => undefined);
    },
  };
}
