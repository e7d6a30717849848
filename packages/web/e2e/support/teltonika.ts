import { imeiOf } from '@evfleet/domain';
import { inject } from 'vitest';
import type { AvlRecord } from '../../../server/src/telemetry/teltonika/codec';
import { encodeAvl, encodeCommand } from '../../../server/src/telemetry/teltonika/encode';
import { TeltonikaDevice } from '../../../server/test/support/teltonika-device';
import { workerIndex } from './workers';

/** This worker's portal's Teltonika listener (global-setup.ts gives each portal one). */
export const teltonikaPort = () => inject('teltonikaPorts')[workerIndex()];

/** An IMEI no other run has: fourteen random digits (not the demo's 35209408 prefix) and their Luhn check digit. */
export const newImei = (): string => imeiOf(`35630${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);

/** One AVL record of now with a GPS fix and these IO elements ([id, bytes, raw value]). */
const recordOf = (io: readonly (readonly [number, number, number])[]): AvlRecord => ({
  timestamp: Date.now() - 2_000,
  priority: 0,
  longitude: -104.9903,
  latitude: 39.7392,
  altitude: 1600,
  angle: 90,
  satellites: 9,
  speed: 12,
  eventIoId: 0,
  io: io.map(([id, length, value]) => ({ id, length, value, signedValue: value })),
});

/**
 * A Teltonika FMB tracker on this worker's portal, over the server tests' device (the protocol
 * document's bytes): it says its IMEI, sends Codec 8 Extended records, and reads and answers the
 * Codec 12 commands the portal sends it.
 */
export class FakeTracker {
  private constructor(private readonly device: TeltonikaDevice) {}

  /** Connects and sends the IMEI; throws unless the portal accepts it (0x01). */
  static async connect(imei: string): Promise<FakeTracker> {
    const device = await TeltonikaDevice.connect(teltonikaPort());
    const answer = await device.handshake(imei);
    if (answer !== 1) {
      device.end();
      throw new Error(`the portal answered the IMEI ${imei} with ${answer}, not 1`);
    }
    return new FakeTracker(device);
  }

  /** Sends one record with these IO elements; resolves with the record count the portal acknowledged. */
  async sendRecord(io: readonly (readonly [number, number, number])[]): Promise<number | null> {
    return this.device.packet(encodeAvl(0x8e, [recordOf(io)]));
  }

  /** Waits for a Codec 12 command (type 0x05) and returns its text. */
  async readCommand(ms = 15_000): Promise<string> {
    const header = await this.device.read(8, ms);
    if (!header) throw new Error(`no command frame within ${ms} ms`);
    // Four zero bytes, the data length, then codec, count, type, size, text, count and a CRC of four bytes.
    const rest = await this.device.read(header.readUInt32BE(4) + 4, ms);
    if (!rest || rest[0] !== 0x0c || rest[2] !== 0x05) throw new Error('the frame is no Codec 12 command');
    return rest.subarray(7, 7 + rest.readUInt32BE(3)).toString('ascii');
  }

  /** Sends a Codec 12 response (type 0x06) with this text. */
  answer(text: string): void {
    this.device.send(encodeCommand(0x06, text));
  }

  close(): void {
    this.device.end();
  }
}
