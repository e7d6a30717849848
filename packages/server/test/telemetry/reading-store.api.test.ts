import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicle } from '../../src/db/schema.js';
import { groupByVehicle, type StoredRow } from '../../src/readings/stored-row.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { valuesFrom } from '../../src/readings/reading.js';

/** What the writer stores is read back unchanged (binary COPY on PostgreSQL, INSERT on PGlite). */
describe.each(DATABASE_KINDS)('reading storage on %s', (kind) => {
  let t: TestApp;
  let vehicleId: number;
  const base = Date.UTC(2026, 0, 15, 10, 30, 0, 123);
  const rows = (): StoredRow[] => [
    {
      vehicleId,
      reading: {
        ts: base,
        values: valuesFrom({ batteryCharge: 81.5, vehicleCurrent: -42.25, odometer: 123_456_789.125, gear: 0 }),
        cells: [3.25, 3.5, -0.5],
        extra: { 'ünknown signal': 7.5 },
      },
    },
    { vehicleId, reading: { ts: base + 1, values: valuesFrom({ speed: 12 }), cells: [], extra: null } },
    { vehicleId, reading: { ts: base + 2, values: valuesFrom({}), cells: null, extra: null } },
  ];
  const stored = async () =>
    (
      await t.database.db.execute<{
        ts: string;
        battery_charge: number | null;
        vehicle_current: number | null;
        odometer: number | null;
        gear: number | null;
        speed: number | null;
        cells: number[] | null;
        extra: Record<string, number> | null;
      }>(
        sql`select (extract(epoch from ts) * 1000)::bigint::text as ts, battery_charge, vehicle_current, odometer, gear, speed, cells, extra from can_reading where vehicle_id = ${vehicleId} order by ts`,
      )
    ).rows;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [row] = await t.database.db.insert(vehicle).values({ name: 'Store 1', vin: 'VIN-STORE-1' }).returning();
    vehicleId = row.id;
  });
  afterAll(() => t?.close());

  it('keeps times to the millisecond, signals, cells (also empty) and unknown signals; absent ones are null', async () => {
    await t.app.telemetry.writer.write(rows());
    expect(await stored()).toEqual([
      {
        ts: String(base),
        battery_charge: 81.5,
        vehicle_current: -42.25,
        odometer: 123_456_789.125,
        gear: 0,
        speed: null,
        cells: [3.25, 3.5, -0.5],
        extra: { 'ünknown signal': 7.5 },
      },
      {
        ts: String(base + 1),
        battery_charge: null,
        vehicle_current: null,
        odometer: null,
        gear: null,
        speed: 12,
        cells: [],
        extra: null,
      },
      {
        ts: String(base + 2),
        battery_charge: null,
        vehicle_current: null,
        odometer: null,
        gear: null,
        speed: null,
        cells: null,
        extra: null,
      },
    ]);
  });

  it('stores a batch that repeats stored readings once, with the new ones among them', async () => {
    const before = await stored();
    await t.app.telemetry.writer.write([
      ...rows(),
      { vehicleId, reading: { ts: base + 3, values: valuesFrom({ speed: 3 }), cells: [3.5], extra: null } },
    ]);
    const after = await stored();
    expect(after.slice(0, 3)).toEqual(before);
    expect(after.slice(3)).toEqual([
      {
        ts: String(base + 3),
        battery_charge: null,
        vehicle_current: null,
        odometer: null,
        gear: null,
        speed: 3,
        cells: [3.5],
        extra: null,
      },
    ]);
  });
});

describe('readings grouped by vehicle', () => {
  it("keeps each vehicle's readings in reading-time order, in order or not as they came", () => {
    const row = (vehicleId: number, ts: number): StoredRow => ({
      vehicleId,
      reading: { ts, values: valuesFrom({}), cells: null, extra: null },
    });
    const groups = groupByVehicle([row(1, 10), row(2, 30), row(1, 20), row(2, 5), row(1, 20), row(2, 40)]);
    const times = (id: number) => groups.get(id)!.map((r) => r.reading.ts);
    expect([...groups.keys()]).toEqual([1, 2]);
    expect(times(1)).toEqual([10, 20, 20]);
    expect(times(2)).toEqual([5, 30, 40]);
  });
});
