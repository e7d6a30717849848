import { DEFAULT_THRESHOLDS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice, postReadings } from '../support/vehicles.js';

const MIN = 60_000;

/**
 * An instance taking a vehicle over (telemetry/takeover.ts) finds readings its previous holder
 * stored and acknowledged but died before following up: they are stored, and nothing else is.
 */
describe.each(DATABASE_KINDS)('taking a vehicle over on %s', (kind) => {
  let t: TestApp;
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
    t = await createTestApp(kind);
    const attributes = DEFAULT_THRESHOLDS.map((a) => (a.name === 'motorCurrent' ? { ...a, minutesBackward: 2 } : a));
    device = await createDevice(t.database, 'VIN-TAKEOVER-1', { name: 'Cart 9', attributes });
  });
  afterAll(() => t?.close());

  it('follows up what the previous holder stored but left: alerts, trip, live state, once', async () => {
    const db = t.database.db;
    // The previous holder: minutes 0-3 followed up and written.
    expect((await postReadings(t, device, [0, 1, 2, 3].map(reading))).statusCode).toBe(200);
    await t.app.telemetry.settle();
    // Then it stored minutes 4-9 and died before following them up: in storage only.
    for (const k of [4, 5, 6, 7, 8, 9]) {
      const r = reading(k);
      await db.execute(sql`
        insert into can_reading (vehicle_id, ts, speed, odometer, pack_voltage, vehicle_current, battery_charge, motor_current)
        values (${device.id}, ${new Date(r.ts)}, ${r.speed}, ${r.odometer}, ${r.packVoltage}, ${r.vehicleCurrent}, ${r.batteryCharge}, ${r.motorCurrent})`);
    }
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
});
