import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { readingsTopic, TELEMETRY_LIMITS } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqttPacket, { type IConnectPacket } from 'mqtt-packet';
import { createAckQueue, PUBACK, PUBREC } from '../../lib/mqtt-client/ack-queue.js';
import { createFrameReader, packetOf, publishAt, publishParts, PUBLISH } from '../../lib/mqtt-client/frames.js';
import type { Telemetry } from '../telemetry.js';

/** A frame no message evfleet accepts needs (the largest message and its topic) ends the connection. */
const MAX_FRAME_BYTES = TELEMETRY_LIMITS.maxMessageBytes * 2;
/** Messages of one connection being stored before it is read further: memory stays bounded per device. */
const MAX_UNACKED = 1000;
const CONNACK = (returnCode: number) => Buffer.from([0x20, 0x02, 0x00, returnCode]);
const [UNACCEPTABLE_PROTOCOL, IDENTIFIER_REJECTED, BAD_USERNAME_OR_PASSWORD] = [1, 2, 4];
const PINGRESP = Buffer.from([0xd0, 0x00]);
const [CONNECT, PUBREL, SUBSCRIBE, UNSUBSCRIBE, PINGREQ, DISCONNECT] = [1, 6, 8, 10, 12, 14];

/** What the sessions of one listener share with it. */
export interface ListenerState {
  telemetry: Pick<Telemetry, 'devices' | 'rejections' | 'ingest'>;
  log: FastifyBaseLogger;
  /** Every open session: a stop pauses and ends them, a forgotten VIN ends its own. */
  sessions: Set<DeviceSession>;
  /** Sessions by their device's vehicle and client id: a client id is scoped to the device that signed in with it. */
  byClientId: Map<string, DeviceSession>;
  /** Publishes being stored, whose acknowledgement is still to be sent. */
  storing: number;
  /** The listener is stopping: no session is read again once paused, nor after its sign-in. */
  stopping: boolean;
}

interface Device {
  vehicleId: number;
  /** Its readings topic, as bytes: a PUBLISH's topic is compared in place, with no string made. */
  topic: Buffer;
}

/**
 * One device's connection to the listener: its CONNECT signs it in (VIN and device token), then
 * each PUBLISH on its own readings topic goes to ingestion, its PUBACK (QoS 2: PUBREC) leaving once
 * it is committed; reading pauses while too many wait for their commit.
 */
export class DeviceSession {
  /** The VIN it signed in with; empty before. */
  vin = '';
  /** Milliseconds without a packet after which the device is gone (1.5 × its keep-alive); 0: none. */
  private idleLimitMs: number;
  private lastSeen = Date.now();
  private paused = false;
  private device: Device | null = null;
  private clientId = '';
  private signingIn = false;
  private readonly parts = publishParts();
  private readonly acks: ReturnType<typeof createAckQueue>;
  private readonly frames: ReturnType<typeof createFrameReader>;

  constructor(
    readonly socket: Socket,
    private readonly listener: ListenerState,
    connectTimeoutMs: number,
  ) {
    socket.setNoDelay(true);
    this.idleLimitMs = connectTimeoutMs;
    listener.sessions.add(this);
    this.acks = createAckQueue(
      (bytes) => void (socket.destroyed || socket.write(bytes)),
      (unacked) => {
        if (this.paused && unacked < MAX_UNACKED / 2 && !listener.stopping) {
          this.paused = false;
          socket.resume();
        }
      },
    );
    this.frames = createFrameReader({
      maxFrameBytes: MAX_FRAME_BYTES,
      frame: (frame, start, body, end) => this.handle(frame, start, body, end),
      malformed: (why) => this.drop(why),
    });
    socket.on('data', (chunk: Buffer) => {
      this.lastSeen = Date.now();
      this.frames.push(chunk);
    });
    socket.on('error', (err) => listener.log.debug({ err: err.message }, 'MQTT device connection error'));
    socket.on('close', () => {
      listener.sessions.delete(this);
      if (listener.byClientId.get(this.clientId) === this) listener.byClientId.delete(this.clientId);
    });
  }

  /** Whether the device stopped talking (keep-alive, or no CONNECT yet) by `now`. */
  isIdle(now: number): boolean {
    return this.idleLimitMs > 0 && !this.paused && now - this.lastSeen > this.idleLimitMs;
  }

  /** Reads nothing more from the device (a stop). */
  hold() {
    this.paused = true;
    this.socket.pause();
  }

  private drop(why: string) {
    this.listener.log.debug({ why }, 'MQTT device connection closed');
    this.socket.destroy();
  }

