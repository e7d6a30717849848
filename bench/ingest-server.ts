/**
 * evfleet for the ingestion benchmark, in its own process: PostgreSQL from TEST_DATABASE_URL and the
 * embedded MQTT broker on MQTT_PORT (or MQTT_URL). Creates DEVICES vehicles with one known token
 * and prints "READY" once listening.
 */
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { hashDeviceToken } from '../packages/server/src/telemetry/device-token.js';

process.on('SIGINT', () => process.exit(0));
const devices = Number(process.env.DEVICES ?? 100);
const config = loadConfig({ ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/evfleet-bench', PORT: '0' });
const database = await openDatabase(config.database, 20);
await seedReferenceData(database.db);
const hash = hashDeviceToken(process.env.DEVICE_TOKEN ?? 'bench-token');
if (database.raw.kind !== 'postgres') throw new Error('PostgreSQL only');
await database.raw.pool.query(
  `insert into vehicle (name, vin, device_token_hash) select 'Bench ' || i, 'BENCH' || i, $1 from generate_series(1, $2::int) i on conflict do nothing`,
  [hash, devices],
);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('READY');
setInterval(() => {
  const m = process.memoryUsage();
  console.log(`MEM ${Math.round(m.rss / 1e6)} ${Math.round(m.heapUsed / 1e6)} QUEUED ${app.telemetry.writer.queued}`);
}, 5000).unref();
