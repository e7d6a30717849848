import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor } from '../support/people.js';
import { freePort } from '../support/ports.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice } from '../support/vehicles.js';

const PHONE_ID = 'kq3xv8m2p9w4t7z1';

describe.each(DATABASE_KINDS)('phones over the OsmAnd protocol on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let vehicleId: number;
  const stored = async () =>
    (
      await t.database.db.execute<{
        ms: number;
        gps_lat: number | null;
        gps_long: number | null;
        speed: number | null;
        heading: number | null;
        battery_charge: number | null;
        extra: Record<string, number> | null;
      }>(
        sql`select (extract(epoch from ts) * 1000)::float8 as ms, gps_lat, gps_long, speed, heading, battery_charge, extra from can_reading where vehicle_id = ${vehicleId} order by ms`,
      )
    ).rows;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp(kind, { OSMAND_PORT: String(port) });
    base = `http://127.0.0.1:${port}`;
    vehicleId = (await createDevice(t.database, 'VIN-PHONE-1')).id;
    const admin = callerFor(t, await t.admin());
    const res = await admin('PUT', `/api/vehicles/${vehicleId}/device`, { protocol: 'osmand', identifier: PHONE_ID });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it("stores Traccar Client's query parameters (GET, and POST with the query), speed in knots as mph", async () => {
    const seconds = Math.floor(Date.now() / 1000) - 120;
    const query = `id=${PHONE_ID}&lat=41.8781&lon=-87.6298&timestamp=${seconds}&speed=10&bearing=271.5&altitude=181&accuracy=4.5&batt=87.5&charge=true`;
    const get = await fetch(`${base}/?${query}`);
    expect(get.status).toBe(200);
    const post = await fetch(`${base}/?${query.replace(String(seconds), String(seconds + 1))}`, { method: 'POST' });
    expect(post.status).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(2);
    expect(rows[0].ms).toBe(seconds * 1000);
    expect(rows[0].gps_lat).toBeCloseTo(41.8781, 6);
    expect(rows[0].gps_long).toBeCloseTo(-87.6298, 6);
    expect(rows[0].speed).toBeCloseTo(11.50779, 4);
    expect(rows[0].heading).toBeCloseTo(271.5, 6);
    // The phone's battery is not the pack's.
    expect(rows[0].battery_charge).toBeNull();
    expect(rows[0].extra).toMatchObject({ deviceBattery: 87.5, deviceCharging: 1, altitude: 181, accuracy: 4.5 });
  });

  it('reads a form body and timestamps in milliseconds and ISO 8601', async () => {
    const before = (await stored()).length;
    const ms = Date.now() - 90_000;
    const form = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${PHONE_ID}&lat=41.88&lon=-87.63&timestamp=${ms}`,
    });
    expect(form.status).toBe(200);
    const iso = new Date(ms + 1000).toISOString();
    expect(
      (await fetch(`${base}/?id=${PHONE_ID}&lat=41.88&lon=-87.63&timestamp=${encodeURIComponent(iso)}`)).status,
    ).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(before + 2);
    expect(rows.map((r) => r.ms)).toEqual(expect.arrayContaining([ms, ms + 1000]));
  });

  it("stores Traccar Client 9's JSON body: speed in m/s, battery level 0-1 as %", async () => {
    const before = (await stored()).length;
    const at = new Date(Date.now() - 60_000).toISOString();
    const res = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: PHONE_ID,
        location: {
          timestamp: at,
          coords: { latitude: 41.9, longitude: -87.7, speed: 5, heading: 90, altitude: 170, accuracy: 3 },
          battery: { level: 0.42, is_charging: false },
        },
      }),
    });
    expect(res.status).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    const row = rows.find((r) => r.ms === Date.parse(at))!;
    expect(row.speed).toBeCloseTo(11.18468, 4);
    expect(row.extra).toMatchObject({ deviceBattery: 42, deviceCharging: 0 });
  });

  it('answers 400 for an unknown id (counted) and for bad values (with the reason), storing nothing', async () => {
    const before = (await stored()).length;
    const unknown = t.app.telemetry.rejections.snapshot().unknown_device;
    const res = await fetch(`${base}/?id=not-a-phone-of-ours&lat=1&lon=2`);
    expect(res.status).toBe(400);
    expect(t.app.telemetry.rejections.snapshot().unknown_device).toBe(unknown + 1);

    for (const [query, reason] of [
      ['lat=95&lon=2', 'lat must be between -90 and 90'],
      ['lat=abc&lon=2', 'lat must be a number'],
      ['lat=1', 'lat and lon come together'],
      ['lat=1&lon=2&batt=140', 'batt must be between 0 and 100'],
      ['lat=1&lon=2&timestamp=1000000000', 'ts is too old'],
    ]) {
      const bad = await fetch(`${base}/?id=${PHONE_ID}&${query}`);
      expect(bad.status, query).toBe(400);
      expect(await bad.text()).toContain(reason);
    }
    expect(await stored()).toHaveLength(before);
  });

  it("shows the phone's last report on its vehicle's tracker", async () => {
    const admin = callerFor(t, await t.admin());
    const tracker = (await admin('GET', `/api/vehicles/${vehicleId}/device`)).json<{
      lastConnectedAt: string | null;
    }>();
    expect(Date.parse(tracker.lastConnectedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });
});