  /** One whole frame: its first byte at `start`, what follows its length at `body`, up to `end`. */
  private handle(frame: Buffer, start: number, body: number, end: number): boolean | void {
    const socket = this.socket;
    // An ended connection reads nothing more, not even what came with the frame that ended it.
    if (socket.destroyed || socket.writableEnded) return false;
    const type = frame[start] >> 4;
    if (!this.device) {
      if (type !== CONNECT || this.signingIn) return this.drop('a device must CONNECT first, and once');
      this.connect(frame.subarray(start, end));
      return !this.signingIn; // the frames after it wait for the sign-in
    }
    switch (type) {
      case PUBLISH:
        return this.publish(this.device, frame, start, body, end);
      case PUBREL: // QoS 2's second step: the reading was stored before its PUBREC
        if (end - start !== 4) return this.drop('malformed PUBREL');
        return void socket.write(Buffer.from([0x70, 0x02, frame[start + 2], frame[start + 3]]));
      case SUBSCRIBE:
      case UNSUBSCRIBE:
        return answerSubscription(frame.subarray(start, end), socket, (why) => this.drop(why));
      case PINGREQ:
        return void socket.write(PINGRESP);
      case DISCONNECT:
        return void socket.end();
      default:
        return this.drop(`packet type ${type} from a device`);
    }
  }

  private connect(frame: Buffer) {
    const packet = packetOf(frame);
    if (packet?.cmd !== 'connect') return this.drop('malformed CONNECT');
    const { protocolVersion, username, password, keepalive = 0, clean, clientId: id } = packet as IConnectPacket;
    if (protocolVersion !== 3 && protocolVersion !== 4) {
      this.socket.end(CONNACK(UNACCEPTABLE_PROTOCOL));
      return;
    }
    if (!id && !clean) {
      this.socket.end(CONNACK(IDENTIFIER_REJECTED));
      return;
    }
    if (!username || !password) {
      this.listener.telemetry.rejections.count('bad_credential', 'mqtt', 'CONNECT without credentials');
      return this.refuse();
    }
    this.signingIn = true;
    this.socket.pause();
    this.listener.telemetry.devices.authenticate(username, password.toString()).then(
      (found) => {
        if (this.socket.destroyed) return;
        if (typeof found !== 'string') return this.signedIn(found, id, keepalive);
        this.listener.telemetry.rejections.count(found, 'mqtt', `device ${username.slice(0, 64)}`);
        this.refuse();
      },
      (err: unknown) => {
        this.listener.log.error({ err }, 'MQTT device sign-in failed');
        this.refuse();
      },
    );
  }

  private refuse() {
    this.socket.end(CONNACK(BAD_USERNAME_OR_PASSWORD));
  }

  private signedIn(found: { vehicleId: number; vin: string }, id: string, keepalive: number) {
    // A device that connects again under its client id replaces its old connection (MQTT 3.1.1,
    // 3.1.4); another device's CONNECT with the same client id is another session.
    this.clientId = `${found.vehicleId} ${id || randomUUID()}`;
    this.listener.byClientId.get(this.clientId)?.socket.destroy();
    this.listener.byClientId.set(this.clientId, this);
    this.vin = found.vin;
    this.device = { vehicleId: found.vehicleId, topic: Buffer.from(readingsTopic(found.vin)) };
    this.idleLimitMs = keepalive * 1500;
    this.socket.write(CONNACK(0));
    this.signingIn = false;
    if (this.listener.stopping) return;
    this.socket.resume();
    this.frames.resume(); // what the device sent after its CONNECT
  }

  private publish(device: Device, frame: Buffer, start: number, body: number, end: number) {
    const parts = this.parts;
    if (!publishAt(frame, start, body, end, parts)) return this.drop('malformed PUBLISH');
    const { qos, messageId, topicStart, topicEnd, payloadStart } = parts;
    const { acks, listener } = this;
    const ack = qos > 0 ? acks.add(messageId, qos === 2 ? PUBREC : PUBACK) : null;
    if (!isAt(frame, topicStart, topicEnd, device.topic)) {
      listener.telemetry.rejections.count(
        'wrong_topic',
        'mqtt',
        frame.toString('utf8', topicStart, topicEnd).slice(0, 100),
      );
      if (ack) acks.done(ack);
      return;
    }
    if (ack && acks.unacked() >= MAX_UNACKED && !this.paused) this.hold();
    // Malformed readings are counted and acknowledged (a retry would only fail again); a storage
    // failure is not: the connection ends and the device sends its unacknowledged readings again.
    listener.storing += 1;
    listener.telemetry.ingest.accept('mqtt', device.vehicleId, frame.subarray(payloadStart, end), (err) => {
      listener.storing -= 1;
      if (err === undefined) {
        if (ack) acks.done(ack);
        return;
      }
      listener.log.error({ err }, 'storing MQTT readings failed; the device will retry');
      this.socket.destroy();
    });
  }
}

/**
 * Whether bytes[start..end) are `own`'s: a loop over a topic's few bytes, where Buffer's compare
 * checks its four offsets and crosses into C++ for each message.
 */
function isAt(bytes: Buffer, start: number, end: number, own: Buffer): boolean {
  if (end - start !== own.length) return false;
  for (let i = 0; i < own.length; i++) if (bytes[start + i] !== own[i]) return false;
  return true;
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
