import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';

/**
 * Every API suite runs on the embedded PGlite and, when TEST_DATABASE_URL names a PostgreSQL server,
 * on PostgreSQL too (CI sets REQUIRE_POSTGRES so a missing server fails instead of skipping).
 */
export const DATABASE_KINDS: ('pglite' | 'postgres')[] = ['pglite'];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) DATABASE_KINDS.push('postgres');
else if (process.env.REQUIRE_POSTGRES) throw new Error('REQUIRE_POSTGRES is set but TEST_DATABASE_URL is not');

/** A new, empty (unmigrated) throwaway database on the PostgreSQL server, and how to drop it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `evfleet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { url: url.toString(), drop };
}

/** A fresh, empty, migrated database: in memory for PGlite, a new throwaway database on PostgreSQL. */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dir: 'memory://' });
  const { url, drop } = await emptyPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url }, 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
