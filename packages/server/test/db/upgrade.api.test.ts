import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openPglite, type Db } from '../../src/db/client.js';
import { DATABASE_KINDS, emptyPostgresDatabase } from '../support/databases.js';

/**
 * An installed portal is upgraded by starting the new release on its database: the migrations it
 * lacks run once, and what it stored is kept and read by the new code.
 */

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
/** The last migration of the release before the analytics summaries (signal_minute, running totals). */
const PREVIOUS_RELEASE = '0009_analytics';

/** The migrations folder as the previous release shipped it: its journal ends at PREVIOUS_RELEASE. */
function previousReleaseMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'evfleet-previous-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const last = journal.entries.findIndex((e) => e.tag === PREVIOUS_RELEASE);
  expect(last).toBeGreaterThan(0);
  const previous = { ...journal, entries: journal.entries.slice(0, last + 1) };
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(previous));
  return dir;
}

const MINUTE = Date.UTC(2026, 2, 10, 8, 0);

/** What the previous release stored: a vehicle and six readings over two minutes. */
async function storeAsPreviousRelease(db: Db): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`insert into vehicle (name, vin) values ('Upgraded cart', 'VIN-UPGRADE-1') returning id`,
  );
  const id = Number(rows[0].id);
  await db.execute(
    sql`create table can_reading_y2026m03 partition of can_reading for values from ('2026-03-01Z') to ('2026-04-01Z')`,
  );
  for (let i = 0; i < 6; i += 1) {
    await db.execute(
      sql`insert into can_reading (vehicle_id, ts, battery_charge, pack_voltage) values (${id}, ${new Date(MINUTE + i * 20_000)}, ${80 - i}, ${50 + i})`,
    );
  }
  return id;
}

async function expectUpgraded(db: Db, vehicleId: number) {
  const applied = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  expect(Number(applied.rows[0].n)).toBe(journal.entries.length);
  const readings = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from can_reading where vehicle_id = ${vehicleId}`,
  );
  expect(Number(readings.rows[0].n)).toBe(6);
  // The charts' summary covers the readings stored before it existed (0011).
  const minutes = await db.execute<{ minute: string; readings: number; low: number[]; high: number[] }>(
    sql`select to_char(minute at time zone 'UTC', 'HH24:MI') as minute, readings, low, high from signal_minute where vehicle_id = ${vehicleId} order by minute`,
  );
  expect(minutes.rows.map((m) => [m.minute, m.readings, m.low[0], m.high[0], m.low[1], m.high[1]])).toEqual([
    ['08:00', 3, 78, 80, 50, 52],
    ['08:01', 3, 75, 77, 53, 55],
  ]);
}

describe('upgrading a database of the previous release', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('on PGlite: the new release migrates it on start and keeps its vehicles and readings', async () => {
    const folder = previousReleaseMigrations();
    const dir = mkdtempSync(join(tmpdir(), 'evfleet-upgrade-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

    const client = await openPglite(dir);
    const old = drizzlePglite(client);
    await migratePglite(old, { migrationsFolder: folder });
    const vehicleId = await storeAsPreviousRelease(old as unknown as Db);
    await client.close();

    const upgraded = await openDatabase({ kind: 'pglite', dir });
    cleanups.push(() => upgraded.close());
    await expectUpgraded(upgraded.db, vehicleId);
  }, 120_000);

  it.runIf(DATABASE_KINDS.includes('postgres'))(
    'on PostgreSQL: three instances starting together migrate it once, under a lock',
    async () => {
      const folder = previousReleaseMigrations();
      cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
      const { url, drop } = await emptyPostgresDatabase();
      cleanups.push(drop);

      const pool = new pg.Pool({ connectionString: url, max: 2 });
      const old = drizzlePg(pool);
      await migratePg(old, { migrationsFolder: folder });
      const vehicleId = await storeAsPreviousRelease(old as unknown as Db);
      await pool.end();

      // Without the lock two of them would create the same tables at once, and fail.
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url }, 3)));
      cleanups.push(async () => {
        for (const instance of instances) await instance.close();
      });
      await expectUpgraded(instances[0].db, vehicleId);
    },
    120_000,
  );
});
