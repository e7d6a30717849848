import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicle } from '../../src/db/schema.js';
import { hashDeviceToken, newDeviceToken } from '../../src/telemetry/device-token.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe.each(DATABASE_KINDS)('HTTP telemetry ingestion on %s', (kind) => {
  let t: TestApp;
  const token = newDeviceToken();
  let vehicleId: number;
  const basic = (vin: string, secret: string) => `Basic ${Buffer.from(`${vin}:${secret}`).toString('base64')}`;
  const send = (payload: unknown, authorization = basic('VIN-HTTP-1', token), raw = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/telemetry/readings',
      headers: { authorization, 'content-type': 'application/json' },
      payload: raw ? (payload as string) : JSON.stringify(payload),
    });
  const stored = async () =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from can_reading where vehicle_id = ${vehicleId}`,
      )
    ).rows[0].n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [row] = await t.database.db
      .insert(vehicle)
      .values({ name: 'Cart 1', vin: 'VIN-HTTP-1', deviceTokenHash: hashDeviceToken(token) })
      .returning();
    vehicleId = row.id;
  });
  afterAll(() => t?.close());

  it('stores a batch and answers only once it is committed', async () => {
    const now = Date.now();
    const res = await send({
      readings: [0, 1, 2].map((i) => ({
        ts: now - 60_000 + i * 1000,
        batteryCharge: 80 - i,
        cells: Array(32).fill(3.3),
        gpsLat: 41.88,
        gpsLong: -87.63,
        customSignal: 7,
      })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 3, rejected: [] });
    expect(await stored()).toBe(3);
    const [row] = (
      await t.database.db.execute<{ extra: Record<string, number>; cells: number[] }>(
        sql`select extra, cells from can_reading where vehicle_id = ${vehicleId} limit 1`,
      )
    ).rows;
    expect(row.extra).toEqual({ customSignal: 7 });
    expect(row.cells).toHaveLength(32);
  });

  it('is idempotent on vehicle and time, and accepts late readings', async () => {
    const ts = Date.now() - 3_600_000;
    await send({ ts, speed: 10 });
    await send({ ts, speed: 10 });
    await send({ ts: Date.now() - 30 * 86_400_000, speed: 3 }); // a month late: another partition
    expect(await stored()).toBe(5);
  });

  it('refuses unknown devices and wrong tokens, storing nothing', async () => {
    expect((await send({ ts: Date.now(), speed: 1 }, basic('NO-SUCH-VIN', token))).statusCode).toBe(401);
    expect((await send({ ts: Date.now(), speed: 1 }, basic('VIN-HTTP-1', 'wrong'))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/telemetry/readings', payload: {} })).statusCode).toBe(401);
    expect(await stored()).toBe(5);
  });

  it('refuses malformed readings one by one, counted per reason, and keeps the good ones', async () => {
    const now = Date.now();
    const res = await send([
      { ts: now, speed: 5 },
      { ts: now + 86_400_000, speed: 1 },
      { ts: 'yesterday-ish', speed: 1 },
      { ts: now - 1, speed: 'fast' },
      { ts: now - 2, cells: Array(1000).fill(3.3) },
      'not an object',
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted).toBe(1);
    expect(res.json().rejected.map((r: { reason: string }) => r.reason)).toEqual([
      'future_timestamp',
      'bad_timestamp',
      'bad_value',
      'bad_cells',
      'not_a_reading',
    ]);

    expect((await send('{"ts": NaN}', undefined, true)).statusCode).toBe(400);
    const huge = await send(`{"ts":1,"x":"${'a'.repeat(10 * 1024 * 1024)}"}`, undefined, true);
    expect(huge.statusCode).toBe(413);

    const counts = (
      await t.app.inject({ url: '/api/telemetry/rejections', headers: { authorization: await t.admin() } })
    ).json();
    expect(counts).toMatchObject({
      future_timestamp: 1,
      bad_timestamp: 1,
      bad_value: 1,
      bad_cells: 1,
      not_a_reading: 1,
      not_json: 1,
      too_large: 1,
      unknown_device: 1,
      bad_credential: 2,
    });
    expect(
      (await t.app.inject({ url: '/api/telemetry/rejections', headers: { authorization: await t.user() } })).statusCode,
    ).toBe(403);
  });

  it('drops values outside their physical range and unstorable signal names, keeps the rest of each reading', async () => {
    const ts = Date.now() - 7_200_000;
    const before = t.app.telemetry.rejections.snapshot();
    const res = await send([
      { ts, odometer: 1e308, speed: 1e308, batteryCharge: 101, gpsLat: 41.9, gpsLong: -87.6, packVoltage: 88 },
      { ts: ts + 1000, cells: [3.3, 1e308, 3.3], motorTemp: -1e308, gpsLat: -91 },
      { ts: ts + 2000, 'nul\u0000name': 1, 'lone\ud800': 2, ['x'.repeat(65)]: 3, huge: 1e308, goodName: 4 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: 3,
      rejected: [],
      dropped: [
        { index: 0, signal: 'odometer', reason: 'out_of_range', detail: 'odometer 1e+308 is outside 0 to 10000000' },
        { index: 0, signal: 'speed', reason: 'out_of_range', detail: expect.any(String) },
        { index: 0, signal: 'batteryCharge', reason: 'out_of_range', detail: 'batteryCharge 101 is outside 0 to 100' },
        { index: 1, signal: 'motorTemp', reason: 'out_of_range', detail: expect.any(String) },
        { index: 1, signal: 'gpsLat', reason: 'out_of_range', detail: expect.any(String) },
        {
          index: 1,
          signal: 'cells',
          reason: 'out_of_range',
          detail: 'cell 2 1e+308 is outside 0 to 20: the cells are left out',
        },
        {
          index: 2,
          signal: 'nul\ufffdname',
          reason: 'bad_signal_name',
          detail: "an unknown signal's name holds a control character",
        },
        {
          index: 2,
          signal: 'lone\ufffd',
          reason: 'bad_signal_name',
          detail: "an unknown signal's name holds a lone UTF-16 surrogate",
        },
        {
          index: 2,
          signal: 'x'.repeat(64),
          reason: 'bad_signal_name',
          detail: "an unknown signal's name must be 1 to 64 characters",
        },
        { index: 2, signal: 'huge', reason: 'out_of_range', detail: expect.any(String) },
      ],
    });
    const { rows } = await t.database.db.execute<Record<string, unknown>>(
      sql`select odometer, speed, battery_charge, gps_lat, pack_voltage, motor_temp, cells, extra from can_reading where vehicle_id = ${vehicleId} and ts >= ${new Date(ts)} and ts <= ${new Date(ts + 2000)} order by ts`,
    );
    expect(rows).toEqual([
      {
        odometer: null,
        speed: null,
        battery_charge: null,
        gps_lat: 41.9,
        pack_voltage: 88,
        motor_temp: null,
        cells: null,
        extra: null,
      },
      {
        odometer: null,
        speed: null,
        battery_charge: null,
        gps_lat: null,
        pack_voltage: null,
        motor_temp: null,
        cells: null,
        extra: null,
      },
      {
        odometer: null,
        speed: null,
        battery_charge: null,
        gps_lat: null,
        pack_voltage: null,
        motor_temp: null,
        cells: null,
        extra: { goodName: 4 },
      },
    ]);
    const after = t.app.telemetry.rejections.snapshot();
    expect([after.out_of_range - before.out_of_range, after.bad_signal_name - before.bad_signal_name]).toEqual([7, 3]);

    // A clean batch answers as before, without `dropped`; a boundary value is inside its range.
    expect(
      (await send({ ts: ts + 3000, batteryCharge: 100, gpsLat: -90, gpsLong: 180, cells: [0, 20] })).json(),
    ).toEqual({ accepted: 1, rejected: [] });
  });

  it('keeps the vehicle state current without letting a late reading replace a newer value', async () => {
    await t.app.telemetry.settle();
    const state = t.app.telemetry.states.get(vehicleId)!;
    expect(state.values.speed).toBe(5);
    expect(state.values.customSignal).toBe(7);
    expect(state.cells).toHaveLength(32);
    expect(state.gpsLastReported).not.toBeNull();
    const [row] = (
      await t.database.db.execute<{ speed: number }>(
        sql`select (values->>'speed')::float as speed from vehicle_state where vehicle_id = ${vehicleId}`,
      )
    ).rows;
    expect(row.speed).toBe(5);
  });
});

describe.each(DATABASE_KINDS)('device credentials and retention on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { RETENTION_DAYS: '60' });
  });
  afterAll(() => t?.close());

  it('lets an administrator rotate a device token; the old one stops working', async () => {
    const old = newDeviceToken();
    const [row] = await t.database.db
      .insert(vehicle)
      .values({ name: 'Cart R', vin: 'VIN-ROT-1', deviceTokenHash: hashDeviceToken(old) })
      .returning();
    const post = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/telemetry/readings',
        headers: {
          authorization: `Basic ${Buffer.from(`VIN-ROT-1:${token}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ ts: Date.now(), speed: 1 }),
      });
    expect((await post(old)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/vehicles/${row.id}/device-token`,
          headers: { authorization: await t.user() },
        })
      ).statusCode,
    ).toBe(403);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/vehicles/${row.id}/device-token`,
      headers: { authorization: await t.admin() },
    });
    const { token } = rotated.json();
    expect(token).toMatch(/^evd_/);
    expect((await post(old)).statusCode).toBe(401);
    expect((await post(token)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/vehicles/999999/device-token',
          headers: { authorization: await t.admin() },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('drops monthly partitions past the retention period', async () => {
    const { createPartitionManager } = await import('../../src/telemetry/partitions.js');
    const raw = t.database.raw;
    const sqlRunner =
      raw.kind === 'postgres'
        ? {
            query: (q: string) => raw.pool.query(q),
            rows: async <T>(q: string) => (await raw.pool.query(q)).rows as T[],
          }
        : {
            query: (q: string) => raw.client.exec(q),
            rows: async <T>(q: string) => (await raw.client.query<T>(q)).rows,
          };
    const partitions = createPartitionManager(sqlRunner);
    await partitions.ensureFor([Date.now() - 200 * 86_400_000]);
    const dropped = await partitions.dropOlderThan(Date.now(), 60);
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    expect(dropped.every((name) => /^can_reading_y\d{4}m\d{2}$/.test(name))).toBe(true);
  });
});
