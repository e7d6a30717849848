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

/** What one connection needs of its consumer's options, with the defaults applied. */
export interface ConnectionSettings {
  url: URL;
  clientId: string;
  topic: string;
  handle(topic: string, payload: Buffer, settled: (err?: unknown) => void): void;
  log: ConsumerLog;
  keepaliveSeconds: number;
  maxUnacked: number;
}

/** What a connection tells its consumer. */
export interface ConnectionEvents {
  /** The broker accepted the connection; the subscription is sent. */
  accepted(): void;
  /** The socket closed, for whatever reason. */
  closed(): void;
}

/**
 * A read that drains the socket (less than READ_BYTES) is followed by a rest this long before the
 * next. A broker paced by its devices sends a few messages at a time, and evfleet, faster, woke for
 * every 4 KiB (6 readings): the kernel's wake-up and the turn of the event loop, paid per read,
 * made a reading cost twice what it costs when evfleet sets the pace. Resting, a read carries 3 to
 * 5 times as many (docs/performance.md, "The cost of a reading"); 5 ms is little beside the 20 ms
 * the batch writer gathers readings for. A socket with data waiting is read without rest.
 */
const REST_MS = 5;
/** The most read at once (into one buffer, reused): a backlog is read in reads this large. */
const READ_BYTES = 256 * 1024;
/** Larger than any message evfleet accepts: a frame announcing more is a broken stream. */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;

/**
 * One connection to the broker, from CONNECT to its close: it subscribes once accepted, hands each
 * message to `handle` and acknowledges it once handled, stops reading while its window of
 * unacknowledged messages is full, and rests after a read that drained the socket. Its consumer
 * opens another when it closes.
 */
