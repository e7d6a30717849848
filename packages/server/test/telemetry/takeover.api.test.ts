import { DEFAULT_THRESHOLDS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor, createTenant, type Tenant } from '../support/people.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice, postReadings } from '../support/vehicles.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { squareZone } from '../support/zone-shapes.js';

const MIN = 60_000;
const SECRET = 'a-receivers-secret-0123456789';
/** A depot about 2 km a side in Chicago, and a street north of it. */
const DEPOT = { gpsLat: 41.85, gpsLong: -87.65 };
const STREET = { gpsLat: 41.9, gpsLong: -87.65 };

/**
 * An instance taking a vehicle over (telemetry/takeover.ts) finds readings its previous holder
 * stored and acknowledged but died before following up: they are stored, and nothing else is.
 */
describe.each(DATABASE_KINDS)('taking a vehicle over on %s', (kind) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let tenant: Tenant;
  let device: Awaited<ReturnType<typeof createDevice>>;
  const base = Math.floor(Date.now() / MIN) * MIN - 60 * MIN;
  /** Minute k: driving until minute 9; motor current SEVERE from minute 4. */
  const reading = (k: number) => ({
    ts: base + k * MIN,
    speed: k < 10 ? 20 : 0,
    odometer: 100 + Math.min(k, 10) / 3,
    packVoltage: 85,
    vehicleCurrent: k < 10 ? 40 : 0,
    batteryCharge: 50,
    motorCurrent: k >= 4 ? 320 : 50,
  });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.useSecret(SECRET);
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    const adminToken = await t.admin();
    const admin = callerFor(t, adminToken);
    const hook = await admin('POST', '/api/webhooks', {
      url: receiver.url(),
      events: ['trip.ended', 'zone.entered', 'zone.left'],
      secret: SECRET,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    tenant = await createTenant(t, adminToken, 'Takeover');
    const zone = await admin('POST', '/api/zones', {
      name: 'Depot',
      kind: 'depot',
      geometry: squareZone(DEPOT.gpsLat, DEPOT.gpsLong, 0.01),
      minDwellSeconds: 120,
      fleetId: tenant.fleetId,
    });
    expect(zone.statusCode, zone.body).toBe(201);
    const attributes = DEFAULT_THRESHOLDS.map((a) => (a.name === 'motorCurrent' ? { ...a, minutesBackward: 2 } : a));
    device = await createDevice(t.database, 'VIN-TAKEOVER-1', { name: 'Cart 9', attributes });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** Stores readings as a holder does before following them up, as one that died then leaves them. */
  const storeOnly = async (
    vehicleId: number,
    readings: (ReturnType<typeof reading> & { gpsLat?: number; gpsLong?: number })[],
  ) => {
    for (const r of readings)
      await t.database.db.execute(sql`
        insert into can_reading (vehicle_id, ts, speed, odometer, pack_voltage, vehicle_current, battery_charge, motor_current, gps_lat, gps_long)
        values (${vehicleId}, ${new Date(r.ts)}, ${r.speed}, ${r.odometer}, ${r.packVoltage}, ${r.vehicleCurrent}, ${r.batteryCharge}, ${r.motorCurrent},
          ${r.gpsLat ?? null}, ${r.gpsLong ?? null})`);
  };
  /** What the outbox holds of a vehicle's events of a type: each one's data. */
  const announced = async (vehicleId: number, type: string) =>
    (
      await t.database.db.execute<{ body: string }>(
        sql`select body from webhook_delivery where vehicle_id = ${vehicleId} and event_type = ${type} order by seq`,
      )
    ).rows.map((r) => (JSON.parse(r.body) as { data: Record<string, unknown> }).data);

  it('follows up what the previous holder stored but left: alerts, trip, live state, once', async () => {
    const db = t.database.db;
    // The previous holder: minutes 0-3 followed up and written.
    expect((await postReadings(t, device, [0, 1, 2, 3].map(reading))).statusCode).toBe(200);
    await t.app.telemetry.settle();
    // Then it stored minutes 4-9 and died before following them up: in storage only.
    await storeOnly(device.id, [4, 5, 6, 7, 8, 9].map(reading));
    const alerts = async () =>
      (
        await db.execute<{ type: string; date: Date | string }>(
          sql`select type, date from warning_log where vehicle_id = ${device.id} order by date`,
        )
      ).rows.map((r) => ({ type: r.type, at: new Date(r.date).getTime() }));
    const trips = async () =>
      (
        await db.execute<{ start_ts: Date | string; end_ts: Date | string }>(
          sql`select start_ts, end_ts from trip where vehicle_id = ${device.id} order by start_ts`,
        )
      ).rows.map((r) => [new Date(r.start_ts).getTime(), new Date(r.end_ts).getTime()]);
    expect(await alerts()).toEqual([]);

    // This instance takes the vehicle over, then its next reading arrives.
    await Promise.all([t.app.telemetry.takeOver(device.id), t.app.telemetry.takeOver(device.id)]);
    expect((await postReadings(t, device, [reading(10)])).statusCode).toBe(200);
    await t.app.telemetry.settle();

    // SEVERE from minute 4 for 2 minutes: entered at minute 6, as if no one had died.
    expect(await alerts()).toEqual([{ type: 'SEVERE', at: base + 6 * MIN }]);
    expect(await trips()).toEqual([[base, base + 9 * MIN]]);
    expect(t.app.telemetry.states.get(device.id)?.lastReported).toBe(base + 10 * MIN);

    // A second takeover (the partition back again) records nothing twice.
    await t.app.telemetry.takeOver(device.id);
    await t.app.telemetry.settle();
    expect(await alerts()).toEqual([{ type: 'SEVERE', at: base + 6 * MIN }]);
    expect(await trips()).toEqual([[base, base + 9 * MIN]]);
  });

  it('finds no state written ahead of its trip: a holder that died between them leaves one trip, not two', async () => {
    const db = t.database.db;
    const other = await createDevice(t.database, 'VIN-TAKEOVER-2', { name: 'Cart 10' });
    const trips = async () =>
      (
        await db.execute<{ start_ts: Date | string; end_ts: Date | string }>(
          sql`select start_ts, end_ts from trip where vehicle_id = ${other.id} order by start_ts`,
        )
      ).rows.map((r) => [new Date(r.start_ts).getTime(), new Date(r.end_ts).getTime()]);
    const lastReported = async () =>
      new Date(
        (
          await db.execute<{ at: Date | string }>(
            sql`select last_reported as at from vehicle_state where vehicle_id = ${other.id}`,
          )
        ).rows[0].at,
      ).getTime();
    expect((await postReadings(t, other, [0, 1].map(reading))).statusCode).toBe(200);
    await t.app.telemetry.settle();
    expect(await trips()).toEqual([[base, base + MIN]]);

    // The trip's next writes fail, as if the holder died before them: its state must wait too.
    await db.execute(
      sql.raw(`create function refuse_trip() returns trigger language plpgsql as $$
        begin raise exception 'the holder died'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_trip before insert or update on trip
        for each row when (new.vehicle_id = ${other.id}) execute function refuse_trip()`),
    );
    try {
      expect((await postReadings(t, other, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(reading))).statusCode).toBe(200);
      await expect(t.app.telemetry.settle()).rejects.toMatchObject({ cause: { message: 'the holder died' } });
      expect(await lastReported()).toBe(base + MIN);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_trip on trip'));
      await db.execute(sql.raw('drop function refuse_trip()'));
    }

    // The next holder resumes from the written state: minutes 2-12 are segmented with 0-1.
    await t.app.telemetry.takeOver(other.id);
    expect((await postReadings(t, other, [reading(13)])).statusCode).toBe(200);
    await t.app.telemetry.settle();
    expect(await trips()).toEqual([[base, base + 9 * MIN]]);
    expect(await lastReported()).toBe(base + 13 * MIN);
  });
  it('announces a trip that a reading the holder left closed, once', async () => {
    const parked = await createDevice(t.database, 'VIN-TAKEOVER-3', { name: 'Cart 11' });
    expect((await postReadings(t, parked, [0, 1, 2, 3].map(reading))).statusCode).toBe(200);
    await t.app.telemetry.settle();
    // The holder stored the rest of the drive and the stop whose minute 14 closes the trip, and died.
    await storeOnly(parked.id, [4, 5, 6, 7, 8, 9, 10, 12, 14, 15].map(reading));
    expect(await announced(parked.id, 'trip.ended')).toEqual([]);

    await t.app.telemetry.takeOver(parked.id);
    await t.app.telemetry.settle();
    const trip = { start: new Date(base).toISOString(), end: new Date(base + 9 * MIN).toISOString() };
    expect(await announced(parked.id, 'trip.ended')).toMatchObject([trip]);
    // Taken over again, and its next readings followed up here: still once.
    await t.app.telemetry.takeOver(parked.id);
    expect((await postReadings(t, parked, [16, 17].map(reading))).statusCode).toBe(200);
    await t.app.telemetry.settle();
    expect(await announced(parked.id, 'trip.ended')).toMatchObject([trip]);
  });
  it('announces the zone visit that readings the holder left began and ended, once', async () => {
    const visitor = await createDevice(t.database, 'VIN-TAKEOVER-4', {
      name: 'Cart 12',
      fleetId: tenant.fleetId,
      dealerId: tenant.dealerId,
    });
    const at = (k: number, where: typeof DEPOT) => ({ ...reading(k), speed: 0, vehicleCurrent: 0, ...where });
    expect((await postReadings(t, visitor, [at(0, STREET), at(1, STREET)])).statusCode).toBe(200);
    await t.app.telemetry.settle();
    // Inside from minute 2 (counting at minute 4), outside from minute 7 (ended at minute 9): stored, not followed up.
    await storeOnly(visitor.id, [
      ...[2, 3, 4, 5, 6].map((k) => at(k, DEPOT)),
      ...[7, 8, 9, 10].map((k) => at(k, STREET)),
    ]);

    await t.app.telemetry.takeOver(visitor.id);
    await t.app.telemetry.settle();
    const visit = { enteredAt: new Date(base + 2 * MIN).toISOString() };
    expect(await announced(visitor.id, 'zone.entered')).toMatchObject([{ ...visit, exitedAt: null }]);
    const left = [{ ...visit, exitedAt: new Date(base + 7 * MIN).toISOString() }];
    expect(await announced(visitor.id, 'zone.left')).toMatchObject(left);
    await t.app.telemetry.takeOver(visitor.id);
    expect((await postReadings(t, visitor, [at(11, STREET)])).statusCode).toBe(200);
    await t.app.telemetry.settle();
    expect(await announced(visitor.id, 'zone.entered')).toHaveLength(1);
    expect(await announced(visitor.id, 'zone.left')).toMatchObject(left);
  });
});
