import { readingsTopic } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { HAS_MOSQUITTO, startMosquitto } from '../support/mosquitto.js';
import { freePort } from '../support/ports.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice } from '../support/vehicles.js';

const count = async (database: Database, vehicleId: number) =>
  (
    await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from can_reading where vehicle_id = ${vehicleId}`,
    )
  ).rows[0].n;

/**
 * What ingestion holds, for a test that waits too long: a message that is never acknowledged
 * is otherwise silent about where it stopped (parse thread, writer, pool or a lock).
 */
async function pipelineState(t: TestApp) {
  const { writer, parseThreadStats } = t.app.telemetry;
  const raw = t.database.raw;
  const pool = raw.kind === 'postgres' ? raw.pool : null;
  return {
    writer: { queued: writer.queued, ...writer.stats },
    parseThread: parseThreadStats,
    pool: pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
    sessions: pool
      ? (
          await pool.query(
            `select state, wait_event_type, wait_event, left(query, 160) as query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
          )
        ).rows
      : null,
  };
}

const reading = (ts: number, extra: object = {}) =>
  JSON.stringify({ ts, batteryCharge: 70, speed: 12, cells: Array(24).fill(3.31), ...extra });

describe.each(DATABASE_KINDS)('MQTT through the embedded broker on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let device: Awaited<ReturnType<typeof createDevice>>;
  beforeAll(async () => {
    port = await freePort();
    // Errors are logged: a message that fails to be stored ends its connection, and only the log says why.
    t = await createTestApp(kind, { MQTT_PORT: String(port) }, { logger: { level: 'error' } });
    device = await createDevice(t.database, 'VIN-MQTT-1');
  });
  afterAll(() => t?.close());

  it('stores a QoS 1 reading before its PUBACK reaches the device', async () => {
    // As a device does, it connects again and sends what was not acknowledged: the count stays exact.
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: device.vin,
      password: device.token,
      reconnectPeriod: 200,
    });
    const stalled = setTimeout(
      () =>
        void pipelineState(t).then(
          (state) => console.error('MQTT test stalled:', JSON.stringify(state)),
          (err: unknown) => console.error('MQTT test stalled; its state could not be read:', err),
        ),
      10_000,
    );
    const base = Date.now() - 10_000;
    try {
      for (let i = 0; i < 20; i++)
        await client.publishAsync(readingsTopic(device.vin), reading(base + i * 100), { qos: 1 });
      // A batch of readings in one message counts each reading.
      await client.publishAsync(
        readingsTopic(device.vin),
        JSON.stringify([
          { ts: base + 5000, speed: 1 },
          { ts: base + 5001, speed: 2 },
        ]),
        { qos: 1 },
      );
    } finally {
      clearTimeout(stalled);
    }
    expect(await count(t.database, device.id)).toBe(22);
    await client.endAsync();
  });

  it('refuses a device with a wrong token or an unknown VIN at CONNECT', async () => {
    await expect(
      mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: device.vin, password: 'wrong', reconnectPeriod: 0 }),
    ).rejects.toThrow();
    await expect(
      mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: 'NOPE', password: device.token, reconnectPeriod: 0 }),
    ).rejects.toThrow();
  });

  it("acknowledges but drops malformed messages and another vehicle's topic, counting each", async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: device.vin,
      password: device.token,
      reconnectPeriod: 0,
    });
    await client.publishAsync(readingsTopic(device.vin), 'not json', { qos: 1 });
    await client.publishAsync(readingsTopic(device.vin), reading(Date.now(), { speed: 'NaN' }), { qos: 1 });
    await client.publishAsync(readingsTopic('SOMEONE-ELSE'), reading(Date.now()), { qos: 1 });
    await client.publishAsync(readingsTopic(device.vin), Buffer.alloc(600 * 1024, 'x'), { qos: 1 });
    expect(await count(t.database, device.id)).toBe(22);
    expect(t.app.telemetry.rejections.snapshot()).toMatchObject({
      not_json: 1,
      bad_value: 1,
      wrong_topic: 1,
      too_large: 1,
    });
    // Still connected and accepted afterwards: ingestion goes on.
    await client.publishAsync(readingsTopic(device.vin), reading(Date.now()), { qos: 1 });
    expect(await count(t.database, device.id)).toBe(23);
    await client.endAsync();
  });

  it('acknowledges hostile readings (a NUL in a signal name, cells of 1e308), counts them and stores the next valid reading', async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: device.vin,
      password: device.token,
      reconnectPeriod: 0,
    });
    const before = t.app.telemetry.rejections.snapshot();
    const stored = await count(t.database, device.id);
    const ts = Date.now() - 20_000;
    await client.publishAsync(readingsTopic(device.vin), JSON.stringify({ ts, speed: 3, 'evil\u0000': 1 }), { qos: 1 });
    await client.publishAsync(readingsTopic(device.vin), JSON.stringify({ ts: ts + 1, speed: 3, 'lone\udc00': 1 }), {
      qos: 1,
    });
    await client.publishAsync(readingsTopic(device.vin), reading(ts + 2, { cells: Array(24).fill(1e308) }), { qos: 1 });
    await client.publishAsync(readingsTopic(device.vin), reading(ts + 3), { qos: 1 });
    expect(client.connected).toBe(true);
    // Each hostile reading is stored without what could not be (the name, the cells); the valid one whole.
    expect(await count(t.database, device.id)).toBe(stored + 4);
    const after = t.app.telemetry.rejections.snapshot();
    expect([after.bad_signal_name - before.bad_signal_name, after.out_of_range - before.out_of_range]).toEqual([2, 1]);
    await client.endAsync();
  });
});

