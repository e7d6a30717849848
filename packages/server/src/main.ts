import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, openReadDatabase } from './db/client.js';
import { seedDemoVehicles } from './demo/demo-vehicles.js';
import { seedReferenceData } from './db/seed.js';
import { seedInitialAdmin } from './auth/initial-admin.js';
import { seedDemoAccounts } from './demo/demo-accounts.js';
import { seedDemoFleet } from './demo/demo-fleet.js';
import { startDemoTelemetry } from './demo/demo-telemetry.js';
import { seedDemoTrackers } from './demo/demo-trackers.js';

/** A stop finishes within this, well inside systemd's TimeoutStopSec (deploy/evfleet.service). */
const STOP_WITHIN_MS = 10_000;

async function main() {
  const config = loadConfig();
  config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
  const database = await openDatabase(config.database);
  await seedReferenceData(database.db);
  if (config.demo) {
    await seedDemoAccounts(database.db);
    await seedDemoVehicles(database.db, config.jwtSecret);
  }
  if (config.initialAdminPassword) await seedInitialAdmin(database.db, config.initialAdminPassword);

  const readDatabase = config.databaseReadUrl ? openReadDatabase(config.databaseReadUrl) : undefined;
  const app = await buildApp({ config, database, readDatabase });
  if (config.demo && config.demoTelemetry) {
    await seedDemoFleet(database.db);
    await seedDemoTrackers(database.db, config.jwtSecret);
  }
  let stopDemo = () => {};
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    // A supervisor waits a while before SIGKILL; a stop that hangs ends here, its readings unacknowledged.
    setTimeout(() => {
      app.log.error('not stopped within 10 s: exiting');
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    stopDemo();
    await app.close();
    await readDatabase?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // One failed request, job or message must not end the portal for everyone: such a rejection is a
  // bug to log, not a reason to stop. The supervisor (deploy/evfleet.service) restarts a process
  // that dies anyway.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection (kept running)'));
  await app.listen({ port: config.port, host: config.host });
  const reads = readDatabase ? `, reports from ${readDatabase.source}` : '';
  app.log.info(
    `evfleet on ${config.appBaseUrl} (database: ${database.source}${reads}${config.demo ? ', demo data' : ''})`,
  );
  // History is written after the portal is reachable; the demo moves on its own from then on.
  if (config.demo && config.demoTelemetry) {
    const { ports } = app.trackers;
    const links = { teltonikaPort: ports.teltonika, osmandPort: ports.osmand, secret: config.jwtSecret };
    stopDemo = (await startDemoTelemetry(database.db, app.telemetry, app.log, links)).stop;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
