import { meterPoint, type MeterPoint } from '@evfleet/domain';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { compactedColumns, type DayColumns } from '../../db/compacted-columns.js';
import { forEachBatch } from '../../db/cursor.js';
import { isoTime, jsonRecords } from '../../db/json-records.js';
import { namedColumns } from '../../db/named-columns.js';
import { lastReadingBefore } from '../../db/reading-history.js';
import { canReading } from '../../db/telemetry-schema.js';
import {
  METER_COLUMNS,
  METER_SIGNALS,
  meterPointOf,
  type MeterRow,
  type MeterSignal,
} from '../../telemetry/meter-rows.js';
import { lowCellRows, type DayFigures } from './day-figures.js';

/** Readings are handed over in batches of this many, so a day of one-second readings never sits in memory at once. */
const BATCH = 5000;

/**
 * Each of a vehicle's readings from `from` (inclusive) to `to` (exclusive), oldest first, to `each`:
 * the hot rows a batch at a time, merged with the compacted days' readings, which are decoded here
 * (db/compacted-columns.ts). Both are read in one snapshot: a compaction between the two reads
 * would otherwise move a reading out of the hot rows after its day was read.
 */
export function forEachReading(db: Db, vehicleId: number, from: Date, to: Date, each: (p: MeterPoint) => void) {
  // Up to the last microsecond before `to`: the next day's first reading would be decoded for nothing.
  const last = sql`${to.toISOString()}::timestamptz - interval '1 microsecond'`;
  const hot = sql`select ${namedColumns(METER_COLUMNS)} from ${canReading}
    where ${and(eq(canReading.vehicleId, vehicleId), gte(canReading.ts, from), lt(canReading.ts, to))} order by ${canReading.ts}`;
  return db.transaction(
    async (tx) => {
      const compacted = compactedPoints(await compactedColumns(tx, vehicleId, from, last, METER_SIGNALS));
      let next = compacted.next();
      await forEachBatch<MeterRow>(tx, hot, BATCH, (rows) => {
        for (const r of rows) {
          const p = meterPointOf({ ...r, ts: new Date(r.ts) });
          // A compacted reading of the same millisecond first: a hot time may hold microseconds past it.
          for (; !next.done && next.value.ts <= p.ts; next = compacted.next()) each(next.value);
          each(p);
        }
      });
      for (; !next.done; next = compacted.next()) each(next.value);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The MeterPoints of compacted days' readings, in order. */
function* compactedPoints(days: DayColumns<MeterSignal>[]) {
  for (const { ts, values, cells } of days)
    for (let k = 0; k < ts.length; k++) {
      const point = meterPoint(ts[k], {}, cells[k]);
      for (const key of METER_SIGNALS) point[key] = values[key][k];
      yield point;
    }
}

export interface Seed {
  /** The reading just before the time asked about, and the last odometer value before it. */
  prev: MeterPoint | null;
  odometer: number | null;
}

/** Each vehicle's reading just before the given time, and its last odometer value before it. */
export async function readingsBefore(db: Db, before: { vehicleId: number; ts: number }[]) {
  const seeds = new Map<number, Seed>();
  if (!before.length) return seeds;
  const { rows } = await db.execute<{
    vehicle_id: number;
    reading: (Omit<MeterRow, 'ts'> & { ts: string }) | null;
    odo: number | null;
  }>(sql`
    select b.vehicle_id, r.reading, o.odometer as odo
    from ${jsonRecords(
      before.map((b) => ({ vehicle_id: b.vehicleId, ts: isoTime(b.ts) })),
      'b(vehicle_id int, ts timestamptz)',
    )}
    left join lateral (
      select json_build_object('ts', ts, 'packVoltage', pack_voltage, 'vehicleCurrent', vehicle_current, 'chargeStatus', charge_status,
        'speed', speed, 'batteryCharge', battery_charge, 'odometer', odometer, 'gpsLat', gps_lat, 'gpsLong', gps_long, 'cells', cells) as reading
      from ${lastReadingBefore(sql`b.vehicle_id`, sql`b.ts`, { picked: METER_COLUMNS })}) r on true
    left join lateral (select odometer from ${lastReadingBefore(sql`b.vehicle_id`, sql`b.ts`, {
      where: sql`${canReading.odometer} is not null`,
      picked: { odometer: canReading.odometer },
    })}) o on true`);
  for (const r of rows)
    seeds.set(r.vehicle_id, {
      prev: r.reading && meterPointOf({ ...r.reading, ts: new Date(r.reading.ts) }),
      odometer: r.odo,
    });
  return seeds;
}

export type DayRow = DayFigures & { vehicleId: number; day: string };

const STAT_COLUMNS = sql.raw(
  'miles, energy_kwh, charging_seconds, energy_used_kwh, gps_miles, idle_seconds, idle_charge_lost, rest_spread_sum_mv, rest_spread_count',
);
const statRecord = (r: DayRow) => ({
  vehicle_id: r.vehicleId,
  day: r.day,
  miles: r.miles,
  energy_kwh: r.energyKwh,
  charging_seconds: r.chargingSeconds,
  energy_used_kwh: r.energyUsedKwh,
  gps_miles: r.gpsMiles,
  idle_seconds: r.idleSeconds,
  idle_charge_lost: r.idleChargeLost,
  rest_spread_sum_mv: r.restSpreadSumMv,
  rest_spread_count: r.restSpreadCount,
});
const STAT_RECORD = `x(vehicle_id int, day date, miles float8, energy_kwh float8, charging_seconds float8, energy_used_kwh float8,
     gps_miles float8, idle_seconds float8, idle_charge_lost float8, rest_spread_sum_mv float8, rest_spread_count int)`;
const cellRecords = (rows: DayRow[]) =>
  jsonRecords(
    rows.flatMap((r) => lowCellRows(r).map((c) => ({ vehicle_id: r.vehicleId, day: r.day, ...c }))),
    'x(vehicle_id int, day date, cell int, count int)',
  );

/**
 * Adds sums to the stored figures and low cell counts, one statement for all of them (so a failure
 * adds nothing anywhere and the sums can be written again).
 */
export async function addIncrements(db: Db, increments: DayRow[]) {
  if (!increments.length) return;
  await db.execute(sql`
    with cells as (
      insert into low_cell_count (vehicle_id, day, cell, count)
      select x.vehicle_id, x.day, x.cell, x.count
      from ${cellRecords(increments)}
      order by x.vehicle_id, x.day, x.cell
      on conflict (vehicle_id, day, cell) do update set count = low_cell_count.count + excluded.count
    )
    insert into vehicle_daily_stat (vehicle_id, day, ${STAT_COLUMNS}, updated_at)
    select x.vehicle_id, x.day, x.miles, x.energy_kwh, x.charging_seconds, x.energy_used_kwh, x.gps_miles,
      x.idle_seconds, x.idle_charge_lost, x.rest_spread_sum_mv, x.rest_spread_count, now()
    from ${jsonRecords(increments.map(statRecord), STAT_RECORD)}
    order by x.vehicle_id, x.day
    on conflict (vehicle_id, day) do update set
      miles = vehicle_daily_stat.miles + excluded.miles,
      energy_kwh = vehicle_daily_stat.energy_kwh + excluded.energy_kwh,
      charging_seconds = vehicle_daily_stat.charging_seconds + excluded.charging_seconds,
      energy_used_kwh = vehicle_daily_stat.energy_used_kwh + excluded.energy_used_kwh,
      gps_miles = vehicle_daily_stat.gps_miles + excluded.gps_miles,
      idle_seconds = vehicle_daily_stat.idle_seconds + excluded.idle_seconds,
      idle_charge_lost = vehicle_daily_stat.idle_charge_lost + excluded.idle_charge_lost,
      rest_spread_sum_mv = vehicle_daily_stat.rest_spread_sum_mv + excluded.rest_spread_sum_mv,
      rest_spread_count = vehicle_daily_stat.rest_spread_count + excluded.rest_spread_count,
      updated_at = now()`);
}

/** Replaces a day's stored figures and low cell counts with these, in one statement. */
export async function replaceDay(db: Db, figures: DayRow) {
  const { vehicleId, day } = figures;
  await db.execute(sql`
    with x as (select * from ${cellRecords([figures])}),
    gone as (
      delete from low_cell_count l where l.vehicle_id = ${vehicleId} and l.day = ${day}::date
        and not exists (select 1 from x where x.cell = l.cell)
    ),
    cells as (
      insert into low_cell_count (vehicle_id, day, cell, count) select vehicle_id, day, cell, count from x
      on conflict (vehicle_id, day, cell) do update set count = excluded.count
    )
    insert into vehicle_daily_stat (vehicle_id, day, ${STAT_COLUMNS}, updated_at)
    select x.*, now() from ${jsonRecords([statRecord(figures)], STAT_RECORD)}
    on conflict (vehicle_id, day) do update set
      miles = excluded.miles, energy_kwh = excluded.energy_kwh, charging_seconds = excluded.charging_seconds,
      energy_used_kwh = excluded.energy_used_kwh, gps_miles = excluded.gps_miles, idle_seconds = excluded.idle_seconds,
      idle_charge_lost = excluded.idle_charge_lost, rest_spread_sum_mv = excluded.rest_spread_sum_mv,
      rest_spread_count = excluded.rest_spread_count, updated_at = now()`);
}