describe.runIf(HAS_MOSQUITTO)('MQTT through an external Mosquitto broker', () => {
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  let t: TestApp;
  let device: Awaited<ReturnType<typeof createDevice>>;
  beforeAll(async () => {
    broker = await startMosquitto();
    t = await createTestApp('pglite', { MQTT_URL: broker.url, MQTT_CLIENT_ID: 'evfleet-test-ingest' });
    device = await createDevice(t.database, 'VIN-MOSQ-1');
  });
  afterAll(async () => {
    await t?.close();
    await broker?.stop();
  });

  const waitFor = async (database: Database, vehicleId: number, n: number) => {
    for (let i = 0; i < 200 && (await count(database, vehicleId)) < n; i++) await new Promise((r) => setTimeout(r, 50));
    return count(database, vehicleId);
  };

  it("refuses hostile readings with a counted reason and goes on storing the device's valid ones", async () => {
    const publisher = await mqtt.connectAsync(broker.url, {
      clientId: 'device-VIN-MOSQ-1-hostile',
      reconnectPeriod: 0,
    });
    const ts = Date.now() - 120_000;
    await publisher.publishAsync(readingsTopic(device.vin), JSON.stringify({ ts, speed: 3, 'evil\u0000': 1 }), {
      qos: 1,
    });
    await publisher.publishAsync(
      readingsTopic(device.vin),
      reading(ts + 1, { cells: Array(24).fill(1e308), odometer: 1e308 }),
      { qos: 1 },
    );
    await publisher.publishAsync(readingsTopic(device.vin), reading(ts + 2), { qos: 1 });
    expect(await waitFor(t.database, device.id, 3)).toBe(3);
    const counts = t.app.telemetry.rejections.snapshot();
    expect([counts.bad_signal_name, counts.out_of_range]).toEqual([1, 2]);
    const [valid] = (
      await t.database.db.execute<{ cells: number[] }>(
        sql`select cells from can_reading where vehicle_id = ${device.id} and ts = ${new Date(ts + 2)}`,
      )
    ).rows;
    expect(valid.cells).toHaveLength(24);
    // Acknowledged, so the broker does not deliver them again: nothing more arrives.
    await new Promise((r) => setTimeout(r, 500));
    expect(t.app.telemetry.rejections.snapshot().bad_signal_name).toBe(1);
    // The next test counts from zero.
    await t.database.db.execute(sql`delete from can_reading where vehicle_id = ${device.id}`);
    await publisher.endAsync();
  });

  it('ingests what devices publish, including readings sent while evfleet was down', async () => {
    const publisher = await mqtt.connectAsync(broker.url, { clientId: 'device-VIN-MOSQ-1', reconnectPeriod: 0 });
    const base = Date.now() - 60_000;
    for (let i = 0; i < 50; i++)
      await publisher.publishAsync(readingsTopic(device.vin), reading(base + i * 10), { qos: 1 });
    expect(await waitFor(t.database, device.id, 50)).toBe(50);

    // evfleet stops (its session stays with the broker), devices keep publishing, evfleet returns.
    await t.app.close();
    for (let i = 50; i < 150; i++)
      await publisher.publishAsync(readingsTopic(device.vin), reading(base + i * 10), { qos: 1 });
    const config = loadConfig({
      JWT_SECRET: t.config.jwtSecret,
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: 'evfleet-test-ingest',
    });
    const again = await buildApp({ config, database: t.database, logger: false });
    try {
      expect(await waitFor(t.database, device.id, 150)).toBe(150);
    } finally {
      await again.close();
      await publisher.endAsync();
    }
  });
});
