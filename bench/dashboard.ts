/**
 * The dashboard's calls through the real HTTP application (app.inject: routing, guard, scope, the
 * queries, serialisation) on PostgreSQL with 10,000 vehicles and 30 days of readings for 100 of
 * them. Goal: p95 under 100 ms for the counts and the computed cards, for an
 * administrator, a dealer and a fleet owner. Needs TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.js';
import { hashPassword } from '../packages/server/src/auth/passwords.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { seedDemoAccounts } from '../packages/server/src/demo/demo-accounts.js';
import { DASHBOARD_SIZES, seedDashboard } from './dashboard-seed.js';
import { benchConfig, reportCalls, timeCalls, type TimedCall } from './support/api-calls.js';
import { freshDatabaseUrl } from './support/portal.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const GOAL_MS = 100;
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL is required (run through scripts/with-postgres.sh)');

const url = await freshDatabaseUrl(serverUrl, 'evfleet_dashboard_bench');

const config = benchConfig(url);
const database = await openDatabase(config.database, 10);
await seedReferenceData(database.db);
await seedDemoAccounts(database.db);
const started = performance.now();
const { rebuildMs, dayRows } = await seedDashboard(database.db);
const { rows: sizes } = await database.db.execute<{ readings: string; vehicles: string }>(
  sql`select (select count(*) from can_reading) as readings, (select count(*) from vehicle) as vehicles`,
);
console.log(
  `seeded ${Number(sizes[0].vehicles).toLocaleString('en')} vehicles, ${Number(sizes[0].readings).toLocaleString('en')} readings of ${DASHBOARD_SIZES.withHistory} vehicles over ${DASHBOARD_SIZES.days} days in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `${dayRows.toLocaleString('en')} vehicle-days rebuilt from the readings in ${(rebuildMs / 1000).toFixed(1)} s (${(rebuildMs / dayRows).toFixed(1)} ms each)`,
);

// Dealer 1 and the owner of fleet 1 sign in with accounts linked as the API would link them.
const hash = await hashPassword('bench-pass');
for (const [table, id, role] of [
  ['dealer', 1, 'ROLE_DEALER'],
  ['fleet', 1, 'ROLE_FLEET'],
] as const) {
  await database.db.execute(
    sql.raw(
      `insert into app_user (login, email, password_hash, activated) select email, email, '${hash}', true from ${table} where id = ${id}`,
    ),
  );
  await database.db.execute(
    sql.raw(`update ${table} p set user_id = u.id from app_user u where u.email = p.email and p.id = ${id}`),
  );
  await database.db.execute(
    sql.raw(`insert into user_authority (user_id, authority) select user_id, '${role}' from ${table} where id = ${id}`),
  );
}

const app = await buildApp({ config, database, logger: false });
await app.ready();
const signIn = async (username: string, password: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username}: ${res.statusCode}`);
  return `Bearer ${res.json<{ id_token: string }>().id_token}`;
};
const who = {
  administrator: await signIn('admin', 'admin123'),
  'dealer 1': await signIn('dealer1@dealers.example', 'bench-pass'),
  'fleet 1 owner': await signIn('fleet1@fleets.example', 'bench-pass'),
};

type Counts = { totalVehicles: number; totalVehiclesUnassigned: number };
type Cards = { miles: number; chargeConsumption: { kwh: number }; serviceIncidents: { count: number } };
const calls: TimedCall[] = [];
for (const path of ['/api/dashboard/dashboardCounts', '/api/dashboard/cards'])
  for (const [caller, authorization] of Object.entries(who))
    calls.push({
      name: `${path} as ${caller}`,
      url: path,
      authorization,
      answer: (body) => {
        if (path.endsWith('Counts')) {
          const c = body as Counts;
          return `${c.totalVehicles} vehicles, ${c.totalVehiclesUnassigned} unassigned`;
        }
        const c = body as Cards;
        return `${c.miles.toFixed(0)} mi, ${c.chargeConsumption.kwh.toFixed(0)} kWh, ${c.serviceIncidents.count} incidents`;
      },
    });
reportCalls(await timeCalls(app, calls, ROUNDS), GOAL_MS, ROUNDS);
await app.close();
await database.close();
