/**
 * A server for the account benchmark, in its own process so the load generator does not share its
 * event loop. MODE=app serves evfleet on PostgreSQL (TEST_DATABASE_URL); MODE=bare a bare Fastify
 * route. Prints "PORT <n>" once listening.
 */
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { seedDemoAccounts } from '../packages/server/src/demo/demo-accounts.js';

process.on('SIGINT', () => process.exit(0));

async function main() {
  if (process.env.MODE === 'bare') {
    const bare = Fastify();
    bare.get('/bare', async () => ({ ok: true }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    console.log(`PORT ${(bare.server.address() as { port: number }).port}`);
    return;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required');
  const config = loadConfig({
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    MQTT_PORT: '0',
    TELTONIKA_PORT: '0',
    OSMAND_PORT: '0',
    DATA_DIR: '/tmp/evfleet-bench',
  });
  const database = await openDatabase(config.database, 20);
  await seedReferenceData(database.db);
  await seedDemoAccounts(database.db);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${(app.server.address() as { port: number }).port}`);
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
