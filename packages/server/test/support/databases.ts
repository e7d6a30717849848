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

/** A fresh, empty, migrated database: in memory for PGlite, a new throwaway database on PostgreSQL. */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dir: 'memory://' });
  const name = `evfleet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
