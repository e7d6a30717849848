import { and, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  vehicleSeen,
  visibleDealers,
  visibleDrivers,
  visibleFleets,
  visibleVehicles,
  type Scope,
} from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { dealer, driver, fleet, vehicle } from '../../db/schema.js';

/** A count of a table's rows under the given conditions (all rows when there are none). */
const count = (table: PgTable, ...conditions: (SQL | undefined)[]) => {
  const where = and(...conditions);
  return sql`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})`;
};

/**
 * The five counts in one statement (docs/dashboard.md "Counts"): what the caller sees by the
 * visibility rules, and "unassigned" as its scope means it (no dealer and no fleet for
 * administrators and staff, no fleet for a dealer, no driver for a fleet owner; a driver's vehicles
 * are all assigned). A fleet owner and a driver belong to one dealer, and a driver to one fleet.
 */
function countsSql(scope: Scope): SQL {
  const vehicles = (unassigned?: SQL) => count(vehicle, visibleVehicles(scope), unassigned);
  switch (scope.kind) {
    case 'all':
      return sql`select ${vehicles()} as vehicles, ${count(dealer, visibleDealers(scope))} as dealers,
        ${count(fleet, visibleFleets(scope))} as fleets, ${count(driver, visibleDrivers(scope))} as drivers,
        ${vehicles(sql`${vehicle.dealerId} is null and ${vehicle.fleetId} is null`)} as unassigned`;
    case 'dealer':
      return sql`select ${vehicles()} as vehicles, 1 as dealers, ${count(fleet, visibleFleets(scope))} as fleets,
        ${count(driver, visibleDrivers(scope))} as drivers, ${vehicles(sql`${vehicle.fleetId} is null`)} as unassigned`;
    case 'fleet':
      return sql`select ${vehicles()} as vehicles, 1 as dealers, 1 as fleets, ${count(driver, visibleDrivers(scope))} as drivers,
        ${vehicles(sql`${vehicle.driverId} is null`)} as unassigned`;
    case 'driver':
      return sql`select ${vehicles()} as vehicles, 1 as dealers, 1 as fleets, 1 as drivers, 0 as unassigned`;
    case 'none':
      return sql`select 0 as vehicles, 0 as dealers, 0 as fleets, 0 as drivers, 0 as unassigned`;
  }
}

type Count = number | string;
const n = (v: Count | null) => Number(v ?? 0);

export const dashboardRepository = {
  async counts(db: Db, scope: Scope) {
    const { rows } = await db.execute<{
      vehicles: Count;
      dealers: Count;
      fleets: Count;
      drivers: Count;
      unassigned: Count;
    }>(countsSql(scope));
    const r = rows[0];
    return {
      totalVehicles: n(r.vehicles),
      totalDealers: n(r.dealers),
      totalFleets: n(r.fleets),
      totalDrivers: n(r.drivers),
      totalVehiclesUnassigned: n(r.unassigned),
    };
  },

  /** Sums of the daily figures and the SEVERE episodes of the caller's vehicles over [from, to). */
  async period(db: Db, scope: Scope, from: string, to: string) {
    const all = scope.kind === 'all';
    const stats = all
      ? sql`select coalesce(sum(miles), 0) as miles, coalesce(sum(energy_kwh), 0) as kwh, coalesce(sum(charging_seconds), 0) as seconds
          from vehicle_daily_stat where day >= ${from}::date and day < ${to}::date`
      : sql`select coalesce(sum(s.miles), 0) as miles, coalesce(sum(s.energy_kwh), 0) as kwh, coalesce(sum(s.charging_seconds), 0) as seconds
          from vehicle join vehicle_daily_stat s on s.vehicle_id = vehicle.id where ${vehicleSeen(scope)} and s.day >= ${from}::date and s.day < ${to}::date`;
    // Each SEVERE row is one episode entered (warning_log's key is vehicle, metric, type, episode start).
    const [since, until] = [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)];
    const incidents = all
      ? sql`select count(*) as incidents from warning_log where type = 'SEVERE' and date >= ${since} and date < ${until}`
      : sql`select count(*) as incidents from vehicle join warning_log w on w.vehicle_id = vehicle.id
          where ${vehicleSeen(scope)} and w.type = 'SEVERE' and w.date >= ${since} and w.date < ${until}`;
    const vehicles = sql`select count(*) as vehicles from vehicle where ${vehicleSeen(scope)}`;
    const [s, i, v] = await Promise.all([
      db.execute<{ miles: Count; kwh: Count; seconds: Count }>(stats),
      db.execute<{ incidents: Count }>(incidents),
      db.execute<{ vehicles: Count }>(vehicles),
    ]);
    return {
      miles: n(s.rows[0].miles),
      kwh: n(s.rows[0].kwh),
      seconds: n(s.rows[0].seconds),
      incidents: n(i.rows[0].incidents),
      vehicles: n(v.rows[0].vehicles),
    };
  },

  /**
   * The same figures day by day over [from, to): only the days that have any (the service fills the
   * quiet ones). SEVERE episodes count on the UTC day they began.
   */
  async days(db: Db, scope: Scope, from: string, to: string) {
    const all = scope.kind === 'all';
    const stats = all
      ? sql`select day::text as day, sum(miles) as miles, sum(energy_kwh) as kwh, sum(charging_seconds) as seconds
          from vehicle_daily_stat where day >= ${from}::date and day < ${to}::date group by day`
      : sql`select s.day::text as day, sum(s.miles) as miles, sum(s.energy_kwh) as kwh, sum(s.charging_seconds) as seconds
          from vehicle join vehicle_daily_stat s on s.vehicle_id = vehicle.id
          where ${vehicleSeen(scope)} and s.day >= ${from}::date and s.day < ${to}::date group by s.day`;
    const [since, until] = [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)];
    const utcDay = sql`((w.date at time zone 'UTC')::date)::text`;
    const incidents = all
      ? sql`select ${utcDay} as day, count(*) as incidents from warning_log w
          where w.type = 'SEVERE' and w.date >= ${since} and w.date < ${until} group by 1`
      : sql`select ${utcDay} as day, count(*) as incidents from vehicle join warning_log w on w.vehicle_id = vehicle.id
          where ${vehicleSeen(scope)} and w.type = 'SEVERE' and w.date >= ${since} and w.date < ${until} group by 1`;
    const [s, i] = await Promise.all([
      db.execute<{ day: string; miles: Count; kwh: Count; seconds: Count }>(stats),
      db.execute<{ day: string; incidents: Count }>(incidents),
    ]);
    return {
      stats: new Map(s.rows.map((r) => [r.day, { miles: n(r.miles), kwh: n(r.kwh), seconds: n(r.seconds) }])),
      incidents: new Map(i.rows.map((r) => [r.day, n(r.incidents)])),
    };
  },
};
