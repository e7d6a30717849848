/**
 * Teltonika trackers for the ingestion benchmark (bench/ingest.ts), as an FMB with a CAN adapter on
 * an electric vehicle behaves: one TCP connection, the IMEI handshake, then Codec 8E packets of as
 * many records as fit in Teltonika's 1,280 bytes, each sent once the last one's acknowledgement
 * (its record count) has come.
 */
import { connect } from 'node:net';
import { MAX_FRAME_BYTES, type AvlRecord, type IoElement } from '../packages/server/src/telemetry/teltonika/codec.js';
import { encodeAvl, encodeHandshake } from '../packages/server/src/telemetry/teltonika/encode.js';

/**
 * A record's IO elements: [id, bytes, raw value], ids, sizes and raw units from Teltonika's AVL ID
 * tables as builtin-profile.ts cites them. 25 the built-in profile maps, then 5 permanent elements
 * every FMB sends that it does not (kept as `io<ID>`, and listed as unmapped).
 */
const ELEMENTS: [id: number, length: 1 | 2 | 4, value: number][] = [
  [16, 4, 20_036_000], // Total Odometer, m
  [199, 4, 1_250], // Trip Odometer, m
  [66, 2, 12_600], // External Voltage, mV
  [21, 1, 4], // GSM Signal, 0-5
  [239, 1, 1], // Ignition
  [240, 1, 1], // Movement
  [69, 1, 1], // GNSS Status: on, with a fix
  [67, 2, 4_100], // Battery Voltage, mV (the tracker's own battery)
  [68, 2, 0], // Battery Current, mA
  [113, 1, 100], // Battery Level, %
  [81, 1, 23], // Vehicle Speed, km/h
  [82, 1, 35], // Accelerator Pedal Position, %
  [85, 2, 2_100], // Engine RPM
  [87, 4, 20_040_000], // Total Mileage, m
  [115, 2, 450], // Engine Temperature, 0.1 °C
  [151, 2, 310], // Battery Temperature, 0.1 °C
  [152, 1, 70], // HV Battery Level, %: varies from record to record
  [304, 4, 68_000], // Vehicles Range On Battery, m
  [902, 1, 1], // SSF Ready To Drive
  [914, 1, 0], // SSF Charging Wire Plugged
  [915, 1, 0], // SSF Battery Charging
  [916, 1, 1], // SSF Electric Engine State
  [543, 2, 356], // Hybrid System Voltage, V
  [544, 2, 42], // Hybrid System Current, A
  [1151, 2, 96], // OEM Battery State Of Health, %
  [24, 2, 23], // GNSS speed, km/h
  [181, 2, 9], // GNSS PDOP, 0.1
  [182, 2, 7], // GNSS HDOP, 0.1
  [200, 1, 0], // Sleep Mode
  [241, 4, 24_602], // Active GSM Operator
];
const IO: IoElement[] = ELEMENTS.map(([id, length, value]) => ({ id, length, value, signedValue: value }));
const CHARGE = ELEMENTS.findIndex(([id]) => id === 152);
export const IO_ELEMENTS = IO.length;

/** One record: a GPS fix in Chicago at 23 km/h, the elements above, the charge varying with `n`. */
export function trackerRecord(timestamp: number, n: number): AvlRecord {
  const io = IO.slice();
  const charge = 70 + (n % 20);
  io[CHARGE] = { id: 152, length: 1, value: charge, signedValue: charge };
  const fix = { longitude: -87.6298, latitude: 41.8781, altitude: 180, angle: 182, satellites: 11, speed: 23 };
  return { timestamp, priority: 0, ...fix, eventIoId: 0, io };
}

/** Records a packet holds: as many as fit in MAX_FRAME_BYTES, as a device fills them. */
export const RECORDS_PER_PACKET = (() => {
  let n = 1;
  while (
    encodeAvl(
      0x8e,
      Array.from({ length: n + 1 }, (_, i) => trackerRecord(i, i)),
    ).length <= MAX_FRAME_BYTES
  )
    n++;
  return n;
})();

/**
 * How far behind the clock a record is dated at most: a tracker sends what it recorded a moment
 * ago. Each record is a millisecond after the tracker's last, or this far behind the clock if that
 * is later, so no two of a vehicle's records share a time and none is older than this.
 */
const BEHIND_MS = 60_000;

/**
 * One tracker until `until`: connects, sends its IMEI, expects 0x01, then sends packets one at a
 * time. Answers how many records the server acknowledged; rejects if it refuses the IMEI or
 * acknowledges a packet with another count.
 */
export function runTracker(opts: { port: number; imei: string; until: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: opts.port, host: '127.0.0.1' });
    socket.setNoDelay(true);
    let received: Buffer = Buffer.alloc(0);
    let accepted = false;
    let acked = 0;
    let n = 0;
    let last = 0;
    const send = () => {
      const records: AvlRecord[] = [];
      for (let i = 0; i < RECORDS_PER_PACKET; i++, n++) {
        last = Math.max(last + 1, Date.now() - BEHIND_MS);
        records.push(trackerRecord(last, n));
      }
      socket.write(encodeAvl(0x8e, records));
    };
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    socket.on('data', (chunk: Buffer) => {
      received = received.length ? Buffer.concat([received, chunk]) : chunk;
      if (!accepted) {
        if (received[0] !== 1) return fail(new Error(`IMEI ${opts.imei} refused`));
        accepted = true;
        received = received.subarray(1);
        send();
      }
      if (received.length < 4) return;
      const count = received.readUInt32BE(0);
      received = received.subarray(4);
      if (count !== RECORDS_PER_PACKET)
        return fail(new Error(`a packet of ${RECORDS_PER_PACKET} acknowledged ${count}`));
      acked += count;
      if (Date.now() < opts.until) send();
      else {
        socket.end();
        resolve(acked);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`tracker ${opts.imei}: the server closed the connection`)));
    socket.on('connect', () => socket.write(encodeHandshake(opts.imei)));
  });
}
