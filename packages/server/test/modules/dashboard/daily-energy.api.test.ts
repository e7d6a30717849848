import { ENERGY_RULES } from '@evfleet/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleTemplate } from '../../../src/db/schema.js';
import { warningLog } from '../../../src/db/telemetry-schema.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY_MS = 86_400_000;
/** A whole UTC day three days back: every reading below falls inside it (from 01:00). */
const dayStart = (Math.floor(Date.now() / DAY_MS) - 3) * DAY_MS;
const day = new Date(dayStart).toISOString().slice(0, 10);
const nextDay = new Date(dayStart + DAY_MS).toISOString().slice(0, 10);
const at = (minutes: number) => dayStart + HOUR + minutes * MIN;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Half a mile a minute due north, in degrees of latitude (the rules' earth radius). */
const HALF_MILE_LAT = ((0.5 * 1609.344) / 6_371_008.8) * (180 / Math.PI);
/** 30 minutes at 80 V and 50 A in, then a reading that has stopped: 2 kWh. */
const charge = (from: number) => [
  ...range(30).map((m) => ({ ts: at(from + m), chargeStatus: 1, packVoltage: 80, vehicleCurrent: -50 })),
  { ts: at(from + 30), chargeStatus: 0, packVoltage: 80, vehicleCurrent: 0 },
];
/**
 * 20 minutes at 30 mph drawing 80 V × 100 A (8 kW), then stopped: 10 miles, 8/3 kWh; with or
 * without an odometer.
 */
const drive = (from: number, odometer: boolean) =>
  range(21).map((m) => ({
    ts: at(from + m),
    chargeStatus: 0,
    speed: m < 20 ? 30 : 0,
    packVoltage: 80,
    vehicleCurrent: m < 20 ? 100 : 0,
    gpsLat: 40 + m * HALF_MILE_LAT,
    gpsLong: -75,
    ...(odometer ? { odometer: 1000 + m / 2 } : {}),
  }));
/** Parked ten hours, one reading an hour, losing half a point of charge an hour: 9 h and 4.5 points. */
const parked = (from: number) =>
  range(10).map((h) => ({ ts: at(from + h * 60), chargeStatus: 0, speed: 0, batteryCharge: 80 - h / 2 }));
/** At rest with 16 cells at 3.30 V but cell 7 at 3.05 V (250 mV of spread), one reading every 10 minutes. */
const weakCell = (from: number, n: number) =>
  range(n).map((i) => ({
    ts: at(from + i * 10),
    chargeStatus: 0,
    speed: 0,
    packVoltage: 52.55,
    vehicleCurrent: 0,
    cells: range(16).map((c) => (c === 6 ? 3.05 : 3.3)),
  }));

/** Within half a per cent (the rules are exact here; storage keeps cells as float4). */
const near = (actual: number, expected: number) => expect(actual / expected).toBeCloseTo(1, 2);

describe.each(DATABASE_KINDS)('daily energy figures from the energy rules, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const send = async (device: { vin: string; token: string }, readings: object[]) => {
    const res = await postReadings(t, device, readings);
    // All stored, no value dropped.
    expect([res.statusCode, res.json()]).toEqual([200, { accepted: readings.length, rejected: [] }]);
    await t.app.telemetry.alerts.idle();
    await t.app.dailyStats.flush();
  };
  const figures = async (vehicleId: number, on = day) => {
    const { rows } = await t.database.db.execute<Record<string, number>>(sql`
      select miles, energy_kwh, charging_seconds, energy_used_kwh, gps_miles, idle_seconds, idle_charge_lost,
        rest_spread_sum_mv, rest_spread_count
      from vehicle_daily_stat where vehicle_id = ${vehicleId} and day = ${on}::date`);
    return rows[0];
  };
  const lowCells = async (vehicleId: number) =>
    (
      await t.database.db.execute<{ cell: number; count: number }>(
        sql`select cell, count from low_cell_count where vehicle_id = ${vehicleId} order by day, cell`,
      )
    ).rows;
  const warnings = (vehicleId: number) =>
    t.database.db
      .select()
      .from(warningLog)
      .where(and(eq(warningLog.vehicleId, vehicleId), eq(warningLog.attributeName, 'cellSpread')));

  it('counts a charge of known energy', async () => {
    const v = await createDevice(t.database, 'VIN-DAY-CHARGE');
    await send(v, charge(0));
    const f = await figures(v.id);
    near(f.energy_kwh, 2);
    expect([f.charging_seconds, f.energy_used_kwh, f.idle_seconds, f.miles]).toEqual([1800, 0, 0, 0]);
  });

  it('counts a drive’s energy and distance by odometer, and by GPS where there is no odometer', async () => {
    const withOdometer = await createDevice(t.database, 'VIN-DAY-DRIVE');
    const gpsOnly = await createDevice(t.database, 'VIN-DAY-GPS');
    await send(withOdometer, drive(0, true));
    await send(gpsOnly, drive(0, false));
    const odo = await figures(withOdometer.id);
    const gps = await figures(gpsOnly.id);
    near(odo.energy_used_kwh, 8 / 3);
    near(gps.energy_used_kwh, 8 / 3);
    near(odo.miles, 10);
    near(odo.gps_miles, 10);
    expect(gps.miles).toBe(0);
    near(gps.gps_miles, 10);
    expect([odo.energy_kwh, odo.charging_seconds, odo.idle_seconds]).toEqual([0, 0, 0]);
  });

  it('counts the time parked and the charge it lost, across gaps longer than those integrated for energy', async () => {
    const v = await createDevice(t.database, 'VIN-DAY-PARKED');
    await send(v, parked(0));
    const f = await figures(v.id);
    expect([f.idle_seconds, f.energy_used_kwh]).toEqual([9 * 3600, 0]);
    near(f.idle_charge_lost, 4.5);
  });

  it('counts the spread and the lowest cell at rest, and logs a steady weak cell once for its run of days', async () => {
    const v = await createDevice(t.database, 'VIN-DAY-WEAK');
    // Nine readings at rest are too few to judge the day.
    await send(v, weakCell(0, ENERGY_RULES.minWeakCellRestReadings - 1));
    expect(await warnings(v.id)).toEqual([]);
    await send(v, weakCell(90, 3));
    const f = await figures(v.id);
    expect(f.rest_spread_count).toBe(12);
    near(f.rest_spread_sum_mv / f.rest_spread_count, 250);
    expect(await lowCells(v.id)).toEqual([{ cell: 7, count: 12 }]);
    const logged = await warnings(v.id);
    expect(logged).toMatchObject([
      {
        type: 'WARNING',
        name: 'Cell Spread',
        episodeSince: new Date(dayStart),
        date: new Date(at(110)),
        notificationContent: 'Cell 7 has been the lowest cell at rest and the spread reached 250 mV.',
      },
    ]);
    near(logged[0].value!, 250);
    // More of the same day, the next day (the same run), and a rebuild of that day (the run found
    // again from storage, not from memory): still one warning.
    await send(v, weakCell(200, 2));
    await send(
      v,
      weakCell(0, 12).map((r) => ({ ...r, ts: r.ts + DAY_MS })),
    );
    expect((await figures(v.id, nextDay)).rest_spread_count).toBe(12);
    await t.app.dailyStats.recompute(v.id, [at(0) + DAY_MS]);
    expect(await warnings(v.id)).toHaveLength(1);
  });

  it('takes the warning level from the vehicle’s template', async () => {
    const [template] = await t.database.db
      .insert(vehicleTemplate)
      .values({ name: 'Tolerant pack', description: '', cellSpreadWarnMv: 300 })
      .returning();
    const tolerant = await createDevice(t.database, 'VIN-DAY-TOLERANT', { templateId: template.id });
    await send(tolerant, weakCell(0, 12));
    expect((await figures(tolerant.id)).rest_spread_count).toBe(12);
    expect(await warnings(tolerant.id)).toEqual([]);
  });

  it('gives a late reading’s rebuilt day the same figures as arrival in order', async () => {
    const inOrder = await createDevice(t.database, 'VIN-DAY-IN-ORDER');
    const late = await createDevice(t.database, 'VIN-DAY-LATE');
    // The day's first interval opens the evening before (10 minutes of charging at 4 kW, 2/3 kWh), and
    // its miles count from the odometer value of that evening (5 miles to the drive's start).
    const evening = [
      { ts: dayStart - 5 * MIN, chargeStatus: 1, packVoltage: 80, vehicleCurrent: -50, odometer: 995 },
      { ts: dayStart + 5 * MIN, chargeStatus: 0, packVoltage: 80, vehicleCurrent: 0 },
    ];
    const series = [...evening, ...weakCell(0, 12), ...charge(130), ...drive(170, true), ...parked(200)];
    const heldBack = series.findIndex((r) => r.ts === at(50)); // one reading at rest
    await send(inOrder, series);
    await send(
      late,
      series.filter((_, i) => i !== heldBack),
    );
    const incomplete = await figures(late.id);
    await send(late, [series[heldBack]]);
    const expected = await figures(inOrder.id);
    const rebuilt = await figures(late.id);
    for (const [column, value] of Object.entries(expected))
      expect([column, rebuilt[column]]).toEqual([column, expect.closeTo(value, 9)]);
    expect(await lowCells(late.id)).toEqual(await lowCells(inOrder.id));
    expect([incomplete.rest_spread_count, expected.rest_spread_count]).toEqual([11, 12]);
    near(expected.energy_kwh, 2 + 2 / 3);
    expect(expected.charging_seconds).toBe(2400);
    near(expected.energy_used_kwh, 8 / 3);
    near(expected.miles, 15);
    // And a rebuild from storage alone gives what was counted as the readings came.
    await t.app.dailyStats.recompute(inOrder.id, [at(0)]);
    const again = await figures(inOrder.id);
    for (const [column, value] of Object.entries(expected))
      expect([column, again[column]]).toEqual([column, expect.closeTo(value, 9)]);
  });
});
