import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noValues, SIGNAL_INDEX } from '../../../src/readings/reading.js';
import { createSignalMinutes } from '../../../src/telemetry/signal-minutes.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, type Caller } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('chart minutes of late readings on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = callerFor(t, await t.admin());
  }, 60_000);
  afterAll(() => t?.close());

  it('counts a late reading once when its day is compacted before its minute is written', async () => {
    const device = await createDevice(t.database, `VIN-LATE-MINUTE-${kind}`);
    const day = Math.floor(Date.now() / DAY) * DAY - 5 * DAY;
    expect((await postReadings(t, device, [{ ts: day + 1000, speed: 4 }])).statusCode).toBe(200);
    await t.app.telemetry.settle();
    expect(await t.app.telemetry.compaction.run()).toEqual({ readings: 1, days: 1 });

    // A late reading of the compacted day, stored; its minute is held in memory, as the pipeline
    // holds it until the next persist, and the day is compacted again meanwhile.
    const late = { ts: day + 2000, speed: 9 };
    expect((await postReadings(t, device, [late])).statusCode).toBe(200);
    const minutes = createSignalMinutes(t.database.db, { hotDays: 2 });
    const values = noValues();
    values[SIGNAL_INDEX.speed] = late.speed;
    minutes.apply([{ vehicleId: device.id, reading: { ts: late.ts, values, cells: null, extra: null } }]);
    expect(await t.app.telemetry.compaction.run()).toEqual({ readings: 1, days: 1 });
    await minutes.persist();
    await t.app.telemetry.settle();

    const left = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from signal_minute where vehicle_id = ${device.id}`,
    );
    expect(left.rows[0].n).toBe(0);
    const iso = (ms: number) => new Date(ms).toISOString();
    const chart = await admin(
      'GET',
      `/api/vehicles/${device.id}/signal-series?signal=speed&points=24&from=${iso(day)}&to=${iso(day + DAY)}`,
    );
    expect(chart.json()).toMatchObject({ readings: 2, min: [4], max: [9] });
  }, 60_000);
});
