import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { createAckQueue } from './ack-queue.js';
import { createFrameReader, publishAt, publishParts, PUBLISH } from './frames.js';

export interface ConsumerLog {
  info(message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object | string, message?: string): void;
}

export interface ConsumerOptions {
  /** mqtt:// or mqtts://, with the user name and password if the broker asks for them. */
  url: string;
  clientId: string;
  /** The topic filter subscribed to at QoS 1. */
  topic: string;
  /**
   * Handles one message and tells `settled` once done: its PUBACK is sent then. An error reconnects
   * (the broker delivers it again). A callback, not a promise: thousands of messages a second.
   */
  handle(topic: string, payload: Buffer, settled: (err?: unknown) => void): void;
  log: ConsumerLog;
  keepaliveSeconds?: number;
  /** Messages read but not yet acknowledged before reading stops (backpressure). */
  maxUnacked?: number;
}

/**
 * Messages read but not yet acknowledged before the consumer stops reading: the broker, which
 * keeps them for the session anyway, holds the rest instead of the process's memory. Each is
 * acknowledged after it is handled (for evfleet, committed), so the window must cover the rate
 * times the time to a commit: 2,000 is 40 ms at 50,000 readings/s, two of evfleet's commits. A
 * larger one only makes readings wait longer in the process, and a reading still alive at two of
 * V8's young collections is copied into the old generation: at 10,000 (and already at 4,000)
 * evfleet took 1.5–2.5 µs more CPU a reading and read no faster (docs/performance.md, "Eighth
 * session").
 */
const MAX_UNACKED = 2_000;
/**
 * A read that drains the socket (less than READ_BYTES) is followed by a rest this long before the
 * next. A broker paced by its devices sends a few messages at a time, and evfleet, faster, woke for
 * every 4 KiB (6 readings): the kernel's wake-up and the turn of the event loop, paid per read,
 * made a reading cost twice what it costs when evfleet sets the pace. Resting, a read carries 3 to
 * 5 times as many (docs/performance.md, "Fourteenth session"); 5 ms is little beside the 20 ms
 * the batch writer gathers readings for. A socket with data waiting is read without rest.
 */
const REST_MS = 5;
/** The most read at once (into one buffer, reused): a backlog is read in reads this large. */
const READ_BYTES = 256 * 1024;
/** Larger than any message evfleet accepts: a frame announcing more is a broken stream. */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;

/**
 * Reads a topic filter of a broker (MQTT 3.1.1, persistent session) and acknowledges each QoS 1
 * message once `handle` has finished with it, many messages being handled at once: at least once
 * without one round trip per message (README.md says why this is not mqtt.js).
 */
export function startMqttConsumer(opts: ConsumerOptions) {
  const url = new URL(opts.url);
  const keepalive = opts.keepaliveSeconds ?? 30;
  const maxUnacked = opts.maxUnacked ?? MAX_UNACKED;
  let socket: Socket | null = null;
  let stopped = false;
  let retryMs = 500;
  let pingTimer: NodeJS.Timeout | null = null;
  let connected = false;

  const open = () => {
    const port = Number(url.port || (url.protocol === 'mqtts:' ? 8883 : 1883));
    // Plain TCP reads into one buffer (Node's onread), so a read tells whether it drained the
    // socket. TLS gives records of at most 16 KiB that do not tell it, so TLS reads as data comes.
    const s =
      url.protocol === 'mqtts:'
        ? tlsConnect({ host: url.hostname, port, servername: url.hostname })
        : tcpConnect({
            host: url.hostname,
            port,
            // Copied: the frame reader keeps an unfinished frame, and payloads wait for their hand-over.
            onread: {
              buffer: Buffer.allocUnsafe(READ_BYTES),
              callback: (n, buffer) => received(Buffer.from(buffer.subarray(0, n)), n < READ_BYTES),
            },
          });
    socket = s;
    /** The window of unacknowledged messages is full: reading stops until half of it is acknowledged. */
    let full = false;
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const parts = publishParts();
    const acks = createAckQueue(
      (pubacks) => {
        if (!s.destroyed) s.write(pubacks);
      },
      (unacked) => {
        if (!full || unacked >= maxUnacked / 2) return;
        full = false;
        frames.resume(); // the frames read after the window filled, which may fill it again
        if (!full && !resting) s.resume();
      },
    );
    const send = (packet: Packet) => s.write(mqttPacket.generate(packet));
    const failed = (err: unknown) => {
      // Not acknowledged: reconnecting makes the broker deliver it again from the session.
      opts.log.error({ err }, 'handling an MQTT message failed; reconnecting so the broker redelivers');
      s.destroy();
    };

    /** A PUBLISH read in place: no packet object for the messages that are nearly all the traffic. */
    const onPublish = (bytes: Buffer, start: number, body: number, end: number) => {
      if (!publishAt(bytes, start, body, end, parts)) return protocolError('malformed PUBLISH');
      const topic = bytes.toString('utf8', parts.topicStart, parts.topicEnd);
      const payload = bytes.subarray(parts.payloadStart, end);
      if (parts.qos === 0) return opts.handle(topic, payload, (err) => err !== undefined && failed(err));
      const entry = acks.add(parts.messageId);
      opts.handle(topic, payload, (err) => (err === undefined ? acks.done(entry) : failed(err)));
      if (acks.unacked() < maxUnacked) return;
      full = true;
      s.pause();
      return false; // the frames after it wait, even those of the same read
    };
    const protocolError = (why: unknown) => {
      opts.log.error({ err: why }, 'MQTT protocol error');
      s.destroy();
    };
    const frames = createFrameReader({
      maxFrameBytes: MAX_FRAME_BYTES,
      frame: (bytes, start, body, end) => {
        if (s.destroyed) return false;
        if (bytes[start] >> 4 === PUBLISH) return onPublish(bytes, start, body, end);
        else parser.parse(bytes.subarray(start, end));
      },
      malformed: protocolError,
    });

    parser.on('packet', (packet: Packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode !== 0) {
          opts.log.error(`MQTT broker refused the connection (return code ${packet.returnCode})`);
          return s.destroy();
        }
        connected = true;
        retryMs = 500;
        send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: opts.topic, qos: 1 }] });
        opts.log.info(`consuming ${opts.topic} from ${url.host} as ${opts.clientId}`);
      }
    });
    parser.on('error', protocolError);
    /** Whether reading rests after a read that drained the socket (REST_MS). */
    let resting = false;
    /** Takes what was read; false when reading is to rest (onread's callback then stops it). */
    const received = (chunk: Buffer, drained: boolean): boolean => {
      frames.push(chunk);
      if (!drained || resting || s.destroyed) return true;
      resting = true;
      s.pause();
      setTimeout(() => {
        resting = false;
        if (!s.destroyed && !full) s.resume();
      }, REST_MS);
      return false;
    };
    s.on('data', (chunk: Buffer) => received(chunk, false));
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
