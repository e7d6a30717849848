import { buildApp, type App, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { seedReferenceData } from '../../src/db/seed.js';
import { seedDemoAccounts } from '../../src/demo/demo-accounts.js';
import { freshDatabase } from './databases.js';

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** Signs in through the API and returns the bearer header value. */
  bearer(username: string, password: string): Promise<string>;
  admin(): Promise<string>;
  user(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A migrated app on a fresh database; sessions are checked on every request unless `env` says
 * otherwise. It logs nothing unless given a `logger` (a suite whose failure the server's log
 * would explain).
 */
export async function createTestApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  { logger = false }: Pick<AppDeps, 'logger'> = {},
): Promise<TestApp> {
  const database = await freshDatabase(kind);
  await seedReferenceData(database.db);
  await seedDemoAccounts(database.db);
  const config = loadConfig({
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: '/tmp/evfleet-test',
    APP_BASE_URL: 'http://portal.test',
    MQTT_PORT: '0',
    TELTONIKA_PORT: '0',
    OSMAND_PORT: '0',
    SESSION_CHECK_SECONDS: '0',
    ...env,
  });
  const app = await buildApp({ config, database, logger });
  await app.ready();
  const bearer = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
    return `Bearer ${res.json<{ id_token: string }>().id_token}`;
  };
  return {
    app,
    database,
    config,
    bearer,
    admin: () => bearer('admin@evfleet.local', 'admin123'),
    user: () => bearer('user@evfleet.local', 'user1234'),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
