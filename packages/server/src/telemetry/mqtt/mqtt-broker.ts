import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { readingsTopic, TELEMETRY_LIMITS } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqttPacket, { type IConnectPacket } from 'mqtt-packet';
import { createAckQueue, PUBACK, PUBREC } from '../../lib/mqtt-client/ack-queue.js';
import { createFrameReader, packetOf, publishAt, publishParts, PUBLISH } from '../../lib/mqtt-client/frames.js';
import type { Telemetry } from '../telemetry.js';

/** How long a stop waits for the readings in hand to be stored (the whole stop has 10 s). */
const STORE_WAIT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 30_000;
/** A frame no message evfleet accepts needs (the largest message and its topic) ends the connection. */
const MAX_FRAME_BYTES = TELEMETRY_LIMITS.maxMessageBytes * 2;
/** Messages of one connection being stored before it is read further: memory stays bounded per device. */
const MAX_UNACKED = 1000;
const CONNACK = (returnCode: number) => Buffer.from([0x20, 0x02, 0x00, returnCode]);
const [UNACCEPTABLE_PROTOCOL, IDENTIFIER_REJECTED, BAD_USERNAME_OR_PASSWORD] = [1, 2, 4];
const PINGRESP = Buffer.from([0xd0, 0x00]);
const [CONNECT, PUBREL, SUBSCRIBE, UNSUBSCRIBE, PINGREQ, DISCONNECT] = [1, 6, 8, 10, 12, 14];

/**
 * Whether bytes[start..end) are `own`'s: a loop over a topic's few bytes, where Buffer's compare
 * checks its four offsets and crosses into C++ for each message.
 */
function isAt(bytes: Buffer, start: number, end: number, own: Buffer): boolean {
  if (end - start !== own.length) return false;
  for (let i = 0; i < own.length; i++) if (bytes[start + i] !== own[i]) return false;
  return true;
}

interface Device {
  vehicleId: number;
  /** Its readings topic, as bytes: a PUBLISH's topic is compared in place, with no string made. */
  topic: Buffer;
}

/**
 * evfleet's own MQTT 3.1/3.1.1 server for devices, used when no MQTT_URL is set. Devices only
 * publish their readings, so it is no broker: nothing is routed, kept or subscribed to, and a
 * PUBLISH goes from the socket's bytes to ingestion with no packet object (aedes spent more CPU on
 * a reading than everything after it: docs/decisions.md, "The cost of a reading"). Devices sign in
 * with their VIN and device token; a QoS 1 reading's PUBACK (QoS 2: PUBREC) leaves once it is
 * committed, in the order the readings came. Devices may not subscribe: they never see each
 * other's data.
 */
