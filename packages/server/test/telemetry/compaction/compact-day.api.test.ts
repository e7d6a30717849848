import { CHART_SIGNALS, SIGNAL_RANGES, SIGNAL_DECIMALS } from '@evfleet/domain';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactedMinutesOf, READING_COLUMNS, readingsOf } from '../../../src/db/reading-history.js';
import { forEachReading } from '../../../src/modules/dashboard/daily-stats.repository.js';
import { compactDay } from '../../../src/telemetry/compaction/compact-day.js';
import { rebuildMinutes } from '../../../src/telemetry/signal-minutes.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';

const DAY_MS = 86_400_000;
/** A deterministic stream of numbers in [0, 1). */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/**
 * Readings of one day with every kind of value: each signal at its resolution, at a finer one, at
 * its range's ends, or missing; 24 or 32 cells, some between millivolts; unknown signals; times to
 * the millisecond.
 */
function dayOfReadings(dayStart: number, count: number) {
  const next = random(7);
  const keys = Object.keys(SIGNAL_DECIMALS) as (keyof typeof SIGNAL_DECIMALS)[];
  return Array.from({ length: count }, (_, i) => {
    const reading: Record<string, unknown> = { ts: dayStart + Math.floor((i * (DAY_MS - 1)) / count) + (i % 997) };
    for (const key of keys) {
      const { min, max } = SIGNAL_RANGES[key];
      const roll = next();
      if (roll < 0.1) continue;
      const value = min + next() * (max - min);
      if (roll < 0.15)
        reading[key] = value; // all of a double's digits
      else if (roll < 0.2) reading[key] = roll < 0.175 ? min : max;
      else reading[key] = Number(value.toFixed(SIGNAL_DECIMALS[key]));
    }
    if (i % 3 !== 0) {
      const fine = i % 10 === 1;
      reading.cells = Array.from({ length: i % 2 ? 24 : 32 }, (_, c) =>
        fine && c === 5 ? 3.3125 : Number((3 + next() * 0.5).toFixed(3)),
      );
    }
    if (i % 4 === 0) reading[`tirePressure${i % 3}`] = Math.round(next() * 1000) / 10;
    return reading;
  });
}

