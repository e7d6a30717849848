import { connect, type Socket } from 'node:net';
import { readingsTopic } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice } from '../support/vehicles.js';

/**
 * evfleet's device listener (telemetry/mqtt-broker.ts) at the byte level, with a raw socket: frames
 * split anyhow, pipelined, QoS 0 to 2, what devices may not do, and hostile bytes. The transport is
 * the same on either database, so PGlite alone.
 */
interface Raw {
  socket: Socket;
  packets: Packet[];
  /** Resolves with the next packet of that kind the server sends. */
  next(cmd: Packet['cmd']): Promise<Packet>;
  closed: Promise<void>;
  send(...packets: (Packet | Buffer)[]): void;
}

async function rawClient(port: number): Promise<Raw> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  const packets: Packet[] = [];
  const waiting: { cmd: Packet['cmd']; resolve: (p: Packet) => void }[] = [];
  const parser = mqttPacket.parser();
  parser.on('packet', (p: Packet) => {
    const w = waiting.findIndex((x) => x.cmd === p.cmd);
    if (w >= 0) waiting.splice(w, 1)[0].resolve(p);
    else packets.push(p);
  });
  socket.on('data', (d) => parser.parse(d));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    packets,
    closed,
    next: (cmd) => {
      const i = packets.findIndex((p) => p.cmd === cmd);
      if (i >= 0) return Promise.resolve(packets.splice(i, 1)[0]);
      return new Promise((resolve) => waiting.push({ cmd, resolve }));
    },
    send: (...items) =>
      socket.write(Buffer.concat(items.map((p) => (Buffer.isBuffer(p) ? p : mqttPacket.generate(p))))),
  };
}

const connectPacket = (username: string, password: string, clientId = `raw-${Math.random()}`): Packet => ({
  cmd: 'connect',
  protocolId: 'MQTT',
  protocolVersion: 4,
  clean: true,
  keepalive: 30,
  clientId,
  username,
  password: Buffer.from(password),
});
const publishPacket = (topic: string, payload: string, qos: 0 | 1 | 2, messageId?: number): Packet => ({
  cmd: 'publish',
  topic,
  payload: Buffer.from(payload),
  qos,
  messageId,
  dup: false,
  retain: false,
});

