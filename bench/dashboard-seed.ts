/**
 * Seeds the dashboard benchmark in PostgreSQL itself (INSERT ... SELECT over generate_series):
 * 100 dealers, 1,000 fleets (ten per dealer), 5,000 drivers, 10,000 vehicles, and for 100 of them 30 days of
 * readings every 2 minutes (2.16 million rows) with charging, driving and SEVERE alert episodes;
 * then the daily figures are rebuilt from those readings with the server's own rebuild.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.js';
import { rebuildDay } from '../packages/server/src/modules/dashboard/day-rebuild.js';

export const DASHBOARD_SIZES = {
  dealers: 100,
  fleets: 1_000,
  drivers: 5_000,
  vehicles: 10_000,
  withHistory: 100,
  days: 30,
  readingEverySeconds: 120,
};

const monthsBetween = (from: number, to: number) => {
  const months: Date[] = [];
  for (
    let d = new Date(Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1));
    d.getTime() <= to;
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
  )
    months.push(d);
  return months;
};

export async function seedDashboard(db: Db) {
  const { dealers, fleets, drivers, vehicles, withHistory, days, readingEverySeconds } = DASHBOARD_SIZES;
  await db.execute(
    sql`insert into dealer (name, email, mobile_number, company, address, activation) select 'Dealer ' || i, 'dealer' || i || '@dealers.example', '0123456789', 'Motors ' || i, 'Default', true from generate_series(1, ${dealers}) i`,
  );
  await db.execute(
    sql`insert into fleet (name, email, dealer_id, status) select 'Fleet ' || i, 'fleet' || i || '@fleets.example', 1 + i % ${dealers}, true from generate_series(1, ${fleets}) i`,
  );
  await db.execute(
    sql`insert into driver (name, email, mobile, address, fleet_id, status) select 'Driver ' || i, 'driver' || i || '@drivers.example', '01234567890', 'Depot', 1 + i % ${fleets}, true from generate_series(1, ${drivers}) i`,
  );
  // Vehicle i belongs to dealer 1 + i % 100 and to one of that dealer's ten fleets, except one in five
  // of each dealer's (no fleet) and the last 100 (no dealer either: the unassigned-vehicles screen).
  await db.execute(sql`
    insert into vehicle (name, vin, dealer_id, fleet_id)
    select 'Van ' || i, 'DASHVIN' || lpad(i::text, 10, '0'),
      case when i > ${vehicles - 100} then null else d end,
      case when i > ${vehicles - 100} or (i / 100) % 5 = 4 then null else coalesce(nullif((d - 1) + 100 * ((i / 100) % 10), 0), ${fleets}) end
    from generate_series(1, ${vehicles}) i, lateral (select 1 + i % ${dealers} as d) x`);
  await db.execute(
    sql`update vehicle v set driver_id = (select min(d.id) from driver d where d.fleet_id = v.fleet_id) where v.fleet_id is not null and v.id % 3 = 0`,
  );

  const end = Date.now();
  const start = end - days * 86_400_000;
  for (const m of monthsBetween(start, end)) {
    const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
    const name = `can_reading_y${m.getUTCFullYear()}m${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
    await db.execute(
      sql.raw(
        `create table if not exists ${name} partition of can_reading for values from ('${m.toISOString()}') to ('${next.toISOString()}')`,
      ),
    );
  }
  // Each day per vehicle: 02:00–06:00 charging at 80 V / 15 A in, 08:00–16:00 driving at 12 mph, parked otherwise.
  await db.execute(sql`
    insert into can_reading (vehicle_id, ts, battery_charge, pack_voltage, charge_status, vehicle_current, speed, odometer, motor_current)
    select v, ts,
      50 + 40 * sin(extract(epoch from ts) / 86400.0),
      case when hr between 2 and 5 then 80 else 78 end,
      case when hr between 2 and 5 then 1 else 0 end,
      case when hr between 2 and 5 then -15 when hr between 8 and 15 then 60 else 0 end,
      case when hr between 8 and 15 then 12 else 0 end,
      1000 + v * 10 + 96 * (floor(extract(epoch from ts) / 86400) - floor(extract(epoch from ${new Date(start)}::timestamptz) / 86400)) + case when hr >= 16 then 96 when hr >= 8 then 12 * (extract(epoch from ts)::bigint % 86400 - 28800) / 3600.0 else 0 end,
      case when hr = 12 then 300 else 80 end
    from generate_series(1, ${withHistory}) v,
      generate_series(${new Date(start)}::timestamptz, ${new Date(end)}::timestamptz, make_interval(secs => ${readingEverySeconds})) ts,
      lateral (select extract(hour from ts at time zone 'UTC')::int as hr) h`);
  // One SEVERE motor-current episode a day per vehicle (at noon), as the alert engine writes them.
  await db.execute(sql`
    insert into warning_log (vehicle_id, type, attribute_name, name, value, date, episode_since)
    select v, 'SEVERE', 'motorCurrent', 'Motor Current', 300, d + interval '12 hours 5 minutes', d + interval '12 hours'
    from generate_series(1, ${withHistory}) v, generate_series(date_trunc('day', ${new Date(start)}::timestamptz), ${new Date(end)}::timestamptz - interval '13 hours', interval '1 day') d`);
  await db.execute(sql`vacuum analyze`);

  const rebuildStarted = performance.now();
  for (let v = 1; v <= withHistory; v++) {
    for (let t = start; t <= end + 86_400_000 - 1; t += 86_400_000)
      await rebuildDay(db, v, new Date(t).toISOString().slice(0, 10));
  }
  return { rebuildMs: performance.now() - rebuildStarted, dayRows: withHistory * (days + 1) };
}