export class BrokerConnection {
  private readonly socket: Socket;
  /** The window of unacknowledged messages is full: reading stops until half of it is acknowledged. */
  private full = false;
  /** Whether reading rests after a read that drained the socket (REST_MS). */
  private resting = false;
  private pingTimer: NodeJS.Timeout | null = null;
  private readonly parser = mqttPacket.parser({ protocolVersion: 4 });
  private readonly parts = publishParts();
  private readonly acks: ReturnType<typeof createAckQueue>;
  private readonly frames: ReturnType<typeof createFrameReader>;

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly events: ConnectionEvents,
  ) {
    const s = openSocket(settings.url, (chunk, drained) => this.received(chunk, drained));
    this.socket = s;
    this.acks = createAckQueue(
      (pubacks) => {
        if (!s.destroyed) s.write(pubacks);
      },
      (unacked) => this.flushed(unacked),
    );
    this.frames = createFrameReader({
      maxFrameBytes: MAX_FRAME_BYTES,
      frame: (bytes, start, body, end) => this.frame(bytes, start, body, end),
      malformed: (why) => this.protocolError(why),
    });
    this.parser.on('packet', (packet: Packet) => this.packet(packet));
    this.parser.on('error', (err) => this.protocolError(err));
    s.on('data', (chunk: Buffer) => this.received(chunk, false));
    s.on('connect', () => this.signIn());
    s.on('error', (err) => settings.log.warn({ err: err.message }, 'MQTT connection error'));
    s.on('close', () => {
      if (this.pingTimer) clearInterval(this.pingTimer);
      events.closed();
    });
  }

  /** Says goodbye to the broker; unacknowledged messages stay with its session for next time. */
  disconnect() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.socket.destroyed) return;
    this.socket.write(mqttPacket.generate({ cmd: 'disconnect' }));
    this.socket.end();
  }

  private send(packet: Packet) {
    this.socket.write(mqttPacket.generate(packet));
  }

  private signIn() {
    const { url, keepaliveSeconds: keepalive } = this.settings;
    this.send({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean: false,
      clientId: this.settings.clientId,
      keepalive,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? Buffer.from(decodeURIComponent(url.password)) : undefined,
    });
    this.pingTimer = setInterval(() => this.send({ cmd: 'pingreq' }), (keepalive * 1000) / 2);
  }

  /** A packet other than PUBLISH, parsed by mqtt-packet: only the CONNACK matters. */
  private packet(packet: Packet) {
    if (packet.cmd !== 'connack') return;
    const { topic, clientId, url, log } = this.settings;
    if (packet.returnCode !== 0) {
      log.error(`MQTT broker refused the connection (return code ${packet.returnCode})`);
      return this.socket.destroy();
    }
    this.events.accepted();
    this.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic, qos: 1 }] });
    log.info(`consuming ${topic} from ${url.host} as ${clientId}`);
  }

  /** Takes what was read; false when reading is to rest (onread's callback then stops it). */
  private received(chunk: Buffer, drained: boolean): boolean {
    const s = this.socket;
    this.frames.push(chunk);
    if (!drained || this.resting || s.destroyed) return true;
    this.resting = true;
    s.pause();
    setTimeout(() => {
      this.resting = false;
      if (!s.destroyed && !this.full) s.resume();
    }, REST_MS);
    return false;
  }

  private frame(bytes: Buffer, start: number, body: number, end: number): boolean | void {
    if (this.socket.destroyed) return false;
    if (bytes[start] >> 4 === PUBLISH) return this.publish(bytes, start, body, end);
    else this.parser.parse(bytes.subarray(start, end));
  }

  /** A PUBLISH read in place: no packet object for the messages that are nearly all the traffic. */
  private publish(bytes: Buffer, start: number, body: number, end: number): boolean | void {
    const { parts, acks, settings } = this;
    if (!publishAt(bytes, start, body, end, parts)) return this.protocolError('malformed PUBLISH');
    const topic = bytes.toString('utf8', parts.topicStart, parts.topicEnd);
    const payload = bytes.subarray(parts.payloadStart, end);
    if (parts.qos === 0) return settings.handle(topic, payload, (err) => err !== undefined && this.failed(err));
    const entry = acks.add(parts.messageId);
    settings.handle(topic, payload, (err) => (err === undefined ? acks.done(entry) : this.failed(err)));
    if (acks.unacked() < settings.maxUnacked) return;
    this.full = true;
    this.socket.pause();
    return false; // the frames after it wait, even those of the same read
  }

  /** The acknowledgements of a tick left: a full window half emptied reads on. */
  private flushed(unacked: number) {
    if (!this.full || unacked >= this.settings.maxUnacked / 2) return;
    this.full = false;
    this.frames.resume(); // the frames read after the window filled, which may fill it again
    if (!this.full && !this.resting) this.socket.resume();
  }

  private failed(err: unknown) {
    // Not acknowledged: reconnecting makes the broker deliver it again from the session.
    this.settings.log.error({ err }, 'handling an MQTT message failed; reconnecting so the broker redelivers');
    this.socket.destroy();
  }

  private protocolError(why: unknown) {
    this.settings.log.error({ err: why }, 'MQTT protocol error');
    this.socket.destroy();
  }
}

/**
 * Plain TCP reads into one buffer (Node's onread), so a read tells whether it drained the
 * socket. TLS gives records of at most 16 KiB that do not tell it, so TLS reads as data comes.
 */
function openSocket(url: URL, received: (chunk: Buffer, drained: boolean) => boolean): Socket {
  const port = Number(url.port || (url.protocol === 'mqtts:' ? 8883 : 1883));
  if (url.protocol === 'mqtts:') return tlsConnect({ host: url.hostname, port, servername: url.hostname });
  return tcpConnect({
    host: url.hostname,
    port,
    // Copied: the frame reader keeps an unfinished frame, and payloads wait for their hand-over.
    onread: {
      buffer: Buffer.allocUnsafe(READ_BYTES),
      callback: (n, buffer) => received(Buffer.from(buffer.subarray(0, n)), n < READ_BYTES),
    },
  });
}
