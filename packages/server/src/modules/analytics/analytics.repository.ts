import { compactedMinutesOf, readingsOf } from '../../db/reading-history.js';
import { CHART_SIGNALS, type ChartSignal } from '@evfleet/domain';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { vehicleDailyStat } from '../../db/admin-schema.js';
import type { Db } from '../../db/client.js';
import { DAY_DISTANCE } from '../dashboard/index.js';
import { vehicle, vehicleTemplate } from '../../db/schema.js';
import { canReading, chargingSession, lowCellCount, signalMinute, trip } from '../../db/telemetry-schema.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The UTC day of an instant, as the daily figures are kept. */
export const utcDay = (ts: number) => new Date(ts).toISOString().slice(0, 10);
const rows = <T>(result: { rows: unknown[] }) => result.rows as T[];
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The daily figures' sums over the days `d` of vehicle_daily_stat in a query's group. */
const DAY_SUMS = sql`
  coalesce(sum(${DAY_DISTANCE}), 0) as distance,
  coalesce(sum(d.energy_used_kwh), 0) as used,
  coalesce(sum(d.energy_kwh), 0) as charged,
  coalesce(sum(d.idle_seconds), 0) as idle_seconds,
  coalesce(sum(d.idle_charge_lost), 0) as idle_lost`;

/**
 * A vehicle's sums over the whole UTC days from `from` to `to`: its running total at the end
 * minus the one before the start (hi and lo, joined by PERIOD_TOTALS).
 */
const PERIOD_SUMS = sql.raw(
  [
    'distance_miles as distance',
    'energy_used_kwh as used',
    'energy_charged_kwh as charged',
    'idle_seconds',
    'idle_charge_lost as idle_lost',
    'driving_days',
  ]
    .map((c) => {
      const [column, name = column] = c.split(' as ');
      return `coalesce(hi.${column}, 0) - coalesce(lo.${column}, 0) as ${name}`;
    })
    .join(', '),
);
const PERIOD_TOTALS = (from: number, to: number) => sql`
  left join lateral (
    select * from vehicle_running_total r where r.vehicle_id = vehicle.id and r.day <= ${utcDay(to)}::date order by r.day desc limit 1
  ) hi on true
  left join lateral (
    select * from vehicle_running_total r where r.vehicle_id = vehicle.id and r.day < ${utcDay(from)}::date order by r.day desc limit 1
  ) lo on true`;

/** Whether a vehicle's state charges, by the domain's isCharging: its charge status, else a negative current. */
const PLUGGED_IN = sql.raw(`case
  when st.values ? 'chargeStatus' then (st.values ->> 'chargeStatus')::float8 >= 0.5
  when st.values ? 'vehicleCurrent' then (st.values ->> 'vehicleCurrent')::float8 < 0
end`);

/**
 * The vehicles' figures of their zones over [from, to] (docs/zones.md), each a grouped scan of the
 * period's rows joined by vehicle (a probe per vehicle cost 10,000 vehicles some 300 ms): what
 * their priced charging sessions begun then cost per currency, their hours inside depots, and their
 * plug-in reminders. The partial and time indexes of migration 0019 keep each scan to the period.
 */
