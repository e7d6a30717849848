/**
 * The vehicle screens' calls through the real HTTP application (app.inject) on PostgreSQL with
 * 10,000 vehicles and, for 20 of them, 90 days of history at one reading every 10 s (15.55 M rows,
 * generated inside PostgreSQL with INSERT … SELECT over generate_series: nothing crosses the wire).
 * Goal: p95 under 50 ms for the vehicle list and search at page size 1,000 and for every
 * detail call (device-can-data, cells, movingDates, mapTimeSlot, mapDetail, notifications).
 * Needs TEST_DATABASE_URL (scripts/with-postgres.sh); BENCH_DATABASE_URL reuses a seeded database.
 *
 * The history fills the columns the detail calls read (position, speed, heading, charge, odometer);
 * the other signals stay null, which keeps the load to a few minutes on a small machine.
 */
import { cpus, loadavg } from 'node:os';
import { DEFAULT_THRESHOLDS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { seedDemoAccounts } from '../packages/server/src/demo/demo-accounts.js';
import { createPartitionManager } from '../packages/server/src/telemetry/partitions.js';
import { freshDatabaseUrl } from './support/portal.js';
import { seedVehicles } from './vehicles-seed.js';
import { benchConfig } from './support/api-calls.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const HISTORY_VEHICLES = 20;
const DAYS = 90;
const GOAL_MS = 50;
const DAY_MS = 86_400_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const seeded = process.env.BENCH_DATABASE_URL;
const serverUrl = process.env.TEST_DATABASE_URL;
if (!seeded && !serverUrl) throw new Error('TEST_DATABASE_URL is required (run through scripts/with-postgres.sh)');
const url = seeded ?? (await freshDatabaseUrl(serverUrl as string, 'evfleet_vehicles_bench'));
const config = benchConfig(url);
const database = await openDatabase(config.database, 10);
const { db } = database;
const end = Math.floor(Date.now() / DAY_MS) * DAY_MS; // today 00:00 UTC: whole days of history
const start = end - DAYS * DAY_MS;

async function seed() {
  let t0 = Date.now();
  await seedReferenceData(db);
  await seedDemoAccounts(db);
  await seedVehicles(db);
  // Every vehicle judged by its own copy of the default thresholds, under the first built-in template.
  await db.execute(
    sql`update vehicle set attributes = ${JSON.stringify(DEFAULT_THRESHOLDS)}::jsonb, template_id = (select min(id) from vehicle_template) where vin like 'BENCHVIN%'`,
  );
  console.log(`seeded 10,000 vehicles in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const partitions = createPartitionManager({
    query: (t) => pool.query(t),
    rows: async (t) => (await pool.query(t)).rows,
  });
  await partitions.ensureFor(Array.from({ length: DAYS + 1 }, (_, d) => start + d * DAY_MS));
  t0 = Date.now();
  for (let k = 1; k <= HISTORY_VEHICLES; k++) {
    // Moving (with a route) from 08:00, 12:00 and 17:00 UTC for an hour each day; parked otherwise.
    await pool.query(
      `insert into can_reading (vehicle_id, ts, speed, gps_lat, gps_long, heading, battery_charge, odometer)
       select $1, t, case when moving then 12 + extract(minute from t)::int % 10 else 0 end,
              35 + $2 * 0.2 + case when moving then extract(epoch from t)::bigint % 3600 / 36000.0 else 0 end,
              -97 - $2 * 0.2 + case when moving then extract(epoch from t)::bigint % 3600 / 72000.0 else 0 end,
              extract(epoch from t)::bigint % 360, 100 - extract(hour from t)::int * 3, 1000 + extract(epoch from t - $3::timestamptz) / 360
       from generate_series($3::timestamptz, $4::timestamptz - interval '10 seconds', interval '10 seconds') t,
            lateral (select extract(hour from t)::int in (8, 12, 17) as moving) m`,
      [k, k, new Date(start).toISOString(), new Date(end).toISOString()],
    );
    process.stdout.write(`\rhistory: vehicle ${k}/${HISTORY_VEHICLES}, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.log(
    `\nloaded ${(HISTORY_VEHICLES * DAYS * 8640).toLocaleString('en')} readings in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  // The trips the pipeline would have recorded, and a warning log of 500 entries per vehicle.
  await pool.query(
    `insert into trip (vehicle_id, start_ts, end_ts)
     select v, d + make_interval(hours => h), d + make_interval(hours => h) + interval '59 minutes 50 seconds'
     from generate_series(1, $1) v, generate_series($2::timestamptz, $3::timestamptz - interval '1 day', interval '1 day') d, unnest(array[8, 12, 17]) h`,
    [HISTORY_VEHICLES, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  await pool.query(
    `insert into warning_log (vehicle_id, type, attribute_name, name, value, date, episode_since, notification_content)
     select v, (array['WARNING','SEVERE','NORMAL'])[1 + n % 3], 'speedAlert', 'Speed Alert', 40 + n % 10, $2::timestamptz + n * interval '4 hours',
            $2::timestamptz + n * interval '4 hours', 'Bench alert ' || n
     from generate_series(1, $1) v, generate_series(0, 499) n`,
    [HISTORY_VEHICLES, new Date(start).toISOString()],
  );
  t0 = Date.now();
  await pool.query('vacuum analyze');
  console.log(`vacuum analyze in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await pool.end();
}

if (!seeded) await seed();
const app = await buildApp({ config, database, logger: false });
await app.ready();
const token = `Bearer ${(await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'admin', password: 'admin123' } })).json<{ id_token: string }>().id_token}`;

const day = new Date(end - 10 * DAY_MS).toISOString().slice(0, 10);
const vin = (k: number) => `BENCHVIN${String(k).padStart(9, '0')}`;
const cases: [string, (k: number) => string][] = [
  ['vehicle list, size 1000, first page', () => '/api/vehicles?pageSize=1000&pageNo=0'],
  ['vehicle list, size 1000, last page', () => '/api/vehicles?pageSize=1000&pageNo=9'],
  [
    "vehicle search 'cart 01' (1,000 matches), size 1000",
    () => '/api/vehicles/search?name=cart%2001&pageSize=1000&pageNo=0',
  ],
  [
    "vehicle search 'benchvin00000123' (VIN), size 1000",
    () => '/api/vehicles/search?name=benchvin00000123&pageSize=1000&pageNo=0',
  ],
  ['vehicle detail GET api/vehicles/{id}', (k) => `/api/vehicles/${k}`],
  ['device-can-data', (k) => `/api/vehicles/device-can-data?vin=${vin(k)}`],
  ['cells', (k) => `/api/vehicles/cells?vin=${vin(k)}`],
  ['movingDates (90 days of trips)', (k) => `/api/vehicle/movingDates/${k}`],
  ['mapTimeSlot (a day)', (k) => `/api/vehicle/mapTimeSlot/${k}?date=${day}`],
  ['mapDetail (one trip: 360 points)', (k) => `/api/vehicle/mapDetail/${k}?date=${day}&timeSlot=2`],
  ['notifications (warning log, 10 a page)', (k) => `/api/notifications?vehicleId=${k}&pageNo=0&pageSize=10`],
];

// The machine's load is printed with the figures: on a shared machine it moves them more than the code does.
const load = () =>
  `${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (${cpus().length} cores)`;
console.log(`load average before: ${load()}`);
const rows: { name: string; size: number; min: number; p50: number; p95: number; max: number; cpu: number }[] = [];
for (const [name, path] of cases) {
  // Detail calls rotate over the 20 vehicles with history.
  const call = (i: number) => app.inject({ url: path(1 + (i % HISTORY_VEHICLES)), headers: { authorization: token } });
  for (let i = 0; i < 5; i++) await call(i);
  const times: number[] = [];
  let size = 0;
  // The server's own CPU per call (this process): what the call costs whatever else the cores are doing.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    const res = await call(i);
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${path(1)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i === 0) {
      const body = res.json<unknown>();
      size = Array.isArray(body)
        ? body.length
        : typeof body === 'object' && body && 'data' in body && Array.isArray(body.data)
          ? body.data.length
          : 1;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((x, y) => x - y);
  rows.push({
    name,
    size,
    min: times[0],
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1],
    cpu: (cpu.user + cpu.system) / 1000 / ROUNDS,
  });
}

console.log(`load average after: ${load()}`);
console.log(
  `\n| call | items | min ms | p50 ms | p95 ms | max ms | Node CPU ms |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
);
const ms = (x: number) => x.toFixed(1);
for (const r of rows)
  console.log(`| ${r.name} | ${r.size} | ${ms(r.min)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${ms(r.cpu)} |`);
const slow = rows.filter((r) => r.p95 >= GOAL_MS);
console.log(
  slow.length
    ? `\n${slow.length} call(s) at or above the ${GOAL_MS} ms p95 goal`
    : `\nevery call under the ${GOAL_MS} ms p95 goal (${ROUNDS} rounds each)`,
);
if (slow.length) process.exitCode = 1;
await app.close();
await database.close();
