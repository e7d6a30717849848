/**
 * evfleet for the CAN report benchmark, in its own process so its memory is measured alone:
 * PostgreSQL from TEST_DATABASE_URL, the demo accounts and one vehicle. Prints "READY <port>
 * <vehicleId>" once listening, then "MEM <rss MB>" every 100 ms.
 */
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { seedDemoAccounts } from '../packages/server/src/demo/demo-accounts.js';

process.on('SIGINT', () => process.exit(0));
// The benchmark stops reading once done; that is the end, not an error.
process.stdout.on('error', () => process.exit(0));
const config = loadConfig({
  DATABASE_URL: process.env.TEST_DATABASE_URL,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: 'warn',
  MQTT_PORT: '0',
  TELTONIKA_PORT: '0',
  OSMAND_PORT: '0',
  DATA_DIR: '/tmp/evfleet-bench',
});
const database = await openDatabase(config.database, 20);
await seedReferenceData(database.db);
await seedDemoAccounts(database.db);
if (database.raw.kind !== 'postgres') throw new Error('PostgreSQL only');
const { rows } = await database.raw.pool.query<{ id: number }>(
  `insert into vehicle (name, vin, time_zone) values ('Bench cart', 'BENCH-CAN-1', 'UTC') returning id`,
);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as { port: number }).port} ${rows[0].id}`);
setInterval(() => console.log(`MEM ${Math.round(process.memoryUsage().rss / 1e6)}`), 100).unref();
