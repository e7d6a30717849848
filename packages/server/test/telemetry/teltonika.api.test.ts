import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { type AvlRecord } from '../../src/telemetry/teltonika/codec.js';
import { encodeAvl } from '../../src/telemetry/teltonika/encode.js';
import { STALL_MS } from '../../src/telemetry/teltonika/teltonika-connection.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor, type Caller } from '../support/people.js';
import { freePort } from '../support/ports.js';
import { TeltonikaDevice } from '../support/teltonika-device.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice } from '../support/vehicles.js';

/**
 * The first Codec 8 example of Teltonika's "Codec" page (wiki.teltonika-gps.com/view/Codec): one
 * record of 2019-06-10, with IO 21 = 3, 1 = 1, 66 = 24079, 241 = 24602 and 16 = 0. Older than a
 * reading may be (400 days), so it is refused, and still acknowledged.
 */
const DOC_CODEC8 =
  '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
const IMEI = '356307042441013';
/** The same page's Codec 12 example: the server's `getinfo`, and the device's answer to it. */
const DOC_GETINFO = '000000000000000F0C010500000007676574696E666F0100004312';
const DOC_GETINFO_ANSWER =
  '00000000000000900C010600000088494E493A323031392F372F323220373A3232205254433A323031392F372F323220373A3533205253543A32204552523A312053523A302042523A302043463A302046473A3020464C3A302054553A302F302055543A3020534D533A30204E4F4750533A303A3330204750533A31205341543A302052533A332052463A36352053463A31204D443A30010000C78F';

const readings = async (database: Database, vehicleId: number) =>
  (
    await database.db.execute<{
      ts: Date;
      gps_lat: number | null;
      speed: number | null;
      battery_12v: number | null;
      extra: Record<string, number> | null;
      odometer: number | null;
    }>(
      sql`select ts, gps_lat, speed, battery_12v, extra, odometer from can_reading where vehicle_id = ${vehicleId} order by ts`,
    )
  ).rows;

const record = (timestamp: number, io: [number, number, number][] = []): AvlRecord => ({
  timestamp,
  priority: 0,
  longitude: -87.6298,
  latitude: 41.8781,
  altitude: 180,
  angle: 90,
  satellites: 9,
  speed: 40,
  eventIoId: 0,
  io: io.map(([id, length, value]) => ({ id, length, value, signedValue: value })),
});

