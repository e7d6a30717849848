import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/client.js';
import { seedReferenceData } from '../../src/db/seed.js';
import { vehicle } from '../../src/db/schema.js';
import { backup, restore } from '../../src/db/backup.js';
import { createPartitionManager } from '../../src/telemetry/partitions.js';
import { DATABASE_KINDS, emptyPostgresDatabase } from '../support/databases.js';

/** `npm run backup` then `npm run restore` gives back every row, readings included. */

const DAY = Date.UTC(2026, 9, 5);

async function fill(db: Db): Promise<void> {
  await seedReferenceData(db);
  const vehicles = await db
    .insert(vehicle)
    .values([1, 2, 3].map((n) => ({ name: `Backup cart ${n}`, vin: `VIN-BACKUP-${n}` })))
    .returning({ id: vehicle.id });
  await createPartitionManager({
    query: (text) => db.execute(sql.raw(text)),
    rows: async (text) => (await db.execute(sql.raw(text))).rows as never,
  }).ensureFor([DAY]);
  for (const { id } of vehicles)
    await db.execute(sql`
      insert into can_reading (vehicle_id, ts, battery_charge, pack_voltage, odometer, cells)
      select ${id}, ${new Date(DAY)}::timestamptz + make_interval(secs => i * 10), 90 - i * 0.05, 50 + (i % 7) * 0.125,
        1000 + i * 0.01, array[3.3, 3.31, 3.29]::float8[]
      from generate_series(0, 499) i`);
}

/** Every table's row count, by name. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ table_name: string }>(
    sql`select table_schema || '.' || table_name as table_name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const [schema, table] = table_name.split('.');
    const { rows: n } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)}`,
    );
    counts[table_name] = Number(n[0].n);
  }
  return counts;
}

/** A sample of the readings, every 37th, as stored. */
const sampleReadings = async (db: Db) =>
  (
    await db.execute(sql`
      select vehicle_id, ts::text, battery_charge, pack_voltage, odometer, cells from (
        select *, row_number() over (order by vehicle_id, ts) as n from can_reading) r
      where n % 37 = 0 order by vehicle_id, ts`)
  ).rows;

describe.each(DATABASE_KINDS)('backup and restore on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A database to back up or restore into, and its configuration. */
  async function place(): Promise<Config['database']> {
    if (kind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'evfleet-backup-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return { kind: 'pglite', dir: join(dir, 'pglite') };
    }
    const { url, drop } = await emptyPostgresDatabase();
    cleanups.push(drop);
    return { kind: 'postgres', url };
  }

  it('round trip: every table has its rows again, and the readings are the same', async () => {
    const source = await place();
    const original = await openDatabase(source, 3);
    await fill(original.db);
    const counts = await rowCounts(original.db);
    const sample = await sampleReadings(original.db);
    expect(counts['public.can_reading']).toBe(1500);
    expect(sample.length).toBe(40);
    await original.close();

    const file = join(mkdtempSync(join(tmpdir(), 'evfleet-backup-file-')), 'evfleet.backup');
    cleanups.push(() => rmSync(file, { force: true }));
    await backup(source, file);
    expect(statSync(file).size).toBeGreaterThan(0);

    const target = await place();
    await restore(target, file);
    const restored = await openDatabase(target, 3);
    cleanups.push(() => restored.close());
    expect(await rowCounts(restored.db)).toEqual(counts);
    expect(await sampleReadings(restored.db)).toEqual(sample);
  }, 180_000);

  it.runIf(kind === 'pglite')(
    'refuses to restore over a database that is there',
    async () => {
      const target = await place();
      const existing = await openDatabase(target);
      await existing.close();
      await expect(restore(target, '/nonexistent.backup')).rejects.toThrow(/already holds a database/);
    },
    120_000,
  );
});