const ZONE_SUMS = (from: number, to: number) => {
  const [start, end] = [
    sql`${new Date(from).toISOString()}::timestamptz`,
    sql`${new Date(to).toISOString()}::timestamptz`,
  ];
  return sql`
    left join (
      select c.vehicle_id, json_agg(json_build_object('currency', c.currency, 'cost', c.cost) order by c.currency) as charging_costs
      from (
        select cs.vehicle_id, cs.currency, sum(cs.cost) as cost from charging_session cs
        where cs.cost is not null and cs.start_ts >= ${start} and cs.start_ts <= ${end}
        group by cs.vehicle_id, cs.currency
      ) c group by c.vehicle_id
    ) zc on zc.vehicle_id = vehicle.id
    left join (
      select zv.vehicle_id,
        sum(extract(epoch from least(coalesce(zv.exited_at, now()), ${end}) - greatest(zv.entered_at, ${start}))) as depot_seconds
      from zone_visit zv join zone z on z.id = zv.zone_id and z.kind = 'depot'
      where (zv.exited_at >= ${start} or zv.exited_at is null) and zv.entered_at <= ${end}
      group by zv.vehicle_id
    ) zd on zd.vehicle_id = vehicle.id
    left join (
      select w.vehicle_id, count(*) as plug_in_reminders from warning_log w
      where w.zone_id is not null and w.attribute_name = 'zonePlugIn' and w.date >= ${start} and w.date <= ${end}
      group by w.vehicle_id
    ) zp on zp.vehicle_id = vehicle.id`;
};
const zoneSums = (r: Record<string, unknown>) => ({
  chargingCosts: ((typeof r.charging_costs === 'string' ? JSON.parse(r.charging_costs) : r.charging_costs) ?? []) as {
    currency: string;
    cost: number;
  }[],
  depotSeconds: Math.max(0, Number(r.depot_seconds ?? 0)),
  plugInReminders: Number(r.plug_in_reminders ?? 0),
});

export interface DaySums {
  distance: number;
  used: number;
  charged: number;
  idleSeconds: number;
  idleLost: number;
}
const daySums = (r: Record<string, unknown>): DaySums => ({
  distance: Number(r.distance),
  used: Number(r.used),
  charged: Number(r.charged),
  idleSeconds: Number(r.idle_seconds),
  idleLost: Number(r.idle_lost),
});

const episodeColumns = (table: typeof trip) => ({
  start: table.startTs,
  end: table.endTs,
  energyKwh: table.energyKwh,
  peakPowerKw: table.peakPowerKw,
  startCharge: table.startCharge,
  endCharge: table.endCharge,
  startOdometer: table.startOdometer,
  endOdometer: table.endOdometer,
  gpsMiles: table.gpsMiles,
  gpsLat: table.gpsLat,
  gpsLong: table.gpsLong,
});
const episodesBetween = (db: Db, table: typeof trip, vehicleId: number, from: number, to: number) =>
  db
    .select(episodeColumns(table))
    .from(table)
    .where(and(eq(table.vehicleId, vehicleId), lte(table.startTs, new Date(to)), gte(table.endTs, new Date(from))))
    .orderBy(asc(table.startTs));
export type EpisodeRow = Awaited<ReturnType<typeof episodesBetween>>[number];
export type ChargingRow = Awaited<ReturnType<typeof analyticsRepository.chargingSessions>>[number];

