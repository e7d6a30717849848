import { connect, type Socket } from 'node:net';
import type { AvlRecord } from '../telemetry/teltonika/codec.js';
import { encodeAvl, encodeHandshake } from '../telemetry/teltonika/encode.js';

const ANSWER_WITHIN_MS = 10_000;

/**
 * A Teltonika tracker as the demo and the simulator drive one: a TCP connection opened when first
 * needed, the IMEI handshake, then one Codec 8E packet at a time, each waiting for its answer, as a
 * device does. A failure closes the connection; the next send opens a new one.
 */
export class TeltonikaClient {
  private socket: Socket | null = null;
  private received = Buffer.alloc(0);
  private waiting: { bytes: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
    readonly imei: string,
  ) {}

  /** Sends the records in one packet; resolves with the count the server acknowledged. */
  async send(records: AvlRecord[]): Promise<number> {
    try {
      if (!this.socket) await this.open();
      this.socket!.write(encodeAvl(0x8e, records));
      return (await this.read(4)).readUInt32BE(0);
    } catch (err) {
      this.close();
      throw err;
    }
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
    this.received = Buffer.alloc(0);
  }

  private async open() {
    const socket = connect(this.port, this.host);
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.deliver();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      this.waiting?.reject(new Error('the server closed the connection'));
      this.waiting = null;
    });
    this.socket = socket;
    socket.write(encodeHandshake(this.imei));
    const [answer] = await this.read(1);
    if (answer !== 1) throw new Error(`IMEI ${this.imei} refused: is it registered on a vehicle?`);
  }

  /** The next `bytes` the server sends (a Codec 12 command in between is skipped: the demo carts take none). */
  private read(bytes: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer within 10 s')), ANSWER_WITHIN_MS);
      this.waiting = {
        bytes,
        resolve: (b) => {
          clearTimeout(timer);
          resolve(b);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.deliver();
    });
  }

  private deliver() {
    // A command frame starts with four zero bytes, an answer to a packet never does with records in it.
    while (this.received.length >= 8 && this.received.readUInt32BE(0) === 0 && this.received.readUInt32BE(4) > 0) {
      const frame = 8 + this.received.readUInt32BE(4) + 4;
      if (this.received.length < frame) return;
      this.received = this.received.subarray(frame);
    }
    const w = this.waiting;
    if (!w || this.received.length < w.bytes) return;
    this.waiting = null;
    const out = this.received.subarray(0, w.bytes);
    this.received = this.received.subarray(w.bytes);
    w.resolve(out);
  }
}

/** A phone's position as Traccar Client sends it: the OsmAnd query of a POST, speed in knots. */
export async function sendOsmand(baseUrl: string, id: string, reading: Record<string, unknown>): Promise<void> {
  const query = new URLSearchParams({
    id,
    timestamp: String(Math.floor((reading.ts as number) / 1000)),
    lat: String(reading.gpsLat),
    lon: String(reading.gpsLong),
    speed: String(((reading.speed as number | undefined) ?? 0) / 1.150779448),
    bearing: String(reading.heading ?? 0),
    altitude: '180',
    accuracy: '5',
    batt: String(reading.deviceBattery ?? 80),
  });
  const res = await fetch(`${baseUrl}/?${query}`, { method: 'POST' });
  if (!res.ok) throw new Error(`${res.status} ${(await res.text()).trim()}`);
}
