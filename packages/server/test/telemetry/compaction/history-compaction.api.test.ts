import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingsOf } from '../../../src/db/reading-history.js';
import { vehicleCansRepository } from '../../../src/modules/vehicles/history/vehicle-cans.repository.js';
import { dropCompactedBefore } from '../../../src/telemetry/compaction/history-compaction.js';
import { resegmentWindow } from '../../../src/telemetry/episode-store.js';
import { rowValues, sheetOf } from '../../support/can-readings.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, type Caller } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';

const MIN = 60_000;
const DAY = 86_400_000;

/** Three days of a vehicle's readings every two minutes: drives and charges, a position, cells and an unknown signal. */
function threeDays(start: number) {
  return Array.from({ length: (3 * DAY) / (2 * MIN) }, (_, i) => {
    const hour = Math.floor(i / 30) % 24;
    const driving = hour >= 8 && hour < 12;
    const charging = hour >= 13 && hour < 16;
    return {
      ts: start + i * 2 * MIN,
      speed: driving ? 10 + (i % 17) : 0,
      batteryCharge: 20 + (i % 800) / 10,
      packVoltage: 80 + (i % 120) / 10,
      vehicleCurrent: charging ? -40 : driving ? 30 + (i % 9) : 0,
      chargeStatus: charging ? 1 : 0,
      odometer: 1000 + i / 100,
      gpsLat: 41.85 + (i % 500) / 100_000,
      gpsLong: -87.65 - (i % 300) / 100_000,
      cells: Array.from({ length: 24 }, (_, c) => Number((3.2 + ((i + c) % 90) / 1000).toFixed(3))),
      tirePressure: 30 + (i % 7) / 2,
    };
  });
}

