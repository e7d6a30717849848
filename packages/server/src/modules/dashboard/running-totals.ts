import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jsonRecords } from '../../db/json-records.js';

/** A day's distance: the odometer's, else the GPS track's: the domain's `distanceMiles` in SQL. */
export const DAY_DISTANCE = sql.raw(`case when d.miles > 0 then d.miles else d.gps_miles end`);

/**
 * Recomputes each vehicle's running totals (vehicle_running_total) from the given day on: the
 * total before that day plus a running sum of its daily figures. Figures arriving in order touch
 * only today's total; a rebuilt day touches the totals after it too.
 */
export async function refreshRunningTotals(db: Db, changes: { vehicleId: number; day: string }[]) {
  if (!changes.length) return;
  await db.execute(sql`
    with changed as (
      select * from ${jsonRecords(
        changes.map((c) => ({ vehicle_id: c.vehicleId, day: c.day })),
        'c(vehicle_id int, day date)',
      )}
    ), base as (
      select c.vehicle_id, c.day, coalesce(r.distance_miles, 0) as distance, coalesce(r.energy_used_kwh, 0) as used,
        coalesce(r.energy_charged_kwh, 0) as charged, coalesce(r.idle_seconds, 0) as idle_seconds,
        coalesce(r.idle_charge_lost, 0) as idle_lost, coalesce(r.driving_days, 0) as driving_days
      from changed c
      left join lateral (
        select * from vehicle_running_total r where r.vehicle_id = c.vehicle_id and r.day < c.day order by r.day desc limit 1
      ) r on true
    )
    insert into vehicle_running_total (vehicle_id, day, distance_miles, energy_used_kwh, energy_charged_kwh, idle_seconds, idle_charge_lost, driving_days)
    select d.vehicle_id, d.day,
      b.distance + sum(${DAY_DISTANCE}) over w,
      b.used + sum(d.energy_used_kwh) over w,
      b.charged + sum(d.energy_kwh) over w,
      b.idle_seconds + sum(d.idle_seconds) over w,
      b.idle_lost + sum(d.idle_charge_lost) over w,
      b.driving_days + count(*) filter (where ${DAY_DISTANCE} > 0) over w
    from base b join vehicle_daily_stat d on d.vehicle_id = b.vehicle_id and d.day >= b.day
    window w as (partition by d.vehicle_id order by d.day)
    order by 1, 2
    on conflict (vehicle_id, day) do update set
      distance_miles = excluded.distance_miles, energy_used_kwh = excluded.energy_used_kwh,
      energy_charged_kwh = excluded.energy_charged_kwh, idle_seconds = excluded.idle_seconds,
      idle_charge_lost = excluded.idle_charge_lost, driving_days = excluded.driving_days`);
}

/** Vehicles with daily figures but no running totals yet, each from its first day. */
export async function vehiclesWithoutTotals(db: Db) {
  const { rows } = await db.execute<{ vehicle_id: number; day: string }>(sql`
    select d.vehicle_id, to_char(min(d.day), 'YYYY-MM-DD') as day from vehicle_daily_stat d
    where not exists (select 1 from vehicle_running_total r where r.vehicle_id = d.vehicle_id)
    group by d.vehicle_id`);
  return rows.map((r) => ({ vehicleId: Number(r.vehicle_id), day: r.day }));
}
