/**
 * Every people list and search through the real HTTP application (app.inject: routing, the guard,
 * scope, validation, the queries, serialisation) on PostgreSQL with 1,000 dealers, 10,000 fleets and
 * 100,000 drivers. Goal: p95 under 50 ms for each. Needs TEST_DATABASE_URL
 * (scripts/with-postgres.sh).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { hashPassword } from '../packages/server/src/auth/passwords.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { seedDemoAccounts } from '../packages/server/src/demo/demo-accounts.js';
import { seedPeople, SIZES } from './people-seed.js';
import { benchConfig } from './support/api-calls.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const GOAL_MS = 50;

async function freshDatabaseUrl(serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists evfleet_people_bench with (force)');
  await admin.query('create database evfleet_people_bench');
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/evfleet_people_bench';
  return url.toString();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// BENCH_DATABASE_URL measures a database this script seeded before (to iterate on queries quickly).
const seeded = process.env.BENCH_DATABASE_URL;
const serverUrl = process.env.TEST_DATABASE_URL;
if (!seeded && !serverUrl) throw new Error('TEST_DATABASE_URL is required (run through scripts/with-postgres.sh)');
const url = seeded ?? (await freshDatabaseUrl(serverUrl as string));
const config = benchConfig(url);
const database = await openDatabase(config.database, 10);
let started = Date.now();
if (!seeded) {
  await seedReferenceData(database.db);
  await seedDemoAccounts(database.db);
  await seedPeople(database.db);
  console.log(
    `seeded ${Object.entries(SIZES)
      .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
      .join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
// Dealer 1 and fleet 1 sign in too, for the scoped lists.
const hash = await hashPassword('bench-pass');
await database.db.execute(
  sql`update app_user set password_hash = ${hash} where email in ('dealer1@dealers.example', 'fleet1@fleets.example')`,
);

const app = await buildApp({ config, database, logger: false });
await app.ready();
const signIn = async (username: string, password: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
  return `Bearer ${res.json<{ id_token: string }>().id_token}`;
};
const who = {
  admin: await signIn('admin', 'admin123'),
  dealer: await signIn('dealer1@dealers.example', 'bench-pass'),
  fleet: await signIn('fleet1@fleets.example', 'bench-pass'),
};

const cases: [string, keyof typeof who, string][] = [];
const lists: [string, string, number, string][] = [
  ['dealers', '/api/dealers', SIZES.dealers, '/api/dealers/search?name=smith'],
  ['fleets', '/api/fleets', SIZES.fleets, '/api/fleets/search?searchKey=smith'],
  ['drivers', '/api/drivers', SIZES.drivers, '/api/drivers/search?name=smith'],
  ['super users', '/api/superUsers', SIZES.superUsers, '/api/superUsers/search/?name=smith'],
];
for (const [name, path, count, search] of lists) {
  for (const size of [10, 1000]) {
    const last = Math.ceil(count / size) - 1;
    cases.push([`${name} size ${size} first page`, 'admin', `${path}?pageSize=${size}&pageNo=0`]);
    if (last > 0)
      cases.push([`${name} size ${size} page ${last} (last)`, 'admin', `${path}?pageSize=${size}&pageNo=${last}`]);
    cases.push([`${name} search 'smith' size ${size}`, 'admin', `${search}&pageSize=${size}&pageNo=0`]);
  }
}
cases.push(
  ["drivers search 'driver12345@'", 'admin', '/api/drivers/search?name=driver12345@&pageSize=10&pageNo=0'],
  ['dealers unassigned size 10', 'admin', '/api/dealers/unassigned?pageSize=10&pageNo=0'],
  ['drivers of dealer 1 (dealer) size 10', 'dealer', '/api/drivers?pageSize=10&pageNo=0'],
  ["drivers of dealer 1 search 'smith'", 'dealer', '/api/drivers/search?name=smith&pageSize=10&pageNo=0'],
  ['fleets of dealer 1 (dealer) size 1000', 'dealer', '/api/fleets?pageSize=1000&pageNo=0'],
  ['drivers of fleet 1 (fleet owner) size 10', 'fleet', '/api/drivers?pageSize=10&pageNo=0'],
  ['vehicles assigned to fleet 1', 'admin', '/api/vehicles/assigned?fleetId=1&pageSize=10&pageNo=0'],
);

// Measured and shown, outside the goal: a term in every driver's email makes the exact total count all 100,000 rows.
const broad: [string, keyof typeof who, string][] = [
  [
    "drivers search 'driver' (matches all; outside the goal)",
    'admin',
    '/api/drivers/search?name=driver&pageSize=10&pageNo=0',
  ],
];

const rows: { name: string; rows: number; total: number; p50: number; p95: number; max: number }[] = [];
for (const [name, caller, url] of [...cases, ...broad]) {
  const call = () => app.inject({ url, headers: { authorization: who[caller] } });
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  let body = { data: [] as unknown[], totalCount: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    started = performance.now();
    const res = await call();
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i === 0) body = res.json();
  }
  times.sort((x, y) => x - y);
  rows.push({
    name,
    rows: body.data.length,
    total: body.totalCount,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1],
  });
}

console.log(`\n| call | rows | totalCount | p50 ms | p95 ms | max ms |\n| --- | ---: | ---: | ---: | ---: | ---: |`);
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.rows} | ${r.total.toLocaleString('en')} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`,
  );
const slow = rows.slice(0, cases.length).filter((r) => r.p95 >= GOAL_MS);
console.log(
  slow.length
    ? `\n${slow.length} call(s) at or above the ${GOAL_MS} ms p95 goal`
    : `\nevery call under the ${GOAL_MS} ms p95 goal (${ROUNDS} rounds each)`,
);
if (slow.length) process.exitCode = 1;
await app.close();
await database.close();