export const analyticsRepository = {
  /** A vehicle the caller may see, with what its analytics need. */
  vehicle: async (db: Db, where: SQL) => {
    const [v] = await db
      .select({
        id: vehicle.id,
        name: vehicle.name,
        dealerId: vehicle.dealerId,
        fleetId: vehicle.fleetId,
        ratedCapacityKwh: vehicle.ratedCapacityKwh,
        templateRatedCapacityKwh: vehicleTemplate.ratedCapacityKwh,
      })
      .from(vehicle)
      .leftJoin(vehicleTemplate, eq(vehicleTemplate.id, vehicle.templateId))
      .where(where);
    return v;
  },

  trips: (db: Db, vehicleId: number, from: number, to: number) => episodesBetween(db, trip, vehicleId, from, to),
  // The two tables share their columns (telemetry-schema.ts episodeColumns); Drizzle's types tell them apart by name only.
  chargingSessions: (db: Db, vehicleId: number, from: number, to: number) =>
    db
      .select({
        ...episodeColumns(chargingSession as unknown as typeof trip),
        zoneId: chargingSession.zoneId,
        cost: chargingSession.cost,
        currency: chargingSession.currency,
      })
      .from(chargingSession)
      .where(
        and(
          eq(chargingSession.vehicleId, vehicleId),
          lte(chargingSession.startTs, new Date(to)),
          gte(chargingSession.endTs, new Date(from)),
        ),
      )
      .orderBy(asc(chargingSession.startTs)),

  /** Energy charged over the vehicle's whole history. */
  energyChargedKwh: async (db: Db, vehicleId: number) => {
    const [r] = await db
      .select({ kwh: sql<number>`coalesce(sum(${vehicleDailyStat.energyKwh}), 0)` })
      .from(vehicleDailyStat)
      .where(eq(vehicleDailyStat.vehicleId, vehicleId));
    return Number(r.kwh);
  },

  /** Cell spread at rest per UTC day since `from`, days without rest readings left out. */
  restSpreadDays: (db: Db, vehicleId: number, from: number) =>
    db
      .select({
        day: vehicleDailyStat.day,
        sum: vehicleDailyStat.restSpreadSumMv,
        count: vehicleDailyStat.restSpreadCount,
      })
      .from(vehicleDailyStat)
      .where(
        and(
          eq(vehicleDailyStat.vehicleId, vehicleId),
          gte(vehicleDailyStat.day, utcDay(from)),
          sql`${vehicleDailyStat.restSpreadCount} > 0`,
        ),
      )
      .orderBy(asc(vehicleDailyStat.day)),

  /** How often each cell was the lowest at rest since `from`, most often first. */
  lowCellCounts: (db: Db, vehicleId: number, from: number) =>
    db
      .select({ cell: lowCellCount.cell, count: sql<number>`sum(${lowCellCount.count})::int` })
      .from(lowCellCount)
      .where(and(eq(lowCellCount.vehicleId, vehicleId), gte(lowCellCount.day, utcDay(from))))
      .groupBy(lowCellCount.cell)
      .orderBy(sql`2 desc`, asc(lowCellCount.cell)),

  /** Per visible vehicle: its sums over [from, to] (whole UTC days), its capacities. */
  fleet: async (db: Db, seen: SQL, from: number, to: number) => {
    const result = await db.execute(sql`
      select vehicle.id, vehicle.name, vehicle.rated_capacity_kwh as own_rated, t.rated_capacity_kwh as template_rated,
        b.estimated_capacity_kwh as estimated, ${PERIOD_SUMS},
        zc.charging_costs, zd.depot_seconds, zp.plug_in_reminders
      from vehicle
      left join vehicle_template t on t.id = vehicle.template_id
      left join battery_estimate b on b.vehicle_id = vehicle.id
      ${PERIOD_TOTALS(from, to)}
      ${ZONE_SUMS(from, to)}
      where ${seen}
      order by vehicle.name, vehicle.id`);
    return rows<Record<string, unknown>>(result).map((r) => ({
      vehicleId: Number(r.id),
      name: String(r.name),
      ownRated: num(r.own_rated),
      templateRated: num(r.template_rated),
      estimated: num(r.estimated),
      ...daySums(r),
      ...zoneSums(r),
    }));
  },

  /** The visible vehicles' sums per UTC day over [from, to]. */
  fleetDays: async (db: Db, seen: SQL, from: number, to: number) => {
    const result = await db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, ${DAY_SUMS}
      from vehicle_daily_stat d join vehicle on vehicle.id = d.vehicle_id
      where ${seen} and d.day >= ${utcDay(from)}::date and d.day <= ${utcDay(to)}::date
      group by d.day order by d.day`);
    return rows<Record<string, unknown>>(result).map((r) => ({ day: String(r.day), ...daySums(r) }));
  },

  /** Per visible vehicle: its charge now, capacities, fleet, and its sums over the last `days` days. */
  readiness: async (db: Db, seen: SQL, now: number, days: number) => {
    const result = await db.execute(sql`
      select vehicle.id, vehicle.name, vehicle.fleet_id, f.name as fleet_name, vehicle.rated_capacity_kwh as own_rated,
        t.rated_capacity_kwh as template_rated, b.estimated_capacity_kwh as estimated,
        (st.values ->> 'batteryCharge')::float8 as battery_charge, ${PERIOD_SUMS},
        (select z.name from zone_visit zv join zone z on z.id = zv.zone_id
          where zv.vehicle_id = vehicle.id and zv.exited_at is null and z.kind = 'depot'
          order by zv.entered_at desc limit 1) as depot_name,
        ${PLUGGED_IN} as plugged_in
      from vehicle
      left join fleet f on f.id = vehicle.fleet_id
      left join vehicle_template t on t.id = vehicle.template_id
      left join battery_estimate b on b.vehicle_id = vehicle.id
      left join vehicle_state st on st.vehicle_id = vehicle.id
      ${PERIOD_TOTALS(now - (days - 1) * DAY_MS, now)}
      where ${seen}
      order by vehicle.name, vehicle.id`);
    return rows<Record<string, unknown>>(result).map((r) => ({
      vehicleId: Number(r.id),
      name: String(r.name),
      fleetId: num(r.fleet_id),
      fleetName: r.fleet_name === null ? null : String(r.fleet_name),
      ownRated: num(r.own_rated),
      templateRated: num(r.template_rated),
      estimated: num(r.estimated),
      batteryCharge: num(r.battery_charge),
      drivingDays: Number(r.driving_days),
      depotName: r.depot_name === null ? null : String(r.depot_name),
      pluggedIn: r.plugged_in === null ? null : Boolean(r.plugged_in),
      ...daySums(r),
    }));
  },

  /** One signal of one vehicle over [from, to): lowest and highest value per bucket of `bucketMs`. */
  signalBuckets: async (db: Db, vehicleId: number, signal: ChartSignal, from: number, to: number, bucketMs: number) => {
    const column = canReading[signal];
    const result = await db.execute(sql`
      select floor((extract(epoch from ${canReading.ts}) * 1000 - ${from}) / ${bucketMs})::int as bucket,
        (extract(epoch from min(${canReading.ts})) * 1000)::float8 as ts,
        min(${column}) as min, max(${column}) as max, count(*)::int as n
      from ${readingsOf(vehicleId, new Date(from), new Date(to), { column })}
      where ${canReading.ts} < ${new Date(to)} and ${column} is not null
      group by 1 order by 1`);
    return rows<{ ts: number; min: number; max: number; n: number }>(result);
  },

  /**
   * The same from the per-minute summary (signal_minute), for buckets of whole minutes: a minute
   * counts in the bucket where it starts.
   */
  signalMinuteBuckets: async (
    db: Db,
    vehicleId: number,
    signal: ChartSignal,
    from: number,
    to: number,
    bucketMs: number,
  ) => {
    const k = CHART_SIGNALS.indexOf(signal) + 1;
    const firstMinute = Math.floor(from / MINUTE_MS) * MINUTE_MS;
    // Compacted days keep their minutes in their own row (db/reading-history.ts). PostgreSQL takes
    // an array it unnests for ten elements, so it groups a compacted vehicle's minutes by sorting
    // them: 90 days' 129,600 minutes take about 6 MB, which spilled to disk past the default 4 MB.
    const query = sql`
      select floor((m.t - ${firstMinute}) / ${bucketMs})::int as bucket, min(m.t)::float8 as ts,
        min(m.low) as min, max(m.high) as max, sum(m.n)::int as n
      from (
        select (extract(epoch from ${signalMinute.minute}) * 1000)::bigint as t, ${signalMinute.readings} as n,
          ${signalMinute.low}[${k}] as low, ${signalMinute.high}[${k}] as high
        from ${signalMinute}
        where ${signalMinute.vehicleId} = ${vehicleId} and ${signalMinute.minute} >= ${new Date(firstMinute)}
          and ${signalMinute.minute} < ${new Date(to)}
        union all
        select * from ${compactedMinutesOf(vehicleId, signal, firstMinute, to)} c
      ) m
      where m.low is not null
      group by 1 order by 1`;
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '32MB'`);
      return tx.execute(query);
    });
    return rows<{ ts: number; min: number; max: number; n: number }>(result);
  },
};
