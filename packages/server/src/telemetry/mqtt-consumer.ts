import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { vinOfTopic } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';
import type { Telemetry } from './telemetry.js';

export interface ConsumerOptions {
  url: string;
  clientId: string;
  shareGroup: string;
  log: FastifyBaseLogger;
  keepaliveSeconds?: number;
}

/**
 * Messages read but not yet acknowledged before the consumer stops reading: the broker, which
 * keeps them for the session anyway, holds the rest instead of evfleet's memory (backpressure).
 * Each is acknowledged after its commit, so the window must cover the rate times the time to a
 * commit: 10,000 is two full batches, 0.5 s at 20,000 readings/s. A window of 20,000 only doubled
 * the readings waiting in the writer's queue (and the heap), not the rate.
 */
const MAX_UNACKED = 10_000;

interface Unacked {
  messageId: number;
  done: boolean;
}

/** MQTT 3.1.1 PUBACKs of pending[from..to): 4 bytes each (type, length 2, message id). */
function pubacks(pending: Unacked[], from: number, to: number): Buffer {
  const out = Buffer.allocUnsafe(4 * (to - from));
  for (let i = from, at = 0; i < to; i++, at += 4) {
    out[at] = 0x40;
    out[at + 1] = 2;
    out.writeUInt16BE(pending[i].messageId, at + 2);
  }
  return out;
}

/**
 * Reads the device topics of an external broker (MQTT 3.1.1, persistent session, shared
 * subscription). A small client of its own rather than mqtt.js: mqtt.js handles one QoS 1 message
 * at a time until it is acknowledged, and acknowledging only after the commit would then cap
 * ingestion at one batch delay per message. Here many messages are in flight and each PUBACK is
 * sent, in arrival order, once its readings are committed.
 */
export function startBrokerConsumer(telemetry: Telemetry, opts: ConsumerOptions) {
  const url = new URL(opts.url);
  const keepalive = opts.keepaliveSeconds ?? 30;
  const topic = `$share/${opts.shareGroup}/evfleet/v1/+/readings`;
  let socket: Socket | null = null;
  let stopped = false;
  let retryMs = 500;
  let pingTimer: NodeJS.Timeout | null = null;
  let connected = false;

  const open = () => {
    const port = Number(url.port || (url.protocol === 'mqtts:' ? 8883 : 1883));
    const s =
      url.protocol === 'mqtts:'
        ? tlsConnect({ host: url.hostname, port, servername: url.hostname })
        : tcpConnect({ host: url.hostname, port });
    socket = s;
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    // Acknowledgements leave in the order the messages came, each once its readings are stored.
    // A queue read from `first` on: shift() on an array of thousands copies it every time.
    const pending: Unacked[] = [];
    let first = 0;
    let flushQueued = false;
    const send = (packet: Packet) => s.write(mqttPacket.generate(packet));
    /** The PUBACKs of every message stored so far that all before it were, in one socket write. */
    const flushAcks = () => {
      flushQueued = false;
      let last = first;
      while (last < pending.length && pending[last].done) last++;
      if (last > first && !s.destroyed) s.write(pubacks(pending, first, last));
      first = last;
      if (first >= 1024) {
        pending.splice(0, first);
        first = 0;
      }
      if (s.isPaused() && pending.length - first < MAX_UNACKED / 2) s.resume();
    };
    // A commit releases many messages at once: their acknowledgements wait for the end of the tick.
    const stored = (entry: Unacked) => {
      entry.done = true;
      if (!flushQueued) {
        flushQueued = true;
        process.nextTick(flushAcks);
      }
    };
    const failed = (err: unknown) => {
      // Not acknowledged: reconnecting makes the broker deliver it again from the session.
      opts.log.error({ err }, 'storing MQTT readings failed; reconnecting so the broker redelivers');
      s.destroy();
    };

    const onPublish = (packet: IPublishPacket) => {
      const entry = { messageId: packet.messageId ?? 0, done: false };
      if (packet.qos > 0 && pending.push(entry) - first >= MAX_UNACKED) s.pause();
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      handle(packet.topic, payload, entry, stored).catch(failed);
    };

    parser.on('packet', (packet: Packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode !== 0) {
          opts.log.error(`MQTT broker refused the connection (return code ${packet.returnCode})`);
          return s.destroy();
        }
        connected = true;
        retryMs = 500;
        send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic, qos: 1 }] });
        opts.log.info(`consuming ${topic} from ${url.host} as ${opts.clientId}`);
      } else if (packet.cmd === 'publish') onPublish(packet);
    });
    parser.on('error', (err) => {
      opts.log.error({ err }, 'MQTT protocol error');
      s.destroy();
    });
    s.on('data', (chunk) => parser.parse(chunk));
    s.on('connect', () => {
      send({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: false,
        clientId: opts.clientId,
        keepalive,
        username: url.username ? decodeURIComponent(url.username) : undefined,
        password: url.password ? Buffer.from(decodeURIComponent(url.password)) : undefined,
      });
      pingTimer = setInterval(() => send({ cmd: 'pingreq' }), (keepalive * 1000) / 2);
    });
    s.on('error', (err) => opts.log.warn({ err: err.message }, 'MQTT connection error'));
    s.on('close', () => {
      connected = false;
      if (pingTimer) clearInterval(pingTimer);
      if (stopped) return;
      setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    });
  };

  /** Stores a message's readings (or counts why not), then hands its entry to `done` for the PUBACK. */
  const handle = async (messageTopic: string, payload: Buffer, entry: Unacked, done: (entry: Unacked) => void) => {
    const vin = vinOfTopic(messageTopic);
    if (!vin) telemetry.rejections.count('wrong_topic', 'mqtt', messageTopic.slice(0, 100));
    // The broker authenticated the device (docs/operations.md); evfleet checks that it is a vehicle.
    const device = vin ? await telemetry.devices.lookup(vin) : null;
    if (vin && !device) telemetry.rejections.count('unknown_device', 'mqtt', `device ${vin}`);
    if (device) await telemetry.ingest.readings('mqtt', device.vehicleId, payload);
    done(entry);
  };

  open();
  return {
    get connected() {
      return connected;
    },
    /** Stops reading; unacknowledged messages stay with the broker's session for next time. */
    async close() {
      stopped = true;
      if (pingTimer) clearInterval(pingTimer);
      if (socket && !socket.destroyed) {
        socket.write(mqttPacket.generate({ cmd: 'disconnect' }));
        socket.end();
      }
    },
  };
}
