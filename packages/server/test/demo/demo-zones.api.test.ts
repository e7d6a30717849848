import type { Zone } from '@evfleet/domain';
import { isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingSession, warningLog } from '../../src/db/telemetry-schema.js';
import { zoneVisit } from '../../src/db/zones-schema.js';
import { fleet, vehicle } from '../../src/db/schema.js';
import { seedDemoFleet } from '../../src/demo/demo-fleet.js';
import { startDemoTelemetry } from '../../src/demo/demo-telemetry.js';
import { seedDemoVehicles } from '../../src/demo/demo-vehicles.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ZONE_RULES = ['zonePlugIn', 'zoneDeparture', 'zoneNoGo', 'zoneSpeeding'];

/** The demo's three weeks of history, written through ingest, make visits, priced charging and every zone alert. */
describe('the demo zones on pglite', () => {
  let t: TestApp;
  let zones: Zone[];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await seedDemoVehicles(t.database.db, t.config.jwtSecret);
    await seedDemoFleet(t.database.db);
    // Only the fleets' vehicles have zones: the others' history would only make the wait longer.
    await t.database.db.delete(vehicle).where(isNull(vehicle.fleetId));
    const demo = await startDemoTelemetry(t.database.db, t.app.telemetry, t.app.log);
    demo.stop();
    await t.app.telemetry.settle();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/zones?pageSize=1000',
      headers: { authorization: await t.admin() },
    });
    zones = res.json<{ data: Zone[] }>().data;
  }, 180_000);
  afterAll(() => t?.close());

  it('give each fleet a depot with a tariff, one with time-of-use bands, a no-go area and a campus with a speed limit', async () => {
    const fleets = await t.database.db.select({ id: fleet.id }).from(fleet);
    expect(fleets).toHaveLength(3);
    for (const f of fleets) {
      const depot = zones.find((z) => z.kind === 'depot' && z.fleetId === f.id);
      expect(depot?.tariff?.perKwh, `fleet ${f.id}`).toBeGreaterThan(0);
    }
    expect(zones.filter((z) => z.kind === 'depot' && z.tariff?.bands.length)).toHaveLength(1);
    expect(zones.filter((z) => z.kind === 'depot' && z.departureChargePercent !== null)).toHaveLength(1);
    expect(zones.filter((z) => z.kind === 'no-go')).toHaveLength(1);
    expect(zones.find((z) => z.kind === 'zone')?.speedLimitMph).toBeGreaterThan(0);
  });

  it('are visited, and the charging at the depots is priced', async () => {
    const db = t.database.db;
    const [visits] = await db.select({ n: sql<number>`count(*)::int` }).from(zoneVisit);
    expect(visits.n).toBeGreaterThan(0);
    const priced = await db
      .select({ zoneId: chargingSession.zoneId, cost: chargingSession.cost })
      .from(chargingSession)
      .where(isNotNull(chargingSession.zoneId));
    expect(priced.some((s) => (s.cost ?? 0) > 0)).toBe(true);
  });

  it('raise every zone alert at least once', async () => {
    const rows = await t.database.db
      .select({ rule: warningLog.attributeName, n: sql<number>`count(*)::int` })
      .from(warningLog)
      .where(isNotNull(warningLog.zoneId))
      .groupBy(warningLog.attributeName);
    const counts = Object.fromEntries(rows.map((r) => [r.rule, r.n]));
    for (const rule of ZONE_RULES) expect(counts[rule], rule).toBeGreaterThan(0);
  });
});
