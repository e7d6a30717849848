import { DEFAULT_DASHBOARD_FACTORS, monthPeriod, savings, trendDays, type DashboardCards } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceToken, newDeviceToken } from '../../../src/telemetry/device-token.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { postReadings } from '../../support/vehicles.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/**
 * The readings below span 53 minutes from here, in the past and within one UTC day (the trend's
 * days are UTC): 80 minutes ago, or earlier when midnight falls in the span.
 */
const base = (() => {
  const ago = Date.now() - 80 * MIN;
  const midnight = Math.floor(ago / DAY) * DAY + DAY;
  return ago + 53 * MIN < midnight ? ago : midnight - 54 * MIN;
})();
/** The readings below must fall in this calendar month (UTC) for the month's cards to show them. */
const sameMonth = new Date(base).getUTCMonth() === new Date().getUTCMonth();

describe.each(DATABASE_KINDS)('dashboard on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const bearer = await t.admin();
    admin = callerFor(t, bearer);
    staff = callerFor(t, await t.user());
    a = await createTenant(t, bearer, 'DashA');
    b = await createTenant(t, bearer, 'DashB');
  });
  afterAll(() => t?.close());

  /** Sends readings for a vehicle through the device HTTP API, as a device would. */
  const credentials = new Map<number, { vin: string; token: string }>();
  const send = async (vehicleId: number, readings: object[]) => {
    if (!credentials.has(vehicleId)) {
      const token = newDeviceToken();
      const { rows } = await t.database.db.execute<{ vin: string }>(
        sql`update vehicle set device_token_hash = ${hashDeviceToken(token)} where id = ${vehicleId} returning vin`,
      );
      credentials.set(vehicleId, { vin: rows[0].vin, token });
    }
    const res = await postReadings(t, credentials.get(vehicleId)!, readings);
    expect(res.statusCode).toBe(200);
    await t.app.telemetry.alerts.idle();
    await t.app.dailyStats.flush();
  };
  const stored = async (vehicleId: number) =>
    (
      await t.database.db.execute<{ miles: number; kwh: number; seconds: number }>(
        sql`select sum(miles) as miles, sum(energy_kwh) as kwh, sum(charging_seconds) as seconds from vehicle_daily_stat where vehicle_id = ${vehicleId}`,
      )
    ).rows[0];

  it('counts within the caller’s scope', async () => {
    const { rows } = await t.database.db.execute<Record<string, string | number>>(sql`
      select (select count(*) from vehicle) as v, (select count(*) from dealer) as d, (select count(*) from fleet) as f, (select count(*) from driver) as dr,
             (select count(*) from vehicle where dealer_id is null and fleet_id is null) as u`);
    const all = {
      totalVehicles: Number(rows[0].v),
      totalDealers: Number(rows[0].d),
      totalFleets: Number(rows[0].f),
      totalDrivers: Number(rows[0].dr),
      totalVehiclesUnassigned: Number(rows[0].u),
    };
    expect(all.totalVehicles).toBeGreaterThanOrEqual(6);
    expect((await admin('GET', '/api/dashboard/dashboardCounts')).json()).toEqual(all);
    expect((await staff('GET', '/api/dashboard/dashboardCounts')).json()).toEqual(all);
    // Tenant A: three vehicles, one of them in no fleet; two in the fleet, one of those with no driver.
    expect((await callerFor(t, a.dealer)('GET', '/api/dashboard/dashboardCounts')).json()).toEqual({
      totalVehicles: 3,
      totalDealers: 1,
      totalFleets: 1,
      totalDrivers: 1,
      totalVehiclesUnassigned: 1,
    });
    expect((await callerFor(t, a.fleet)('GET', '/api/dashboard/dashboardCounts')).json()).toEqual({
      totalVehicles: 2,
      totalDealers: 1,
      totalFleets: 1,
      totalDrivers: 1,
      totalVehiclesUnassigned: 1,
    });
    expect((await callerFor(t, a.driver)('GET', '/api/dashboard/dashboardCounts')).json()).toEqual({
      totalVehicles: 1,
      totalDealers: 1,
      totalFleets: 1,
      totalDrivers: 1,
      totalVehiclesUnassigned: 0,
    });
    expect((await callerFor(t)('GET', '/api/dashboard/dashboardCounts')).statusCode).toBe(401);
  });

  it.skipIf(!sameMonth)(
    'computes the cards from the readings and alerts of the caller’s vehicles, each with its period',
    async () => {
      // Minutes 0–10 charging at 80 V and 10 A in; 11–20 driving 10 miles with the motor current SEVERE.
      const charging = Array.from({ length: 11 }, (_, m) => ({
        ts: base + m * MIN,
        chargeStatus: 1,
        packVoltage: 80,
        vehicleCurrent: -10,
        odometer: 100,
      }));
      const driving = Array.from({ length: 10 }, (_, i) => ({
        ts: base + (11 + i) * MIN,
        chargeStatus: 0,
        packVoltage: 79,
        vehicleCurrent: 50,
        odometer: 101 + i,
        motorCurrent: 300,
      }));
      await send(a.vehicles.withDriver, [...charging, ...driving]);
      // Another tenant's SEVERE episode this month and one last month.
      await t.database.db.execute(sql`
      insert into warning_log (vehicle_id, type, attribute_name, name, date, episode_since)
      values (${b.vehicles.free}, 'SEVERE', 'cabinTemp', 'Cabin Temperature', now() - interval '1 minute', now()),
             (${b.vehicles.free}, 'SEVERE', 'cabinTemp', 'Cabin Temperature', date_trunc('month', now()) - interval '1 day', now() - interval '40 days')`);

      const seconds = 11 * 60;
      const kwh = (80 * 10 * seconds) / 3_600_000;
      const period = monthPeriod(new Date());
      const cards = (await callerFor(t, a.dealer)('GET', '/api/dashboard/cards')).json<DashboardCards>();
      const saved = savings(10, kwh, DEFAULT_DASHBOARD_FACTORS);
      expect(cards).toEqual({
        vehicles: 3,
        miles: 10,
        chargeConsumption: { kwh: expect.closeTo(kwh, 9), period },
        hoursCharging: { hours: expect.closeTo(seconds / 3600, 9), period },
        serviceIncidents: { count: 1, period },
        emission: { co2SavedKg: expect.closeTo(saved.co2SavedKg, 9), gallonsSaved: 0.5, period },
        dollarsSaved: {
          total: expect.closeTo(saved.total, 9),
          runningCostSaved: expect.closeTo(saved.runningCostSaved, 9),
          maintenanceSaved: expect.closeTo(0.4, 9),
          period,
        },
        factors: DEFAULT_DASHBOARD_FACTORS,
        trend: expect.any(Array),
      });
      // The trend: 30 days ending today, each present; the readings' day holds them, the others zeros.
      const readingsDay = new Date(base).toISOString().slice(0, 10);
      expect(cards.trend.map((d) => d.day)).toEqual(trendDays(new Date()));
      expect(cards.trend.find((d) => d.day === readingsDay)).toEqual({
        day: readingsDay,
        miles: 10,
        kwh: expect.closeTo(kwh, 9),
        chargingHours: expect.closeTo(seconds / 3600, 9),
        incidents: 1,
      });
      const quiet = cards.trend.filter((d) => d.day !== readingsDay);
      expect(quiet.every((d) => d.miles === 0 && d.kwh === 0 && d.chargingHours === 0 && d.incidents === 0)).toBe(true);
      expect((await callerFor(t, b.dealer)('GET', '/api/dashboard/cards')).json()).toMatchObject({
        miles: 0,
        serviceIncidents: { count: 1 },
        chargeConsumption: { kwh: 0 },
      });
      expect((await callerFor(t, a.driver)('GET', '/api/dashboard/cards')).json()).toMatchObject({
        vehicles: 1,
        miles: 10,
      });
      expect((await callerFor(t, a.fleet)('GET', '/api/dashboard/cards')).json()).toMatchObject({
        vehicles: 2,
        miles: 10,
      });
      expect((await admin('GET', '/api/dashboard/cards')).json()).toMatchObject({
        miles: 10,
        serviceIncidents: { count: 2 },
      });
    },
  );

  it.skipIf(!sameMonth)(
    'counts readings as they arrive exactly as a rebuild from storage does, late readings included',
    async () => {
      const incremental = await stored(a.vehicles.withDriver);
      expect(incremental).toMatchObject({ miles: 10, seconds: 660 });
      // A reading over 10 minutes late sends its day to a rebuild: it stopped charging for half a minute.
      await send(a.vehicles.withDriver, [
        { ts: base + 5.5 * MIN, chargeStatus: 0, packVoltage: 80, vehicleCurrent: 0, odometer: 100 },
      ]);
      const rebuilt = { miles: 10, kwh: expect.closeTo((80 * 10 * 630) / 3_600_000, 9), seconds: 630 };
      expect(await stored(a.vehicles.withDriver)).toEqual(rebuilt);
      // A rebuild recounts from can_reading alone, whatever was stored before.
      await t.database.db.execute(
        sql`update vehicle_daily_stat set miles = 0, energy_kwh = 0, charging_seconds = 0 where vehicle_id = ${a.vehicles.withDriver}`,
      );
      await t.app.dailyStats.recompute(a.vehicles.withDriver, [base, base + 20 * MIN]);
      expect(await stored(a.vehicles.withDriver)).toEqual(rebuilt);
      expect(incremental.kwh).toBeCloseTo((80 * 10 * 660) / 3_600_000, 9);
      // A reading corrected through the record screens is recounted at once.
      const fixed = await admin('PUT', '/api/vehicle-cans', {
        id: `${a.vehicles.withDriver}-${base + 20 * MIN}`,
        vehicle: a.vehicles.withDriver,
        recordedTime: new Date(base + 20 * MIN).toISOString(),
        odometer: 120,
      });
      expect(fixed.statusCode).toBe(200);
      expect((await stored(a.vehicles.withDriver)).miles).toBe(20);
    },
  );

  it.skipIf(!sameMonth)(
    'counts neither gaps in reporting nor odometer resets, in the pipeline as in a rebuild',
    async () => {
      const v = b.vehicles.withDriver;
      const charge = { chargeStatus: 1, packVoltage: 80, vehicleCurrent: -10 };
      await send(v, [
        { ts: base + 30 * MIN, ...charge, odometer: 500 },
        // 20 minutes without a reading: a gap, not charging time.
        { ts: base + 50 * MIN, ...charge, odometer: 500 },
        { ts: base + 51 * MIN, chargeStatus: 0, odometer: 10 },
        { ts: base + 52 * MIN, chargeStatus: 0, odometer: 15 },
      ]);
      const counted = await stored(v);
      expect(counted).toEqual({ miles: 5, kwh: expect.closeTo((80 * 10 * 60) / 3_600_000, 9), seconds: 60 });
      await t.app.dailyStats.recompute(v, [base + 30 * MIN, base + 52 * MIN]);
      expect(await stored(v)).toEqual({ miles: 5, kwh: expect.closeTo(counted.kwh, 9), seconds: 60 });
    },
  );

  it('lets administrators set the factors, refusing bad ones, and uses them', async () => {
    expect((await admin('GET', '/api/dashboard/settings')).json()).toEqual(DEFAULT_DASHBOARD_FACTORS);
    const factors = { ...DEFAULT_DASHBOARD_FACTORS, gasolineMpg: 10, gasolinePricePerGallon: 4 };
    const saved = await admin('PUT', '/api/dashboard/settings', factors);
    expect([saved.statusCode, saved.json()]).toEqual([200, factors]);
    expect((await admin('GET', '/api/dashboard/settings')).json()).toEqual(factors);
    expect((await staff('GET', '/api/dashboard/cards')).json()).toMatchObject({ factors });

    const bad = await admin('PUT', '/api/dashboard/settings', {
      ...factors,
      gasolineMpg: 0,
      electricityPricePerKwh: 'cheap',
      co2KgPerGallon: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((e) => e.field)).toEqual([
      'gasolineMpg',
      'co2KgPerGallon',
      'electricityPricePerKwh',
    ]);
    expect((await admin('GET', '/api/dashboard/settings')).json()).toEqual(factors);
    for (const who of [staff, callerFor(t, a.dealer), callerFor(t, a.fleet), callerFor(t, a.driver)]) {
      expect((await who('GET', '/api/dashboard/settings')).statusCode).toBe(403);
      expect((await who('PUT', '/api/dashboard/settings', factors)).statusCode).toBe(403);
    }
  });
});
