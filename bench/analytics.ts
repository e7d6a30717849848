/**
 * The EV analytics calls through the real HTTP application (app.inject: routing, guard,
 * scope, the queries, serialisation) on PostgreSQL. Seeded in PostgreSQL itself: 10,000 vehicles
 * with 90 days of daily figures and a capacity estimate each; one vehicle with 90 days of trips
 * (six a day), charging sessions (two a day) and rest cell figures; another with 10 days of
 * readings of every signal and 32 cells, one a second (864,000). The summaries the pipeline keeps
 * as readings arrive (running totals, per-minute signal extremes) are built with the server's own
 * rebuilds. Goals: `api/analytics/fleet` over
 * 90 days p95 < 200 ms; one vehicle's charging sessions, trips and battery health over 90 days
 * p95 < 50 ms; the signal chart over the 864,000 readings < 300 ms.
 * Needs TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { seedDemoAccounts } from '../packages/server/src/demo/demo-accounts.js';
import { refreshRunningTotals } from '../packages/server/src/modules/dashboard/running-totals.js';
import { utcDay } from '../packages/server/src/modules/analytics/analytics.repository.js';
import { SIGNAL_READINGS as CHART_READINGS, seedSignalReadings } from './signal-readings-seed.js';
import { BENCH_VEHICLES, seedVehicles } from './vehicles-seed.js';
import { freshDatabaseUrl } from './support/portal.js';
import { benchConfig } from './support/api-calls.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const DAYS = 90;
const DAY_MS = 86_400_000;
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL is required (run through scripts/with-postgres.sh)');

const url = await freshDatabaseUrl(serverUrl, 'evfleet_analytics_bench');
const config = benchConfig(url);
const database = await openDatabase(config.database, 10);
const { db } = database;
await seedReferenceData(db);
await seedDemoAccounts(db);

let started = performance.now();
await seedVehicles(db);
await db.execute(sql`update vehicle set rated_capacity_kwh = 12 + (id % 9)`);
const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
// Every vehicle: 90 days of daily figures, a driving day in five parked, and a capacity estimate.
await db.execute(sql`
  insert into vehicle_daily_stat (vehicle_id, day, miles, energy_kwh, charging_seconds, energy_used_kwh, gps_miles,
    idle_seconds, idle_charge_lost, rest_spread_sum_mv, rest_spread_count)
  select v.id, ${today}::date - d,
    case when (v.id + d) % 5 = 0 then 0 else 20 + (v.id * 7 + d * 13) % 40 end,
    5 + (v.id + d) % 7, 3600 * (1 + d % 3),
    case when (v.id + d) % 5 = 0 then 0.3 else (20 + (v.id * 7 + d * 13) % 40) * (0.18 + (v.id % 15) / 100.0) end,
    0, 40000 + (v.id % 20) * 1000, 0.5 + (v.id % 10) / 10.0, 30 * (20 + v.id % 30), 30
  from vehicle v, generate_series(0, ${DAYS - 1}) d`);
await db.execute(sql`
  insert into battery_estimate (vehicle_id, estimated_capacity_kwh, sessions)
  select id, (12 + id % 9) * (0.8 + (id % 20) / 100.0), 20 from vehicle`);
// The running totals the fleet table reads, as the daily statistics keep them.
const ids = (await db.execute<{ id: number }>(sql`select id from vehicle`)).rows;
await refreshRunningTotals(
  db,
  ids.map(({ id }) => ({ vehicleId: id, day: utcDay(today.getTime() - DAYS * DAY_MS) })),
);
const fleetSeeded = performance.now() - started;

// One vehicle's 90 days of episodes and cell figures.
const [{ id: oneId }] = (await db.execute<{ id: number }>(sql`select min(id)::int as id from vehicle`)).rows;
started = performance.now();
await db.execute(sql`
  insert into trip (vehicle_id, start_ts, end_ts, energy_kwh, peak_power_kw, start_charge, end_charge, start_odometer, end_odometer, gps_miles, gps_lat, gps_long)
  select ${oneId}, t, t + interval '40 minutes', 2.5 + (k % 7) / 10.0, 9, 80 - k % 6 * 5, 70 - k % 6 * 5, 1000 + k * 10, 1009 + k * 10, 9.1, 41.8, -87.6
  from generate_series(0, ${DAYS * 6 - 1}) k, lateral (select ${today}::timestamptz - ${DAYS} * interval '1 day' + k * interval '4 hours' as t) x`);
await db.execute(sql`
  insert into charging_session (vehicle_id, start_ts, end_ts, energy_kwh, peak_power_kw, start_charge, end_charge, gps_lat, gps_long)
  select ${oneId}, t, t + interval '2 hours', 4 + (k % 5) / 10.0, 3.3, 30, 65 + k % 10, 41.8, -87.6
  from generate_series(0, ${DAYS * 2 - 1}) k, lateral (select ${today}::timestamptz - ${DAYS} * interval '1 day' + k * interval '12 hours' + interval '1 hour' as t) x`);
await db.execute(sql`
  insert into low_cell_count (vehicle_id, day, cell, count)
  select ${oneId}, ${today}::date - d, c, case when c = 7 then 25 else 1 end from generate_series(0, ${DAYS - 1}) d, generate_series(1, 32) c`);
const episodesSeeded = performance.now() - started;

// Another vehicle's 864,000 readings of every signal and 32 cells, one a second, ending an hour ago.
const [{ id: chartId }] = (await db.execute<{ id: number }>(sql`select max(id)::int as id from vehicle`)).rows;
started = performance.now();
const { start: chartStart, end: chartEnd } = await seedSignalReadings(db, chartId);
const readingsSeeded = performance.now() - started;
console.log(
  `seeded ${BENCH_VEHICLES.toLocaleString('en')} vehicles × ${DAYS} days of figures in ${(fleetSeeded / 1000).toFixed(1)} s, ` +
    `one vehicle's ${DAYS * 6} trips and ${DAYS * 2} sessions in ${(episodesSeeded / 1000).toFixed(1)} s, ` +
    `${CHART_READINGS.toLocaleString('en')} readings in ${(readingsSeeded / 1000).toFixed(1)} s`,
);

const app = await buildApp({ config, database, logger: false });
await app.ready();
const res = await app.inject({
  method: 'POST',
  url: '/api/authenticate',
  payload: { username: 'admin', password: 'admin123' },
});
const authorization = `Bearer ${res.json<{ id_token: string }>().id_token}`;

const iso = (ts: number) => new Date(ts).toISOString();
const period = `from=${iso(today.getTime() - DAYS * DAY_MS)}&to=${iso(Date.now())}`;
const calls: { name: string; url: string; goal: number; answer: (body: string) => string }[] = [
  {
    name: `fleet table, ${BENCH_VEHICLES.toLocaleString('en')} vehicles, ${DAYS} days`,
    url: `/api/analytics/fleet?${period}`,
    goal: 200,
    answer: (b) => `${(JSON.parse(b) as unknown[]).length} rows`,
  },
  {
    name: `charging sessions, one vehicle, ${DAYS} days`,
    url: `/api/vehicles/${oneId}/charging-sessions?${period}`,
    goal: 50,
    answer: (b) => `${(JSON.parse(b) as unknown[]).length} sessions`,
  },
  {
    name: `trips, one vehicle, ${DAYS} days`,
    url: `/api/vehicles/${oneId}/trips?${period}`,
    goal: 50,
    answer: (b) => `${(JSON.parse(b) as unknown[]).length} trips`,
  },
  {
    name: 'battery health, one vehicle',
    url: `/api/vehicles/${oneId}/battery-health`,
    goal: 50,
    answer: (b) => {
      const h = JSON.parse(b) as { estimatedCapacityKwh: number; weakestCell: number };
      return `${h.estimatedCapacityKwh} kWh, weakest cell ${h.weakestCell}`;
    },
  },
  {
    name: `signal chart, ${CHART_READINGS.toLocaleString('en')} readings, 1,000 points`,
    url: `/api/vehicles/${chartId}/signal-series?signal=speed&points=1000&from=${iso(chartStart)}&to=${iso(chartEnd)}`,
    goal: 300,
    answer: (b) => {
      const s = JSON.parse(b) as { readings: number; ts: number[] };
      return `${s.readings.toLocaleString('en')} readings in ${s.ts.length} buckets`;
    },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const rows: { name: string; answer: string; p50: number; p95: number; max: number; goal: number }[] = [];
for (const c of calls) {
  const call = () => app.inject({ url: c.url, headers: { authorization } });
  const first = await call();
  if (first.statusCode !== 200) throw new Error(`${c.url}: ${first.statusCode} ${first.body.slice(0, 300)}`);
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((x, y) => x - y);
  rows.push({
    name: c.name,
    answer: c.answer(first.body),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1],
    goal: c.goal,
  });
}

console.log(`\n| call | answer | p50 ms | p95 ms | max ms | goal (p95) |\n| --- | --- | ---: | ---: | ---: | ---: |`);
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.answer} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | < ${r.goal} ms |`,
  );
const slow = rows.filter((r) => r.p95 >= r.goal);
console.log(
  slow.length ? `\n${slow.length} call(s) missed their goal` : `\nevery call met its goal (${ROUNDS} rounds each)`,
);
if (slow.length) process.exitCode = 1;
await app.close();
await database.close();
