import { DEFAULT_THRESHOLDS, isImei, OSMAND_ID_MIN, thresholdProblems } from '@evfleet/domain';
import { asc, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { DEMO_VEHICLE_COUNT, seedDemoVehicles } from '../../src/demo/demo-vehicles.js';
import { vehicle } from '../../src/db/schema.js';
import { seedReferenceData } from '../../src/db/seed.js';
import { vehicleTracker } from '../../src/db/tracker-schema.js';
import { seedDemoFleet } from '../../src/demo/demo-fleet.js';
import { demoPhoneId, seedDemoTrackers } from '../../src/demo/demo-trackers.js';
import { demoIndex, demoPack, packVoltageBands } from '../../src/demo/demo-packs.js';
import { DATABASE_KINDS, freshDatabase } from '../support/databases.js';

/** The seeded demo vehicles carry what the simulator builds their packs as. */
describe.each(DATABASE_KINDS)('the demo vehicles on %s', (kind) => {
  let database: Database;
  const demoVehicles = () =>
    database.db
      .select({
        vin: vehicle.vin,
        cells: vehicle.cells,
        ratedCapacityKwh: vehicle.ratedCapacityKwh,
        attributes: vehicle.attributes,
      })
      .from(vehicle)
      .where(like(vehicle.vin, 'EVDEMO%'))
      .orderBy(asc(vehicle.id));

  beforeAll(async () => {
    database = await freshDatabase(kind);
    await seedReferenceData(database.db);
    await seedDemoVehicles(database.db, 'a-test-secret-of-at-least-32-characters');
  });
  afterAll(() => database?.close());

  it("have the simulator's rated capacity, vehicle by vehicle", async () => {
    const rows = await demoVehicles();
    expect(rows).toHaveLength(DEMO_VEHICLE_COUNT);
    for (const r of rows) expect(r.ratedCapacityKwh).toBe(demoPack(demoIndex(r.vin)!).ratedKwh);
    expect(new Set(rows.map((r) => r.ratedCapacityKwh)).size).toBeGreaterThan(5);
  });

  it('get pack-voltage bands for their cell count with the demo organisation, the rest of their thresholds kept', async () => {
    const before = await demoVehicles();
    await seedDemoFleet(database.db);
    const cellBands = DEFAULT_THRESHOLDS.find((a) => a.name === 'cellVoltage')!;
    for (const [i, r] of (await demoVehicles()).entries()) {
      const pack = r.attributes!.find((a) => a.name === 'packVoltage')!;
      expect(pack).toMatchObject(packVoltageBands(cellBands, r.cells));
      for (const a of r.attributes!) expect(thresholdProblems(a)).toEqual([]);
      const others = (list: typeof r.attributes) => list!.filter((a) => a.name !== 'packVoltage');
      expect(others(r.attributes)).toEqual(others(before[i].attributes));
    }
    // A 32-cell pack (about 105 V) gets a Normal band above the default one (80–94 V).
    const big = (await demoVehicles()).find((r) => r.cells === 32)!;
    expect(big.attributes!.find((a) => a.name === 'packVoltage')!.normal[0].low).toBeGreaterThan(94);
  });

  it('carry Teltonika trackers with valid IMEIs, and one phone with a long id; seeded once', async () => {
    const secret = 'a-test-secret-of-at-least-32-characters';
    await seedDemoTrackers(database.db, secret);
    await seedDemoTrackers(database.db, secret);
    const trackers = await database.db.select().from(vehicleTracker);
    expect(trackers).toHaveLength(DEMO_VEHICLE_COUNT);
    const phones = trackers.filter((t) => t.protocol === 'osmand');
    expect(phones).toEqual([expect.objectContaining({ identifier: demoPhoneId(secret) })]);
    expect(phones[0].identifier.length).toBeGreaterThanOrEqual(OSMAND_ID_MIN);
    const boxes = trackers.filter((t) => t.protocol === 'teltonika');
    expect(boxes.every((t) => isImei(t.identifier))).toBe(true);
    expect(new Set(boxes.map((t) => t.profileId)).size).toBe(1);
  });
});