describe('the embedded MQTT listener, byte by byte', () => {
  let t: TestApp;
  let port: number;
  let device: Awaited<ReturnType<typeof createDevice>>;
  const stored = async () =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from can_reading where vehicle_id = ${device.id}`,
      )
    ).rows[0].n;
  const reading = (ts: number) => JSON.stringify({ ts, speed: 10, batteryCharge: 80, cells: [3.3, 3.31] });
  let ts = Date.now() - 60_000;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp('pglite', { MQTT_PORT: String(port) });
    device = await createDevice(t.database, 'VIN-RAW-1');
  });
  afterAll(() => t?.close());

  it('takes publishes sent with the CONNECT, frames split byte by byte, and acknowledges them in order', async () => {
    const c = await rawClient(port);
    const before = await stored();
    // CONNECT and two publishes in one write, before any CONNACK.
    c.send(
      connectPacket(device.vin, device.token),
      publishPacket(readingsTopic(device.vin), reading(ts++), 1, 7),
      publishPacket(readingsTopic(device.vin), reading(ts++), 1, 8),
    );
    expect(await c.next('connack')).toMatchObject({ returnCode: 0, sessionPresent: false });
    // Two frames, one byte a write.
    const bytes = Buffer.concat([
      mqttPacket.generate(publishPacket(readingsTopic(device.vin), reading(ts++), 1, 9)),
      mqttPacket.generate(publishPacket(readingsTopic(device.vin), reading(ts++), 1, 10)),
    ]);
    for (const byte of bytes) {
      c.socket.write(Buffer.from([byte]));
      await new Promise((r) => setImmediate(r));
    }
    const acks = [];
    for (let i = 0; i < 4; i++) acks.push((await c.next('puback')).messageId);
    expect(acks).toEqual([7, 8, 9, 10]);
    expect(await stored()).toBe(before + 4);
    c.socket.end();
  });

  it('stores QoS 0 and QoS 2 readings (PUBREC after the commit, PUBCOMP for the PUBREL)', async () => {
    const c = await rawClient(port);
    const before = await stored();
    c.send(connectPacket(device.vin, device.token));
    await c.next('connack');
    c.send(publishPacket(readingsTopic(device.vin), reading(ts++), 2, 21));
    expect((await c.next('pubrec')).messageId).toBe(21);
    expect(await stored()).toBe(before + 1);
    c.send({ cmd: 'pubrel', messageId: 21 });
    expect((await c.next('pubcomp')).messageId).toBe(21);
    c.send(publishPacket(readingsTopic(device.vin), reading(ts++), 0), { cmd: 'pingreq' });
    await c.next('pingresp');
    for (let i = 0; i < 50 && (await stored()) < before + 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await stored()).toBe(before + 2);
    c.socket.end();
  });

  it('refuses subscriptions topic by topic and keeps the connection', async () => {
    const c = await rawClient(port);
    c.send(connectPacket(device.vin, device.token));
    await c.next('connack');
    c.send({
      cmd: 'subscribe',
      messageId: 3,
      subscriptions: [
        { topic: 'evfleet/v1/+/readings', qos: 1 },
        { topic: '#', qos: 0 },
      ],
    });
    expect(await c.next('suback')).toMatchObject({ messageId: 3, granted: [0x80, 0x80] });
    c.send({ cmd: 'unsubscribe', messageId: 4, unsubscriptions: ['#'] });
    expect((await c.next('unsuback')).messageId).toBe(4);
    c.send({ cmd: 'pingreq' });
    await c.next('pingresp');
    c.socket.end();
  });

  it('refuses a wrong token, MQTT 5 and a persistent session without a client id at CONNECT', async () => {
    const wrong = await rawClient(port);
    wrong.send(connectPacket(device.vin, 'wrong'));
    expect(await wrong.next('connack')).toMatchObject({ returnCode: 4 });
    await wrong.closed;

    const five = await rawClient(port);
    five.send({ ...connectPacket(device.vin, device.token), protocolVersion: 5 } as Packet);
    expect(await five.next('connack')).toMatchObject({ returnCode: 1 });
    await five.closed;

    const anonymous = await rawClient(port);
    // mqtt-packet will not write this CONNECT: written clean, then the flag (byte 9) cleared.
    const persistent = mqttPacket.generate(connectPacket(device.vin, device.token, ''));
    persistent[9] &= ~0x02;
    anonymous.send(persistent);
    expect(await anonymous.next('connack')).toMatchObject({ returnCode: 2 });
    await anonymous.closed;
  });

  /** A raw client signed in as this device, its CONNACK read. */
  const signedIn = async (as: { vin: string; token: string }, clientId?: string) => {
    const c = await rawClient(port);
    c.send(connectPacket(as.vin, as.token, clientId));
    await c.next('connack');
    return c;
  };

  it('ends a connection whose client id connects again', async () => {
    const first = await signedIn(device, 'same-device');
    const second = await signedIn(device, 'same-device');
    await first.closed;
    second.send({ cmd: 'pingreq' });
    await second.next('pingresp');
    second.socket.end();
  });

  it('keeps a device connected when another device connects with its client id', async () => {
    const other = await createDevice(t.database, 'VIN-RAW-2');
    const first = await signedIn(device, 'fleet-default-id');
    const intruder = await signedIn(other, 'fleet-default-id');
    const before = await stored();
    first.send(publishPacket(readingsTopic(device.vin), reading((ts += 1000)), 1, 7));
    expect((await first.next('puback')).messageId).toBe(7);
    expect(await stored()).toBe(before + 1);
    first.socket.end();
    intruder.socket.end();
  });

  it('ends the sessions of a device whose token is rotated at once, and stores nothing they send after', async () => {
    const rotated = await createDevice(t.database, 'VIN-RAW-3');
    const count = async () =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from can_reading where vehicle_id = ${rotated.id}`,
        )
      ).rows[0].n;
    const c = await signedIn(rotated);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/vehicles/${rotated.id}/device-token`,
      headers: { authorization: await t.admin() },
    });
    expect(answer.statusCode).toBe(200);
    await c.closed;
    c.socket.write(mqttPacket.generate(publishPacket(readingsTopic(rotated.vin), reading((ts += 1000)), 1, 1)));
    // The old token no longer signs in; the new one does.
    const old = await rawClient(port);
    old.send(connectPacket(rotated.vin, rotated.token));
    expect(await old.next('connack')).toMatchObject({ returnCode: 4 });
    const renewed = await rawClient(port);
    renewed.send(connectPacket(rotated.vin, answer.json<{ token: string }>().token));
    expect(await renewed.next('connack')).toMatchObject({ returnCode: 0 });
    renewed.socket.end();
    expect(await count()).toBe(0);
  });

  it('ends the sessions of a device whose vehicle is deleted', async () => {
    const doomed = await createDevice(t.database, 'VIN-RAW-4');
    const c = await signedIn(doomed);
    const answer = await t.app.inject({
      method: 'DELETE',
      url: `/api/vehicles/${doomed.id}`,
      headers: { authorization: await t.admin() },
    });
    expect(answer.statusCode).toBe(200);
    await c.closed;
    const again = await rawClient(port);
    again.send(connectPacket(doomed.vin, doomed.token));
    expect(await again.next('connack')).toMatchObject({ returnCode: 4 });
  });

  it.each([
    ['a PUBLISH before CONNECT', () => mqttPacket.generate(publishPacket(readingsTopic('VIN-RAW-1'), '{}', 1, 1))],
    ['a remaining length of five bytes', () => Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01])],
    ['a frame longer than any message', () => Buffer.from([0x30, 0xff, 0xff, 0x7f])],
    ['a PUBLISH with QoS 3', () => Buffer.from([0x36, 0x04, 0x00, 0x01, 0x61, 0x00])],
    ['a packet type no device sends', () => Buffer.from([0x90, 0x03, 0x00, 0x01, 0x00])],
  ])('ends the connection at %s', async (_, bytes) => {
    const c = await rawClient(port);
    if (!_.includes('before CONNECT')) {
      c.send(connectPacket(device.vin, device.token));
      await c.next('connack');
    }
    c.socket.write(bytes());
    await c.closed;
  });

  it('stores nothing that came after a protocol breach in the same write', async () => {
    const c = await rawClient(port);
    c.send(connectPacket(device.vin, device.token));
    await c.next('connack');
    const before = await stored();
    // QoS 3, then a valid reading: the connection ends at the first, the second is not read.
    c.send(
      Buffer.from([0x36, 0x04, 0x00, 0x01, 0x61, 0x00]),
      publishPacket(readingsTopic(device.vin), reading(ts++), 0),
    );
    await c.closed;
    await new Promise((r) => setTimeout(r, 100));
    expect(await stored()).toBe(before);
  });

  it('survives hostile bytes after CONNECT and goes on storing for other connections', async () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 256;
    for (let round = 0; round < 100; round++) {
      const c = await rawClient(port);
      c.send(connectPacket(device.vin, device.token));
      await c.next('connack');
      c.socket.write(Buffer.from(Array.from({ length: 1 + (round % 40) }, random)));
      c.socket.end();
      await c.closed;
    }
    const c = await rawClient(port);
    const before = await stored();
    c.send(connectPacket(device.vin, device.token), publishPacket(readingsTopic(device.vin), reading(ts++), 1, 1));
    await c.next('puback');
    expect(await stored()).toBe(before + 1);
    c.socket.end();
  });
});
