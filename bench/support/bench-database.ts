/**
 * A fresh, migrated evfleet database for the history benchmark, on PostgreSQL (TEST_DATABASE_URL,
 * scripts/with-postgres.sh) or on embedded PGlite in a temporary directory: plain SQL, the
 * reading store the server writes readings with, a query's rows as CSV into a file, and sizes.
 */
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import { openDatabase, type Database, type Db } from '../../packages/server/src/db/client.js';
import {
  pgliteReadingStore,
  postgresReadingStore,
  type ReadingStore,
} from '../../packages/server/src/telemetry/reading-store.js';
import { freshDatabaseUrl } from './portal.js';

export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  /** The database as the server holds it, for the server's own jobs. */
  database: Database;
  db: Db;
  store: ReadingStore;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** The rows of `select` as CSV with a header, into `file`. */
  csvInto(select: string, file: string): Promise<void>;
  /** pg_database_size, and on PGlite the bytes of its data directory beside it and of its WAL within it. */
  size(): Promise<{ database: number; directory: number | null; wal: number | null }>;
  close(): Promise<void>;
}

/** Bytes of the files under `dir`. */
export function directoryBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes;
}

const databaseSize = async (rows: BenchDatabase['rows']) =>
  Number((await rows<{ bytes: string }>('select pg_database_size(current_database()) as bytes'))[0].bytes);

function postgres(database: Database & { raw: { kind: 'postgres' } }): BenchDatabase {
  const { pool } = database.raw;
  const rows = async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[];
  return {
    kind: 'postgres',
    database,
    db: database.db,
    store: postgresReadingStore(pool),
    rows,
    async csvInto(select, file) {
      const client = await pool.connect();
      try {
        await pipeline(
          client.query(copyTo(`copy (${select}) to stdout (format csv, header)`)),
          createWriteStream(file),
        );
      } finally {
        client.release();
      }
    },
    size: async () => ({ database: await databaseSize(rows), directory: null, wal: null }),
    close: () => database.close(),
  };
}

function pglite(database: Database & { raw: { kind: 'pglite' } }, dir: string): BenchDatabase {
  const { client } = database.raw;
  const rows = async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows;
  return {
    kind: 'pglite',
    database,
    db: database.db,
    store: pgliteReadingStore(client),
    rows,
    async csvInto(select, file) {
      const { blob } = await client.query(`copy (${select}) to '/dev/blob' (format csv, header)`);
      if (!blob) throw new Error('PGlite returned no CSV');
      writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    },
    size: async () => ({
      database: await databaseSize(rows),
      directory: directoryBytes(dir),
      wal: directoryBytes(join(dir, 'pg_wal')),
    }),
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL when TEST_DATABASE_URL is set, else PGlite in a new temporary directory. */
export async function openBenchDatabase(name: string): Promise<BenchDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const url = await freshDatabaseUrl(serverUrl, name);
    const database = await openDatabase({ kind: 'postgres', url }, 4);
    if (database.raw.kind !== 'postgres') throw new Error('expected PostgreSQL');
    return postgres({ ...database, raw: database.raw });
  }
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const database = await openDatabase({ kind: 'pglite', dir }, 1);
  if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
  return pglite({ ...database, raw: database.raw }, dir);
}
