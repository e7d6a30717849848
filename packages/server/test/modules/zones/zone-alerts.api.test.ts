import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { squareZone } from '../../support/zone-shapes.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;

const DEPOT = { gpsLat: 41.85, gpsLong: -87.65 };
const ROAD = { gpsLat: 41.9, gpsLong: -87.65 };
const CAMPUS = { gpsLat: 41.95, gpsLong: -87.65 };
const NO_GO = { gpsLat: 42.05, gpsLong: -87.65 };
type Reading = Record<string, number> & { ts: number };
const at = (ts: number, where: typeof DEPOT, extra: Record<string, number> = {}): Reading => ({
  ts,
  ...where,
  speed: 0,
  chargeStatus: 0,
  batteryCharge: 30,
  ...extra,
});

/**
 * A known day from midnight `day` (UTC): in the depot from 05:00, out at 06:00 with 30 % (the depot
 * asks for 40 %); across the campus at 15 mph for 30 s (its limit is 10); 2 minutes in the no-go
 * zone; back in the depot from 17:00 to 19:00, never plugged in (its evening is 18:00).
 */
function knownDay(day: number): Reading[] {
  const r: Reading[] = [];
  for (let t = 5 * HOUR; t <= 6 * HOUR; t += 5 * MIN) r.push(at(day + t, DEPOT));
  for (let t = 6 * HOUR + MIN; t <= 6 * HOUR + 5 * MIN; t += MIN) r.push(at(day + t, ROAD, { speed: 20 }));
  for (let t = 7 * HOUR; t <= 7 * HOUR + 30 * S; t += 5 * S) r.push(at(day + t, CAMPUS, { speed: 15 }));
  r.push(at(day + 7 * HOUR + MIN, ROAD, { speed: 20 }));
  for (let t = 8 * HOUR; t <= 8 * HOUR + 2 * MIN; t += 30 * S) r.push(at(day + t, NO_GO, { speed: 5 }));
  r.push(at(day + 9 * HOUR, ROAD, { speed: 20 }));
  for (let t = 17 * HOUR; t <= 19 * HOUR; t += 10 * MIN) r.push(at(day + t, DEPOT, { batteryCharge: 25 }));
  return r;
}

describe.each(DATABASE_KINDS)('zone alerts from a known day, on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let vehicleId: number;
  const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 2 * 86_400_000;
  const zone = async (body: Record<string, unknown>) => {
    const res = await admin('POST', '/api/zones', { fleetId: a.fleetId, ...body });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    await zone({
      name: 'North depot',
      kind: 'depot',
      geometry: squareZone(41.85, -87.65, 0.01),
      departureChargePercent: 40,
    });
    await zone({ name: 'Campus', kind: 'zone', geometry: squareZone(41.95, -87.65, 0.01), speedLimitMph: 10 });
    await zone({
      name: 'Quarry',
      kind: 'no-go',
      geometry: { type: 'Point', coordinates: [-87.65, 42.05], radiusM: 500 },
      minDwellSeconds: 30,
    });
    const device = await createDevice(t.database, `VIN-ZONE-ALERTS-${kind}`, {
      fleetId: a.fleetId,
      dealerId: a.dealerId,
      emailNotification: true,
      notificationEmail: 'yard@fleet.test',
    });
    vehicleId = device.id;
    const readings = knownDay(day);
    const res = await postReadings(t, device, readings);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.telemetry.settle();
    // The same readings again are stored once and raise nothing twice.
    expect((await postReadings(t, device, readings)).statusCode).toBe(200);
    await t.app.telemetry.settle();
  }, 120_000);
  afterAll(() => t?.close());

  it('logs each rule once, naming the vehicle, the zone and the rule in words', async () => {
    const { rows } = await t.database.db.execute<{
      attribute_name: string;
      type: string;
      notification_content: string;
    }>(
      sql`select attribute_name, type, notification_content from warning_log where vehicle_id = ${vehicleId} order by date`,
    );
    const name = `Vehicle VIN-ZONE-ALERTS-${kind} (VIN VIN-ZONE-ALERTS-${kind})`;
    expect(rows.map((r) => [r.attribute_name, r.type])).toEqual([
      ['zoneDeparture', 'WARNING'],
      ['zoneSpeeding', 'WARNING'],
      ['zoneNoGo', 'SEVERE'],
      ['zonePlugIn', 'WARNING'],
    ]);
    const texts = rows.map((r) => r.notification_content);
    expect(texts[0]).toMatch(
      new RegExp(`^${name.replace(/[()]/g, '\\$&')}: left North depot with 30% charge, below the 40% set for it at `),
    );
    expect(texts[1]).toContain(': over 10 mph speed limit in Campus (15 mph) at ');
    expect(texts[2]).toContain(': entered no-go zone Quarry at ');
    expect(texts[3]).toContain(': not plugged in at North depot by 18:00 at ');
  });

  it('tells the vehicle’s recipients through the outbox, once each', async () => {
    const { rows } = await t.database.db.execute<{ recipient: string; subject: string }>(
      sql`select recipient, subject from mail_outbox where vehicle_id = ${vehicleId} order by id`,
    );
    expect(rows.map((r) => r.recipient)).toEqual(Array(4).fill('yard@fleet.test'));
    expect(new Set(rows.map((r) => r.subject)).size).toBe(4);
    expect(rows[2].subject).toBe(`evfleet SEVERE: Vehicle VIN-ZONE-ALERTS-${kind} No-go zone`);
  });

  it('says in readiness that the vehicle is at its depot and not plugged in', async () => {
    const res = await admin('GET', '/api/analytics/readiness');
    expect(res.statusCode, res.body).toBe(200);
    const row = res
      .json<{ vehicleId: number; depotName: string | null; pluggedIn: boolean | null }[]>()
      .find((r) => r.vehicleId === vehicleId);
    expect(row).toMatchObject({ depotName: 'North depot', pluggedIn: false });
  });
});
