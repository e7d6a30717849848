import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.js';
import { createDailyStats } from '../../../src/modules/dashboard/daily-stats.js';
import type { StoredRow } from '../../../src/readings/stored-row.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';
import { valuesFrom } from '../../../src/readings/reading.js';

const MIN = 60_000;
/** Ten minutes of charging at 80 V and 10 A in, one reading a minute. */
const charging = (from: number) =>
  Array.from({ length: 11 }, (_, m) => ({ ts: from + m * MIN, chargeStatus: 1, packVoltage: 80, vehicleCurrent: -10 }));
const TEN_MINUTES_KWH = (80 * 10 * 600) / 3_600_000;
const row = (vehicleId: number, signals: Partial<Record<string, number>> & { ts: number }): StoredRow => ({
  vehicleId,
  reading: { ts: signals.ts, values: valuesFrom(signals), cells: null, extra: null },
});

/** Errors the statistics log, instead of a logger. */
const logged: string[] = [];
const log = { error: (_obj: unknown, message: string) => logged.push(message) } as unknown as FastifyBaseLogger;

/** The database, with its next `failures` statements failing as if the connection dropped. */
function flaky(db: Db) {
  const state = { failures: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute' && state.failures > 0) {
        state.failures--;
        return () =>
          Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { db: proxy, state };
}

describe.each(DATABASE_KINDS)('daily vehicle statistics, one vehicle never costing another, on %s', (kind) => {
  let t: TestApp;
  const base = Date.now() - 60 * MIN;
  const stored = async (vehicleId: number) =>
    (
      await t.database.db.execute<{ kwh: number | null; seconds: number | null }>(
        sql`select sum(energy_kwh) as kwh, sum(charging_seconds) as seconds from vehicle_daily_stat where vehicle_id = ${vehicleId}`,
      )
    ).rows[0];

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('counts the other vehicles when one sends 1e308 V and -1e308 A in the same window (the values are refused at the door)', async () => {
    const poison = await createDevice(t.database, 'VIN-STAT-POISON');
    const clean = await createDevice(t.database, 'VIN-STAT-CLEAN');
    const hostile = await postReadings(
      t,
      poison,
      charging(base).map((r) => ({ ...r, packVoltage: 1e308, vehicleCurrent: -1e308 })),
    );
    expect([hostile.statusCode, hostile.json().dropped.length]).toEqual([200, 22]);
    expect((await postReadings(t, clean, charging(base))).statusCode).toBe(200);
    await t.app.telemetry.alerts.idle();
    await t.app.dailyStats.flush();
    const figures = await stored(clean.id);
    expect([figures.kwh, figures.seconds]).toEqual([expect.closeTo(TEN_MINUTES_KWH, 9), 600]);
    // The hostile vehicle was charging (charge status 1) without a voltage or current to count.
    expect(await stored(poison.id)).toEqual({ kwh: 0, seconds: 600 });
  });

  it('keeps pending sums until they are written: a failed flush loses nothing', async () => {
    const vehicle = await createDevice(t.database, 'VIN-STAT-RETRY');
    const { db, state } = flaky(t.database.db);
    const stats = createDailyStats(db, log, 3_600_000);
    const [first, ...rest] = charging(base).map((r) => row(vehicle.id, r));
    // The first reading seeds the vehicle from storage (a statement), and its day is stored with nothing
    // counted yet (no interval closed); the others are counted in memory.
    stats.committed([first]);
    await stats.flush();
    stats.committed(rest);
    state.failures = 2; // the statement with every vehicle, then this vehicle's own
    logged.length = 0;
    await stats.flush();
    expect(logged).toEqual([
      'daily vehicle statistics: flush failed; writing vehicle by vehicle',
      'daily vehicle statistics: flush failed for a vehicle; its sums wait for the next flush',
    ]);
    expect(await stored(vehicle.id)).toEqual({ kwh: 0, seconds: 0 });
    await stats.flush();
    expect(await stored(vehicle.id)).toEqual({ kwh: expect.closeTo(TEN_MINUTES_KWH, 9), seconds: 600 });
    await stats.close();
  });

  it('writes each vehicle on its own when the statement for all fails, and drops the sums of a vehicle that is gone', async () => {
    const vehicle = await createDevice(t.database, 'VIN-STAT-ALONE');
    const stats = createDailyStats(t.database.db, log, 3_600_000);
    const gone = 987_654; // no such vehicle: its figures violate the foreign key
    stats.committed([...charging(base).map((r) => row(gone, r)), ...charging(base).map((r) => row(vehicle.id, r))]);
    await stats.flush();
    expect(await stored(vehicle.id)).toEqual({ kwh: expect.closeTo(TEN_MINUTES_KWH, 9), seconds: 600 });
    // Dropped, not retried at every flush.
    logged.length = 0;
    await stats.flush();
    expect(logged).toEqual([]);
    await stats.close();
  });

  it('adds no infinite energy even from readings that bypassed the checks, so the flush of the other vehicles goes through', async () => {
    const poison = await createDevice(t.database, 'VIN-STAT-INF');
    const clean = await createDevice(t.database, 'VIN-STAT-INF-CLEAN');
    const stats = createDailyStats(t.database.db, log, 3_600_000);
    stats.committed([
      ...charging(base).map((r) => row(poison.id, { ...r, packVoltage: 1e308, vehicleCurrent: -1e308 })),
      ...charging(base).map((r) => row(clean.id, r)),
    ]);
    logged.length = 0;
    await stats.flush();
    expect(logged).toEqual([]);
    expect(await stored(clean.id)).toEqual({ kwh: expect.closeTo(TEN_MINUTES_KWH, 9), seconds: 600 });
    expect(await stored(poison.id)).toEqual({ kwh: 0, seconds: 600 });
    await stats.close();
  });
});
