import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * How a day's figures are counted from readings (docs/dashboard.md). The same rules run in SQL
 * (a rebuild from can_reading) and in memory (increments as readings arrive, daily-stats.ts).
 */
export const STAT_RULES = {
  /** Time between two readings longer than this is a gap in reporting, not time spent charging. */
  maxGapSeconds: 600,
  /** An odometer step this large or larger is a reset or a glitch, not miles driven. */
  maxMilesStep: 1000,
  /** A reading arriving this much older than the vehicle's newest counted one makes its day be rebuilt. */
  lateRebuildSeconds: 600,
} as const;

/** Charging during the interval after a reading: charge status on, or, without one, current flowing in (negative). */
export const charging = (chargeStatus: number | null | undefined, current: number | null | undefined) =>
  chargeStatus !== null && chargeStatus !== undefined
    ? chargeStatus >= 0.5
    : current !== null && current !== undefined && current < 0;

/** kWh put into the pack over an interval: pack voltage × |current| × seconds. */
export const intervalKwh = (voltage: number, current: number, seconds: number) =>
  (voltage * Math.abs(current) * seconds) / 3_600_000;

export const dayOf = (ts: number) => new Date(ts).toISOString().slice(0, 10);

/**
 * Recomputes one vehicle's day from its stored readings and replaces the stored figures. An
 * interval belongs to the day of the reading that ends it; miles count from the last odometer
 * value before the day.
 */
export async function rebuildDay(db: Db, vehicleId: number, day: string) {
  const start = new Date(`${day}T00:00:00Z`);
  const end = new Date(start.getTime() + 86_400_000);
  const earliest = new Date(start.getTime() - STAT_RULES.maxGapSeconds * 1000);
  await db.execute(sql`
    with r as (
      select ts, lag(ts) over w as pts, lag(pack_voltage) over w as v, lag(vehicle_current) over w as i, lag(charge_status) over w as c
      from can_reading where vehicle_id = ${vehicleId} and ts >= ${earliest} and ts < ${end}
      window w as (order by ts)
    ), iv as (
      select extract(epoch from ts - pts) as dt, v, i from r
      where ts >= ${start} and pts is not null and ts - pts <= make_interval(secs => ${STAT_RULES.maxGapSeconds})
        and (c >= 0.5 or (c is null and i < 0))
    ), odo as (
      select odometer - lag(odometer) over (order by ts) as d, ts from can_reading
      where vehicle_id = ${vehicleId} and odometer is not null and ts < ${end}
        and ts >= coalesce((select max(ts) from can_reading where vehicle_id = ${vehicleId} and odometer is not null and ts < ${start}), ${start})
    )
    insert into vehicle_daily_stat (vehicle_id, day, miles, energy_kwh, charging_seconds, updated_at)
    select ${vehicleId}, ${day}::date,
      coalesce((select sum(d) from odo where ts >= ${start} and d > 0 and d < ${STAT_RULES.maxMilesStep}), 0),
      coalesce((select sum(dt * v * abs(i)) / 3600000.0 from iv), 0),
      coalesce((select sum(dt) from iv), 0),
      now()
    on conflict (vehicle_id, day) do update
      set miles = excluded.miles, energy_kwh = excluded.energy_kwh, charging_seconds = excluded.charging_seconds, updated_at = now()`);
}

export interface DayIncrement {
  vehicleId: number;
  day: string;
  miles: number;
  kwh: number;
  seconds: number;
}

/** Adds increments to the stored figures, one statement for all of them. */
export async function addIncrements(db: Db, increments: DayIncrement[]) {
  if (!increments.length) return;
  await db.execute(sql`
    insert into vehicle_daily_stat (vehicle_id, day, miles, energy_kwh, charging_seconds, updated_at)
    select x.vehicle_id, x.day, x.miles, x.kwh, x.seconds, now()
    from jsonb_to_recordset(${JSON.stringify(increments.map((i) => ({ vehicle_id: i.vehicleId, day: i.day, miles: i.miles, kwh: i.kwh, seconds: i.seconds })))}::jsonb)
      as x(vehicle_id int, day date, miles float8, kwh float8, seconds float8)
    order by x.vehicle_id, x.day
    on conflict (vehicle_id, day) do update set
      miles = vehicle_daily_stat.miles + excluded.miles,
      energy_kwh = vehicle_daily_stat.energy_kwh + excluded.energy_kwh,
      charging_seconds = vehicle_daily_stat.charging_seconds + excluded.charging_seconds,
      updated_at = now()`);
}

export interface LastReading {
  ts: number;
  voltage: number | null;
  current: number | null;
  chargeStatus: number | null;
}

/** Each vehicle's reading just before the given time, and its last odometer value before it. */
export async function readingsBefore(db: Db, before: { vehicleId: number; ts: number }[]) {
  if (!before.length)
    return new Map<number, { last: LastReading | null; odometer: { ts: number; value: number } | null }>();
  const { rows } = await db.execute<{
    vehicle_id: number;
    ts: string | null;
    v: number | null;
    i: number | null;
    c: number | null;
    odo_ts: string | null;
    odo: number | null;
  }>(sql`
    select b.vehicle_id, r.ts, r.pack_voltage as v, r.vehicle_current as i, r.charge_status as c, o.ts as odo_ts, o.odometer as odo
    from jsonb_to_recordset(${JSON.stringify(before.map((b) => ({ vehicle_id: b.vehicleId, ts: new Date(b.ts).toISOString() })))}::jsonb) as b(vehicle_id int, ts timestamptz)
    left join lateral (select ts, pack_voltage, vehicle_current, charge_status from can_reading c where c.vehicle_id = b.vehicle_id and c.ts < b.ts order by c.ts desc limit 1) r on true
    left join lateral (select ts, odometer from can_reading c where c.vehicle_id = b.vehicle_id and c.ts < b.ts and c.odometer is not null order by c.ts desc limit 1) o on true`);
  return new Map(
    rows.map((r) => [
      r.vehicle_id,
      {
        last: r.ts === null ? null : { ts: new Date(r.ts).getTime(), voltage: r.v, current: r.i, chargeStatus: r.c },
        odometer: r.odo_ts === null || r.odo === null ? null : { ts: new Date(r.odo_ts).getTime(), value: r.odo },
      },
    ]),
  );
}