describe.each(DATABASE_KINDS)('Teltonika trackers over TCP on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let admin: Caller;
  let vehicleId: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(kind, { TELTONIKA_PORT: String(port) });
    admin = callerFor(t, await t.admin());
    vehicleId = (await createDevice(t.database, 'VIN-TELTONIKA-1')).id;
    const res = await admin('PUT', `/api/vehicles/${vehicleId}/device`, { protocol: 'teltonika', identifier: IMEI });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('answers 0x00 and closes for an IMEI no vehicle has, counting it', async () => {
    const before = t.app.telemetry.rejections.snapshot().unknown_device;
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake('490154203237518')).toBe(0);
    expect(await device.closedWithin(5000)).toBe(true);
    expect(t.app.telemetry.rejections.snapshot().unknown_device).toBe(before + 1);
  });

  it("acknowledges the protocol document's packet with its count, refusing its 2019 record as too old", async () => {
    const before = t.app.telemetry.rejections.snapshot().too_old;
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake(IMEI)).toBe(1);
    expect(await device.packet(DOC_CODEC8)).toBe(1);
    expect(t.app.telemetry.rejections.snapshot().too_old).toBe(before + 1);
    expect(await readings(t.database, vehicleId)).toHaveLength(0);
    device.end();
  });

  it('stores each record through the profile, keeps unmapped elements as io<ID>, once even when sent again', async () => {
    const base = Date.now() - 60_000;
    // 66 external voltage (mV), 16 odometer (m), 239 ignition; 10_500 is mapped by nothing (Codec 8E's two-byte ids).
    const io: [number, number, number][] = [
      [66, 2, 12_650],
      [16, 4, 160_934],
      [239, 1, 1],
      [10_500, 4, 77],
    ];
    const packet = encodeAvl(0x8e, [record(base, io), record(base + 1000, io), record(base + 2000, io)]);
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake(IMEI)).toBe(1);
    expect(await device.packet(packet)).toBe(3);
    // The same packet again (the device missed the answer): stored once.
    expect(await device.packet(packet)).toBe(3);
    device.end();

    const rows = await readings(t.database, vehicleId);
    expect(rows).toHaveLength(3);
    expect(rows[0].gps_lat).toBeCloseTo(41.8781, 6);
    expect(rows[0].speed).toBeCloseTo(40 / 1.609344, 6);
    expect(rows[0].battery_12v).toBeCloseTo(12.65, 6);
    expect(rows[0].odometer).toBeCloseTo(100, 3);
    expect(rows[0].extra).toMatchObject({ ignition: 1, io10500: 77, altitude: 180, satellites: 9 });

    await t.app.trackers.activity.flush();
    const profileId = (await admin('GET', `/api/vehicles/${vehicleId}/device`)).json<{ profileId: number }>().profileId;
    const unmapped = (await admin('GET', `/api/device-profiles/${profileId}/unmapped`)).json<
      { io: number; lastValue: number }[]
    >();
    // With those of the document's packet: what a device sends is listed even when its record is refused.
    expect(unmapped).toContainEqual(expect.objectContaining({ io: 10_500, lastValue: 77, vehicleId }));
    expect(unmapped).toContainEqual(expect.objectContaining({ io: 241, lastValue: 24_602 }));
    expect(unmapped.map((u) => u.io)).not.toContain(66);
    const tracker = (await admin('GET', `/api/vehicles/${vehicleId}/device`)).json<{
      lastConnectedAt: string;
      lastAddress: string;
    }>();
    expect(Date.parse(tracker.lastConnectedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(tracker.lastAddress).toContain('127.0.0.1');
  });

  it('answers a packet with a bad CRC with 0, stores none of it, and keeps the connection for the next', async () => {
    const before = t.app.telemetry.rejections.snapshot().bad_crc;
    const stored = (await readings(t.database, vehicleId)).length;
    const good = encodeAvl(0x08, [record(Date.now() - 5000)]);
    const bad = Buffer.from(good);
    bad[bad.length - 1] ^= 0xff;
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake(IMEI)).toBe(1);
    expect(await device.packet(bad)).toBe(0);
    expect(t.app.telemetry.rejections.snapshot().bad_crc).toBe(before + 1);
    expect(await readings(t.database, vehicleId)).toHaveLength(stored);
    expect(await device.packet(good)).toBe(1);
    expect(await readings(t.database, vehicleId)).toHaveLength(stored + 1);
    device.end();
  });

  it('takes a packet that arrives a byte at a time, and several packets in one write', async () => {
    const stored = (await readings(t.database, vehicleId)).length;
    const base = Date.now() - 30_000;
    const first = encodeAvl(0x08, [record(base + 100)]);
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake(IMEI)).toBe(1);
    for (const byte of first) device.send(Buffer.from([byte]));
    expect((await device.read(4))?.readUInt32BE(0)).toBe(1);
    device.send(
      Buffer.concat([encodeAvl(0x08, [record(base + 200)]), encodeAvl(0x8e, [record(base + 300), record(base + 400)])]),
    );
    expect((await device.read(4))?.readUInt32BE(0)).toBe(1);
    expect((await device.read(4))?.readUInt32BE(0)).toBe(2);
    expect(await readings(t.database, vehicleId)).toHaveLength(stored + 4);
    device.end();
  });

  it('closes a connection with a wrong preamble or a length beyond any packet at once, counting why', async () => {
    const before = t.app.telemetry.rejections.snapshot();
    const wrong = await TeltonikaDevice.connect(port);
    expect(await wrong.handshake(IMEI)).toBe(1);
    wrong.send('0000000100000010');
    expect(await wrong.closedWithin(5000)).toBe(true);

    const huge = await TeltonikaDevice.connect(port);
    expect(await huge.handshake(IMEI)).toBe(1);
    huge.send('0000000000FFFFFF08');
    expect(await huge.closedWithin(5000)).toBe(true);

    const after = t.app.telemetry.rejections.snapshot();
    expect(after.bad_preamble).toBe(before.bad_preamble + 1);
    expect(after.too_large).toBe(before.too_large + 1);
  });

  it("sends a command as the protocol document's bytes and stores the device's answer", async () => {
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake(IMEI)).toBe(1);
    const sent = await admin('POST', `/api/vehicles/${vehicleId}/commands`, { text: 'getinfo' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ status: 'sent' });
    expect((await device.read(DOC_GETINFO.length / 2))?.toString('hex').toUpperCase()).toBe(DOC_GETINFO);
    device.send(DOC_GETINFO_ANSWER);
    await expect
      .poll(
        async () => (await admin('GET', `/api/vehicles/${vehicleId}/commands`)).json<{ status: string }[]>()[0].status,
      )
      .toBe('answered');
    const [command] = (await admin('GET', `/api/vehicles/${vehicleId}/commands`)).json<
      { id: number; text: string; response: string; sentAt: string; answeredAt: string; createdBy: string }[]
    >();
    expect(command).toMatchObject({ id: sent.json<{ id: number }>().id, text: 'getinfo', createdBy: 'admin' });
    expect(command.response).toMatch(/^INI:2019\/7\/22 7:22 RTC:2019\/7\/22 7:53 RST:2 ERR:1/);
    expect(Date.parse(command.answeredAt)).toBeGreaterThanOrEqual(Date.parse(command.sentAt));
    device.end();
  });

  it('keeps a command for an offline tracker until it connects', async () => {
    await new Promise((r) => setTimeout(r, 100)); // the last connection's close reaches the listener
    const queued = await admin('POST', `/api/vehicles/${vehicleId}/commands`, { text: 'setdigout 1' });
    expect(queued.json()).toMatchObject({ status: 'queued' });
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake(IMEI)).toBe(1);
    const frame = await device.read(8 + 1 + 1 + 1 + 4 + 'setdigout 1'.length + 1 + 4);
    expect(frame?.subarray(15, 15 + 11).toString('ascii')).toBe('setdigout 1');
    await expect
      .poll(
        async () => (await admin('GET', `/api/vehicles/${vehicleId}/commands`)).json<{ status: string }[]>()[0].status,
      )
      .toBe('sent');
    device.end();
  });

  it('refuses a command that is not printable ASCII, and commands to a vehicle without a Teltonika tracker', async () => {
    expect((await admin('POST', `/api/vehicles/${vehicleId}/commands`, { text: 'caf\u00e9' })).statusCode).toBe(400);
    expect((await admin('POST', `/api/vehicles/${vehicleId}/commands`, { text: '' })).statusCode).toBe(400);
    const other = await createDevice(t.database, 'VIN-NO-TRACKER');
    expect((await admin('POST', `/api/vehicles/${other.id}/commands`, { text: 'getinfo' })).statusCode).toBe(400);
  });

  it('closes a connection whose packet stops halfway, counting it truncated, and keeps serving others', async () => {
    const before = t.app.telemetry.rejections.snapshot().truncated;
    const half = await TeltonikaDevice.connect(port);
    expect(await half.handshake(IMEI)).toBe(1);
    const packet = encodeAvl(0x08, [record(Date.now() - 3000)]);
    half.send(packet.subarray(0, 20));
    const otherVehicle = (await createDevice(t.database, 'VIN-TELTONIKA-2')).id;
    await admin('PUT', `/api/vehicles/${otherVehicle}/device`, {
      protocol: 'teltonika',
      identifier: '490154203237518',
    });
    const other = await TeltonikaDevice.connect(port);
    expect(await other.handshake('490154203237518')).toBe(1);
    expect(await other.packet(encodeAvl(0x08, [record(Date.now() - 2000)]))).toBe(1);
    expect(half.closed).toBe(false);
    expect(await half.closedWithin(STALL_MS + 2000)).toBe(true);
    expect(t.app.telemetry.rejections.snapshot().truncated).toBe(before + 1);
    other.end();
  }, 15_000);

  it('ends the connection of a tracker that is removed from its vehicle', async () => {
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake(IMEI)).toBe(1);
    await admin('PUT', `/api/vehicles/${vehicleId}/device`, { protocol: 'none' });
    expect(await device.closedWithin(5000)).toBe(true);
    const again = await TeltonikaDevice.connect(port);
    expect(await again.handshake(IMEI)).toBe(0);
    await admin('PUT', `/api/vehicles/${vehicleId}/device`, { protocol: 'teltonika', identifier: IMEI });
  });

  it("reads a connection's next packet by the profile as edited", async () => {
    const device = await TeltonikaDevice.connect(port);
    expect(await device.handshake(IMEI)).toBe(1);
    const base = Date.now() - 20_000;
    expect(await device.packet(encodeAvl(0x8e, [record(base, [[10_501, 2, 7]])]))).toBe(1);
    const { profileId } = (await admin('GET', `/api/vehicles/${vehicleId}/device`)).json<{ profileId: number }>();
    const profile = (await admin('GET', `/api/device-profiles/${profileId}`)).json<{
      name: string;
      mappings: object[];
    }>();
    const edited = await admin('PUT', `/api/device-profiles/${profileId}`, {
      name: profile.name,
      protocol: 'teltonika',
      mappings: [...profile.mappings, { io: 10_501, signal: 'wiperSpeed', scale: 1, offset: 0, signed: false }],
    });
    expect(edited.statusCode).toBe(200);
    expect(await device.packet(encodeAvl(0x8e, [record(base + 1, [[10_501, 2, 8]])]))).toBe(1);
    const extras = (await readings(t.database, vehicleId)).map((r) => r.extra ?? {});
    expect(extras.filter((e) => 'io10501' in e)).toEqual([expect.objectContaining({ io10501: 7 })]);
    expect(extras.filter((e) => 'wiperSpeed' in e)).toEqual([expect.objectContaining({ wiperSpeed: 8 })]);
    device.end();
  });
});