describe.each(DATABASE_KINDS)('a compacted day on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 60_000);
  afterAll(() => t?.close());

  /** Every stored reading of the vehicle as text, one line each, in time order. */
  const storedText = async (vehicleId: number, source: SQLWrapper) =>
    (
      await t.database.db.execute<{ line: string }>(
        sql`select row(${sql.raw(READING_COLUMNS.map((c) => `can_reading.${c}`).join(', '))})::text as line
          from ${source} where can_reading.vehicle_id = ${vehicleId} order by ts`,
      )
    ).rows.map((r) => r.line);

  /** Each chart signal's minutes (start, readings, extremes) where it has a value, from signal_minute or the compacted summary. */
  const chartMinutes = async (vehicleId: number, from: number, to: number, compacted: boolean) => {
    const bySignal: Record<string, string[]> = {};
    for (const [i, key] of CHART_SIGNALS.entries()) {
      const source = compacted
        ? compactedMinutesOf(vehicleId, key, from, to)
        : sql`(select (extract(epoch from minute) * 1000)::bigint as t, readings as n, low[${i + 1}] as low, high[${i + 1}] as high
            from signal_minute where vehicle_id = ${vehicleId} and minute >= ${new Date(from).toISOString()}::timestamptz
              and minute < ${new Date(to).toISOString()}::timestamptz)`;
      const { rows } = await t.database.db.execute<{ line: string }>(
        sql`select concat_ws(' ', m.t, m.n, m.low, m.high) as line from ${source} m where m.low is not null order by m.t`,
      );
      bySignal[key] = rows.map((r) => r.line);
    }
    return bySignal;
  };

  /** The day's readings as the daily figures' recount reads them (compacted days decoded apart from SQL), one line each. */
  const meterPoints = async (vehicleId: number, dayStart: number) => {
    const lines: string[] = [];
    await forEachReading(t.database.db, vehicleId, new Date(dayStart), new Date(dayStart + DAY_MS), (p) =>
      lines.push(JSON.stringify(p)),
    );
    return lines;
  };

  it('reads every reading back exactly as can_reading held it, and again after late readings join the day', async () => {
    const device = await createDevice(t.database, `VIN-COMPACT-${kind}`);
    const dayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS - 5 * DAY_MS;
    const readings = dayOfReadings(dayStart, 2_000);
    for (let i = 0; i < readings.length; i += 250) {
      const res = await postReadings(t, device, readings.slice(i, i + 250));
      expect(res.statusCode, res.body).toBe(200);
    }
    // The chart's minutes as the pipeline keeps them, past the first minute (which gets a reading that stays hot below).
    await t.app.telemetry.settle();
    await rebuildMinutes(t.database.db, device.id, dayStart, dayStart + DAY_MS);
    const minutes = await chartMinutes(device.id, dayStart + 60_000, dayStart + DAY_MS, false);
    expect(minutes.speed.length).toBeGreaterThan(1_000);
    // What no device sends but a row may hold: a time between milliseconds, cells with a gap or too many.
    await t.database.db.execute(sql`insert into can_reading (vehicle_id, ts, cells, speed) values
      (${device.id}, ${new Date(dayStart + 1000).toISOString()}::timestamptz + interval '1 microsecond', '{3.3,3.4}', 1.5),
      (${device.id}, ${new Date(dayStart + 2000).toISOString()}::timestamptz, '{3.3,null,3.4}', null),
      (${device.id}, ${new Date(dayStart + 3000).toISOString()}::timestamptz, ${`{${Array(40).fill('3.3').join(',')}}`}, 1e300)`);
    const range = readingsOf(device.id, new Date(dayStart - DAY_MS), new Date(dayStart + 2 * DAY_MS));
    const before = await storedText(device.id, sql`can_reading`);
    expect(before).toHaveLength(2_003);
    const pointsBefore = await meterPoints(device.id, dayStart);
    expect(pointsBefore).toHaveLength(2_003);

    const day = new Date(dayStart).toISOString().slice(0, 10);
    expect(await compactDay(t.database.db, device.id, day)).toBe(2_002);
    const hot = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from can_reading where vehicle_id = ${device.id}`,
    );
    expect(hot.rows[0].n).toBe(1); // the time between milliseconds
    expect(await storedText(device.id, range)).toEqual(before);
    expect(await meterPoints(device.id, dayStart)).toEqual(pointsBefore);
    // The day's chart minutes are its row's summary now, the same to the last digit.
    const left = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from signal_minute where vehicle_id = ${device.id}`,
    );
    expect(left.rows[0].n).toBe(0);
    expect(await chartMinutes(device.id, dayStart + 60_000, dayStart + DAY_MS, true)).toEqual(minutes);
    // Only the cell lists off the millivolts are kept as they came: one cell between two, a gap, 40 cells.
    const exactCells = await t.database.db.execute<{ n: number }>(
      sql`select count(c)::int as n from reading_day d cross join lateral unnest(d.cells_exact) c where d.vehicle_id = ${device.id}`,
    );
    expect(exactCells.rows[0].n).toBe(readings.filter((_, i) => i % 3 !== 0 && i % 10 === 1).length + 2);

    // Late readings, one of them sent again: the day's row takes them in, once each.
    const late = [
      { ts: dayStart + 5, speed: 12.3, cells: [3.301, 3.302] },
      { ts: dayStart + DAY_MS - 1, gpsLat: 41.8781234, batteryCharge: 50.05 },
    ];
    expect((await postReadings(t, device, late)).statusCode).toBe(200);
    const withLate = await storedText(device.id, range);
    expect(withLate).toHaveLength(2_005);
    // Hot readings among the compacted day's, in time order.
    const pointsWithLate = await meterPoints(device.id, dayStart);
    expect(pointsWithLate).toHaveLength(2_005);
    const times = pointsWithLate.map((p) => (JSON.parse(p) as { ts: number }).ts);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await compactDay(t.database.db, device.id, day)).toBe(2);
    expect(await storedText(device.id, range)).toEqual(withLate);
    expect(await meterPoints(device.id, dayStart)).toEqual(pointsWithLate);
    const [row] = (
      await t.database.db.execute<{ readings: number }>(
        sql`select readings from reading_day where vehicle_id = ${device.id} and day = ${day}::date`,
      )
    ).rows;
    expect(row.readings).toBe(2_004);
  }, 60_000);
});