export async function startEmbeddedBroker(
  telemetry: Pick<Telemetry, 'devices' | 'rejections' | 'ingest'>,
  opts: { port: number; host: string; log: FastifyBaseLogger; connectTimeoutMs?: number },
) {
  /** Publishes being stored, whose acknowledgement is still to be sent. */
  let storing = 0;
  let stopping = false;
  const sessions = new Set<Session>();
  /** Sessions by their device's vehicle and client id: a client id is scoped to the device that signed in with it. */
  const byClientId = new Map<string, Session>();

  interface Session {
    socket: Socket;
    /** Milliseconds without a packet after which the device is gone (1.5 × its keep-alive); 0: none. */
    idleLimitMs: number;
    lastSeen: number;
    paused: boolean;
    /** The VIN it signed in with; empty before. */
    vin: string;
  }

  const open = (socket: Socket) => {
    socket.setNoDelay(true);
    const session: Session = {
      socket,
      idleLimitMs: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      lastSeen: Date.now(),
      paused: false,
      vin: '',
    };
    sessions.add(session);
    let device: Device | null = null;
    let clientId = '';
    let signingIn = false;
    const acks = createAckQueue(
      (bytes) => void (socket.destroyed || socket.write(bytes)),
      (unacked) => {
        if (session.paused && unacked < MAX_UNACKED / 2 && !stopping) {
          session.paused = false;
          socket.resume();
        }
      },
    );
    const drop = (why: string) => {
      opts.log.debug({ why }, 'MQTT device connection closed');
      socket.destroy();
    };

    const connect = (frame: Buffer) => {
      const packet = packetOf(frame);
      if (packet?.cmd !== 'connect') return drop('malformed CONNECT');
      const { protocolVersion, username, password, keepalive = 0, clean, clientId: id } = packet as IConnectPacket;
      if (protocolVersion !== 3 && protocolVersion !== 4) {
        socket.end(CONNACK(UNACCEPTABLE_PROTOCOL));
        return;
      }
      if (!id && !clean) {
        socket.end(CONNACK(IDENTIFIER_REJECTED));
        return;
      }
      const refuse = () => void socket.end(CONNACK(BAD_USERNAME_OR_PASSWORD));
      if (!username || !password) {
        telemetry.rejections.count('bad_credential', 'mqtt', 'CONNECT without credentials');
        return refuse();
      }
      signingIn = true;
      socket.pause();
      telemetry.devices.authenticate(username, password.toString()).then(
        (found) => {
          if (socket.destroyed) return;
          if (typeof found === 'string') {
            telemetry.rejections.count(found, 'mqtt', `device ${username.slice(0, 64)}`);
            return refuse();
          }
          // A device that connects again under its client id replaces its old connection (MQTT 3.1.1,
          // 3.1.4); another device's CONNECT with the same client id is another session.
          clientId = `${found.vehicleId} ${id || randomUUID()}`;
          byClientId.get(clientId)?.socket.destroy();
          byClientId.set(clientId, session);
          session.vin = found.vin;
          device = { vehicleId: found.vehicleId, topic: Buffer.from(readingsTopic(found.vin)) };
          session.idleLimitMs = keepalive * 1500;
          socket.write(CONNACK(0));
          signingIn = false;
          if (stopping) return;
          socket.resume();
          frames.resume(); // what the device sent after its CONNECT
        },
        (err: unknown) => {
          opts.log.error({ err }, 'MQTT device sign-in failed');
          refuse();
        },
      );
    };

    const parts = publishParts();
    const publish = (frame: Buffer, start: number, body: number, end: number) => {
      if (!publishAt(frame, start, body, end, parts)) return drop('malformed PUBLISH');
      const { qos, messageId, topicStart, topicEnd, payloadStart } = parts;
      const own = device!.topic;
      const ack = qos > 0 ? acks.add(messageId, qos === 2 ? PUBREC : PUBACK) : null;
      if (!isAt(frame, topicStart, topicEnd, own)) {
        telemetry.rejections.count('wrong_topic', 'mqtt', frame.toString('utf8', topicStart, topicEnd).slice(0, 100));
        if (ack) acks.done(ack);
        return;
      }
      if (ack && acks.unacked() >= MAX_UNACKED && !session.paused) {
        session.paused = true;
        socket.pause();
      }
      // Malformed readings are counted and acknowledged (a retry would only fail again); a storage
      // failure is not: the connection ends and the device sends its unacknowledged readings again.
      storing += 1;
      telemetry.ingest.accept('mqtt', device!.vehicleId, frame.subarray(payloadStart, end), (err) => {
        storing -= 1;
        if (err === undefined) {
          if (ack) acks.done(ack);
          return;
        }
        opts.log.error({ err }, 'storing MQTT readings failed; the device will retry');
        socket.destroy();
      });
    };

    /** One whole frame: its first byte at `start`, what follows its length at `body`, up to `end`. */
    const handle = (frame: Buffer, start: number, body: number, end: number) => {
      // An ended connection reads nothing more, not even what came with the frame that ended it.
      if (socket.destroyed || socket.writableEnded) return false;
      const type = frame[start] >> 4;
      if (!device) {
        if (type !== CONNECT || signingIn) return drop('a device must CONNECT first, and once');
        connect(frame.subarray(start, end));
        return !signingIn; // the frames after it wait for the sign-in
      }
      switch (type) {
        case PUBLISH:
          return publish(frame, start, body, end);
        case PUBREL: // QoS 2's second step: the reading was stored before its PUBREC
          if (end - start !== 4) return drop('malformed PUBREL');
          return void socket.write(Buffer.from([0x70, 0x02, frame[start + 2], frame[start + 3]]));
        case SUBSCRIBE:
        case UNSUBSCRIBE:
          return answerSubscription(frame.subarray(start, end), socket, drop);
        case PINGREQ:
          return void socket.write(PINGRESP);
        case DISCONNECT:
          return void socket.end();
        default:
          return drop(`packet type ${type} from a device`);
      }
    };

    const frames = createFrameReader({ maxFrameBytes: MAX_FRAME_BYTES, frame: handle, malformed: drop });

    socket.on('data', (chunk: Buffer) => {
      session.lastSeen = Date.now();
      frames.push(chunk);
    });
    socket.on('error', (err) => opts.log.debug({ err: err.message }, 'MQTT device connection error'));
    socket.on('close', () => {
      sessions.delete(session);
      if (byClientId.get(clientId) === session) byClientId.delete(clientId);
    });
  };

  // A rotated token or a changed VIN ends the sessions signed in with the old one, at once: what
  // they send next is not stored.
  telemetry.devices.onForget((vin) => {
    for (const s of sessions) if (s.vin === vin) s.socket.destroy();
  });

  // Devices that stopped talking (keep-alive, or no CONNECT yet) are let go, checked once a second.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const s of sessions)
      if (s.idleLimitMs > 0 && !s.paused && now - s.lastSeen > s.idleLimitMs) s.socket.destroy();
  }, 1000);
  sweep.unref();

  const server: Server = createServer(open);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.log.info(`embedded MQTT broker on ${opts.host}:${port}`);

  return {
    port,
    get connected() {
      return server.listening;
    },
    /**
     * A clean stop: no new device connects and no connected one is read further; the readings
     * already taken are stored and acknowledged; then the devices are disconnected. What they sent
     * after the pause is unacknowledged, so they send it again to the next instance.
     */
    close: async () => {
      stopping = true;
      clearInterval(sweep);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sessions) {
        s.paused = true;
        s.socket.pause();
      }
      const deadline = Date.now() + STORE_WAIT_MS;
      while (storing > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      // The acknowledgements of the last commits leave at the end of their tick: then the sockets end.
      await new Promise((resolve) => setImmediate(resolve));
      for (const s of sessions) s.socket.end();
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const s of sessions) s.socket.destroy();
      await closed;
    },
  };
}

/** SUBSCRIBE is refused topic by topic (SUBACK 0x80); UNSUBSCRIBE has nothing to remove. */
function answerSubscription(frame: Buffer, socket: Socket, drop: (why: string) => void) {
  const packet = packetOf(frame);
  if (packet?.cmd === 'subscribe')
    socket.write(
      mqttPacket.generate({
        cmd: 'suback',
        messageId: packet.messageId,
        granted: packet.subscriptions.map(() => 0x80),
      }),
    );
  else if (packet?.cmd === 'unsubscribe')
    socket.write(mqttPacket.generate({ cmd: 'unsuback', messageId: packet.messageId, granted: [] }));
  else drop('malformed SUBSCRIBE or UNSUBSCRIBE');
}