describe('Teltonika trackers over TLS', () => {
  let t: TestApp;
  let port: number;
  let dir: string;
  beforeAll(async () => {
    // A self-signed certificate, as an operator's own CA would issue for the trackers' host.
    dir = mkdtempSync(join(tmpdir(), 'evfleet-tls-'));
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ]);
    port = await freePort();
    t = await createTestApp('pglite', {
      TELTONIKA_TLS_PORT: String(port),
      DEVICE_TLS_CERT_FILE: join(dir, 'cert.pem'),
      DEVICE_TLS_KEY_FILE: join(dir, 'key.pem'),
    });
    const vehicleId = (await createDevice(t.database, 'VIN-TLS-1')).id;
    const admin = callerFor(t, await t.admin());
    await admin('PUT', `/api/vehicles/${vehicleId}/device`, { protocol: 'teltonika', identifier: IMEI });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the handshake and a packet over TLS, with the certificate the operator gave', async () => {
    const socket = tlsConnect({ port, host: '127.0.0.1', servername: 'localhost', rejectUnauthorized: false });
    await new Promise((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
    expect(socket.getPeerCertificate().subject.CN).toBe('localhost');
    const received: Buffer[] = [];
    socket.on('data', (b: Buffer) => received.push(b));
    const answered = (n: number) =>
      expect.poll(() => Buffer.concat(received).length, { timeout: 5000 }).toBeGreaterThanOrEqual(n);
    const hs = Buffer.alloc(17);
    hs.writeUInt16BE(15, 0);
    hs.write(IMEI, 2, 'ascii');
    socket.write(hs);
    await answered(1);
    expect(Buffer.concat(received)[0]).toBe(1);
    socket.write(encodeAvl(0x8e, [record(Date.now() - 1000), record(Date.now() - 500)]));
    await answered(5);
    expect(Buffer.concat(received).readUInt32BE(1)).toBe(2);
    socket.destroy();
  });
});
