import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import * as schema from './schema.js';

/**
 * Both drivers expose the same query builder; the PGlite one is typed as the node-postgres one so
 * that repositories are written once.
 */
export type Db = NodePgDatabase<typeof schema>;
/** The database or a transaction of it: what a repository function queries. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  /** The driver underneath, for what the query builder cannot do (COPY, bulk inserts). */
  raw: { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };
  kind: 'postgres' | 'pglite';
  /** A short description for operators (no credentials). */
  source: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/** The advisory lock the instances starting together queue on (any fixed number: 'evfl' in ASCII). */
const MIGRATION_LOCK = 0x6576666c;

/**
 * Runs the migrations while holding a PostgreSQL advisory lock, so instances that start together
 * migrate one after the other: the first applies them, the others find nothing left to apply.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}

/**
 * Runs a periodic job on one instance only: the one that takes the job's advisory lock (any fixed
 * number) runs it, the others, finding it taken, skip this turn, or with `wait` run it once the
 * lock is free. The embedded database has one instance.
 */
export async function onceAcrossInstances(
  database: Database,
  lockKey: number,
  job: () => Promise<void>,
  { wait = false } = {},
) {
  if (database.raw.kind !== 'postgres') return job();
  const lock = await database.raw.pool.connect();
  try {
    const { rows } = await lock.query<{ taken: boolean }>(
      wait ? 'select true as taken from pg_advisory_lock($1)' : 'select pg_try_advisory_lock($1) as taken',
      [lockKey],
    );
    if (!rows[0].taken) return;
    try {
      await job();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
    }
  } finally {
    lock.release();
  }
}

function openPostgres(url: string, poolSize: number): Database & { raw: { kind: 'postgres'; pool: pg.Pool } } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', () => undefined);
  const { hostname, port, pathname } = new URL(url);
  return {
    db: drizzlePg(pool, { schema }),
    raw: { kind: 'postgres', pool },
    kind: 'postgres',
    source: `PostgreSQL ${hostname}:${port || 5432}${pathname}`,
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** A PostgreSQL streaming replica (DATABASE_READ_URL), read only: nothing is migrated there. */
export const openReadDatabase = (url: string, poolSize = 10): Database => openPostgres(url, poolSize);

/**
 * The embedded PostgreSQL at `dir`, unmigrated; `loadDataDir` fills a new one from a backup. The
 * migrations create pg_trgm (people search), so PGlite must be told where its bundle is.
 */
export const openPglite = (dir: string, loadDataDir?: Blob) =>
  PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir });

export async function openDatabase(database: Config['database'], poolSize = 10): Promise<Database> {
  if (database.kind === 'postgres') {
    const opened = openPostgres(database.url, poolSize);
    await migrateOnce(opened.raw.pool, () => migratePg(opened.db, { migrationsFolder }));
    return opened;
  }
  if (database.dir !== 'memory://') mkdirSync(database.dir, { recursive: true });
  const client = await openPglite(database.dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    raw: { kind: 'pglite', client },
    kind: 'pglite',
    source: database.dir === 'memory://' ? 'PGlite (in memory)' : `PGlite (embedded, ${database.dir})`,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
