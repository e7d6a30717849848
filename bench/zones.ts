/**
 * The zones' calls through the real HTTP application (app.inject: routing, guard, scope, the
 * queries, serialisation) on PostgreSQL with 10,000 zones of 10 dealers and their 100 fleets, and a
 * depot visited twice a day for 90 days by each of 20 vehicles, half the visits with a priced
 * charge. Goal: p95 under 100 ms for the zone list (a page of 10, the 1,000 a map asks for) as an
 * administrator, a dealer and a fleet owner, and for the depot's visits over 90 days. Needs
 * TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.js';
import { hashPassword } from '../packages/server/src/auth/passwords.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { seedDemoAccounts } from '../packages/server/src/demo/demo-accounts.js';
import { benchConfig, reportCalls, timeCalls, type TimedCall } from './support/api-calls.js';
import { freshDatabaseUrl } from './support/portal.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const GOAL_MS = 100;
const ZONES = 10_000;
const DAYS = 90;
const VISITORS = 20;
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL is required (run through scripts/with-postgres.sh)');

const url = await freshDatabaseUrl(serverUrl, 'evfleet_zones_bench');
const config = benchConfig(url);
const database = await openDatabase(config.database, 10);
await seedReferenceData(database.db);
await seedDemoAccounts(database.db);
const run = (text: string) => database.db.execute(sql.raw(text));
const started = performance.now();

// 10 dealers of 10 fleets each; dealer 1 and the owner of fleet 1 sign in.
await run(`insert into dealer (name, email, mobile_number, company, address, activation)
  select 'Dealer ' || d, 'dealer' || d || '@dealers.example', '0123456789', 'Company ' || d, 'Street', true
  from generate_series(1, 10) d`);
await run(`insert into fleet (name, email, dealer_id)
  select 'Fleet ' || f, 'fleet' || f || '@fleets.example', (f - 1) / 10 + 1 from generate_series(1, 100) f`);
const hash = await hashPassword('bench-pass');
for (const [table, role] of [
  ['dealer', 'ROLE_DEALER'],
  ['fleet', 'ROLE_FLEET'],
] as const) {
  await run(
    `insert into app_user (login, email, password_hash, activated) select email, email, '${hash}', true from ${table} where id = 1`,
  );
  await run(`update ${table} p set user_id = u.id from app_user u where u.email = p.email and p.id = 1`);
  await run(`insert into user_authority (user_id, authority) select user_id, '${role}' from ${table} where id = 1`);
}
// 10,000 zones: squares of about 600 m on a grid over Chicago, each fleet's 90, each dealer's own 10.
await run(`insert into zone (name, kind, geometry, fleet_id, dealer_id, evening_time, tariff)
  select 'Zone ' || i, case when i % 100 = 1 then 'depot' else 'zone' end,
    jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(jsonb_build_array(
      jsonb_build_array(lng - 0.003, lat - 0.003), jsonb_build_array(lng + 0.003, lat - 0.003),
      jsonb_build_array(lng + 0.003, lat + 0.003), jsonb_build_array(lng - 0.003, lat + 0.003),
      jsonb_build_array(lng - 0.003, lat - 0.003)))),
    case when i % 100 <= 90 then (i - 1) / 100 + 1 end, case when i % 100 > 90 then (i - 1) / 1000 + 1 end,
    case when i % 100 = 1 then '18:00' end,
    case when i % 100 = 1 then '{"currency":"USD","perKwh":0.14,"bands":[{"from":"07:00","to":"23:00","perKwh":0.21}]}'::jsonb end
  from generate_series(1, ${ZONES}) i,
    lateral (select 41.6 + (i / 100) * 0.01 as lat, -88.0 + (i % 100) * 0.01 as lng) p`);
// The depot of fleet 1 (zone 1) visited 05:00-08:00 and 17:00-23:00 every day by 20 vehicles of fleet 1.
await run(`insert into vehicle (name, vin, fleet_id, dealer_id)
  select 'Visitor ' || v, 'ZONEBENCH' || v, 1, 1 from generate_series(1, ${VISITORS}) v`);
const day0 = `date_trunc('day', now()) - interval '${DAYS} days'`;
await run(`insert into zone_visit (vehicle_id, zone_id, entered_at, exited_at, start_odometer, end_odometer, gps_miles, last_ts)
  select v.id, 1, ${day0} + d * interval '1 day' + s.start, ${day0} + d * interval '1 day' + s.stop,
    1000 + d * 40, 1000 + d * 40 + 0.3, 0.3, ${day0} + d * interval '1 day' + s.stop - interval '10 seconds'
  from vehicle v, generate_series(0, ${DAYS - 1}) d,
    (values (interval '5 hours', interval '8 hours'), (interval '17 hours', interval '23 hours')) s(start, stop)
  where v.vin like 'ZONEBENCH%'`);
await run(`insert into charging_session (vehicle_id, start_ts, end_ts, energy_kwh, zone_id, cost, currency, priced_at)
  select v.id, ${day0} + d * interval '1 day' + interval '18 hours', ${day0} + d * interval '1 day' + interval '22 hours',
    12, 1, 1.68, 'USD', now()
  from vehicle v, generate_series(0, ${DAYS - 1}) d where v.vin like 'ZONEBENCH%'`);
await run('analyze');
console.log(
  `seeded ${ZONES.toLocaleString('en')} zones and ${(VISITORS * DAYS * 2).toLocaleString('en')} visits of one depot in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

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
const period = `from=${new Date(Date.now() - DAYS * 86_400_000).toISOString()}&to=${new Date().toISOString()}`;
const answer = (body: unknown) =>
  Array.isArray(body)
    ? `${body.length} visits`
    : `${(body as { data: unknown[] }).data.length} of ${(body as { totalCount: number }).totalCount} zones`;
const calls: TimedCall[] = [];
for (const [caller, authorization] of Object.entries(who))
  for (const size of [10, 1000])
    calls.push({
      name: `GET api/zones size ${size} as ${caller}`,
      url: `/api/zones?pageSize=${size}&pageNo=0`,
      authorization,
      answer,
    });
for (const caller of ['administrator', 'fleet 1 owner'] as const)
  calls.push({
    name: `GET api/zones/1/visits over ${DAYS} days as ${caller}`,
    url: `/api/zones/1/visits?${period}`,
    authorization: who[caller],
    answer,
  });
reportCalls(await timeCalls(app, calls, ROUNDS), GOAL_MS, ROUNDS);
await app.close();
await database.close();