describe.each(DATABASE_KINDS)('history compaction on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let device: Awaited<ReturnType<typeof createDevice>>;
  const start = Math.floor(Date.now() / DAY) * DAY - 8 * DAY;
  const readings = threeDays(start);
  const end = start + 3 * DAY - 1;
  const iso = (ms: number) => new Date(ms).toISOString();
  const criteria = () => ({
    vehiclesIds: [device.id],
    columns: ['speed', 'batteryCharge', 'cell2', 'tirePressure'],
    startDate: iso(start),
    endDate: iso(end),
    vin: device.vin,
  });
  const hotCount = async () =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from can_reading where vehicle_id = ${device.id}`,
      )
    ).rows[0].n;
  const storedCount = async () =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${readingsOf(device.id, new Date(start - DAY), new Date(end + DAY))}`,
      )
    ).rows[0].n;
  const trips = async () =>
    (
      await t.database.db.execute(
        sql`select start_ts, end_ts, energy_kwh, gps_miles from trip where vehicle_id = ${device.id} order by start_ts`,
      )
    ).rows;

  /** What the portal answers about the three days: the report's pages, a sort, the export, the chart, the trips. */
  async function answers() {
    const page = (body: object) => admin('POST', '/api/canreport/getListCanHistory', { ...criteria(), ...body });
    const exported = await sheetOf(await admin('POST', '/api/canreport/downloadExcel', criteria()));
    const chart = await admin(
      'GET',
      `/api/vehicles/${device.id}/signal-series?signal=vehicleCurrent&points=48&from=${iso(start)}&to=${iso(end)}`,
    );
    return {
      first: (await page({})).json(),
      last: (await page({ pageNo: 43 })).json(),
      bySpeed: (await page({ sortBy: 'Speed', sortType: 'DESC', pageNo: 3 })).json(),
      byCell: (await page({ sortBy: 'Cell 2', sortType: 'ASC', pageNo: 20 })).json(),
      exported: Array.from({ length: exported.rowCount }, (_, i) => rowValues(exported, i + 1)),
      chart: chart.json(),
      records: await vehicleCansRepository.list(t.database.db, device.id, undefined, {
        limit: 50,
        offset: 1000,
        desc: true,
      }),
      trips: await trips(),
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = callerFor(t, await t.admin());
    device = await createDevice(t.database, `VIN-HISTORY-${kind}`);
    for (let i = 0; i < readings.length; i += 500) {
      const res = await postReadings(t, device, readings.slice(i, i + 500));
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.telemetry.settle();
  }, 120_000);
  afterAll(() => t?.close());

  it('compacts readings past the hot window, and every report, chart and trip reads the same', async () => {
    const before = await answers();
    expect(before.first.totalCount).toBe(readings.length);
    expect(before.records.total).toBe(readings.length);
    expect(before.exported).toHaveLength(readings.length + 1);
    expect(before.trips.length).toBeGreaterThan(2);

    expect(await t.app.telemetry.compaction.run()).toEqual({ readings: readings.length, days: 3 });
    expect(await hotCount()).toBe(0);
    expect(await storedCount()).toBe(readings.length);
    // The chart's minutes of compacted days are summed from the compacted readings instead.
    const minutes = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from signal_minute where vehicle_id = ${device.id}`,
    );
    expect(minutes.rows[0].n).toBe(0);
    expect(await answers()).toEqual(before);

    // The trips of the compacted days segmented again from them come out the same.
    await resegmentWindow(t.database.db, device.id, start, end);
    expect(await trips()).toEqual(before.trips);
    // Nothing is left to do.
    expect(await t.app.telemetry.compaction.run()).toEqual({ readings: 0, days: 0 });
  }, 120_000);

  it('stores a resent reading of a compacted day once, and takes a new late one in', async () => {
    const resent = await postReadings(t, device, readings.slice(100, 103));
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await hotCount()).toBe(0);
    expect(await storedCount()).toBe(readings.length);

    const late = { ts: start + 2 * MIN + 1, speed: 7.5, tirePressure: 41 };
    expect((await postReadings(t, device, [late])).statusCode).toBe(200);
    expect(await storedCount()).toBe(readings.length + 1);
    // Another range than before: the report keeps a range's count for a while.
    const page = await admin('POST', '/api/canreport/getListCanHistory', { ...criteria(), endDate: iso(end - 1) });
    const found = page.json<{ totalCount: number; data: Record<string, { value: unknown }>[] }>();
    expect(found.totalCount).toBe(readings.length + 1);
    expect(found.data[2]).toMatchObject({
      Date: { value: iso(late.ts) },
      Speed: { value: 7.5 },
      tirePressure: { value: 41 },
    });
    expect(await t.app.telemetry.compaction.run()).toEqual({ readings: 1, days: 1 });
    expect(await hotCount()).toBe(0);
    expect(await storedCount()).toBe(readings.length + 1);
  }, 60_000);

  it('changes and removes a compacted reading in place', async () => {
    const key = { vehicleId: device.id, ts: start + 2 * MIN + 1 };
    expect(await vehicleCansRepository.find(t.database.db, key)).toMatchObject({ speed: 7.5 });
    expect(await vehicleCansRepository.remove(t.database.db, key)).toBe(true);
    expect(await vehicleCansRepository.find(t.database.db, key)).toBeUndefined();
    expect(await storedCount()).toBe(readings.length);
    await t.app.telemetry.compaction.run();
    expect(await hotCount()).toBe(0);
    expect(await storedCount()).toBe(readings.length);
  }, 60_000);

  it.runIf(kind === 'postgres')(
    'compacts on demand with npm run compact beside the running portal',
    async () => {
      const day = start + 3 * DAY + 3_600_000;
      const res = await postReadings(t, device, [
        { ts: day, speed: 3 },
        { ts: day + MIN, speed: 4 },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(await hotCount()).toBe(2);
      const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      const { stdout } = await promisify(execFile)(
        'node',
        ['--import', 'tsx', 'packages/server/src/telemetry/compaction/compact-cli.ts'],
        { env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: '/tmp/evfleet-test', HISTORY_HOT_DAYS: '2' } },
      );
      expect(stdout).toContain('compacted 2 readings of 1 vehicle days older than 2 days');
      expect(await hotCount()).toBe(0);
      expect(await storedCount()).toBe(readings.length + 2);
    },
    60_000,
  );

  it('drops compacted days whole past the retention period', async () => {
    await dropCompactedBefore(t.database, start + DAY + 5);
    const { rows } = await t.database.db.execute<{ day: string }>(
      sql`select day::text as day from reading_day where vehicle_id = ${device.id} order by day`,
    );
    expect(rows.map((r) => r.day).slice(0, 2)).toEqual([
      iso(start + DAY).slice(0, 10),
      iso(start + 2 * DAY).slice(0, 10),
    ]);
  });
});
