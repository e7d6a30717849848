import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { READING_COLUMNS, readingsOf } from '../../../src/db/reading-history.js';
import { createPartitionManager } from '../../../src/telemetry/partitions.js';
import { DATABASE_KINDS, emptyPostgresDatabase } from '../../support/databases.js';
import { startPortalProcess, stopProcess } from '../../support/portal-process.js';

/**
 * kill -9 of the compiled server while its compaction job runs: every reading is still there exactly
 * once, as it was, and the restarted server finishes the job. On PostgreSQL the history is watched
 * from outside while the server holds it; the embedded database is one process's, so there the
 * server is killed at growing delays and the database opened between runs, until a kill falls
 * mid-compaction.
 */

const DAY = 86_400_000;
const VEHICLES = 40;
/** Four days a week ago, a reading a minute, in whole UTC days. */
const FROM = Math.floor(Date.now() / DAY) * DAY - 7 * DAY;
const TO = FROM + 4 * DAY;
const READINGS = VEHICLES * 4 * 1440;
const DAYS = VEHICLES * 4;
const SERVER_ENV = {
  DEMO: 'false',
  JWT_SECRET: 'compaction-crash-secret-of-at-least-32-characters',
  MQTT_PORT: '0',
  HISTORY_HOT_DAYS: '2',
};

/** Every reading of the vehicles as one digest, the readings in order, and how many and where they are. */
async function history(database: Database) {
  const { rows } = await database.db.execute<{ digest: string; n: number }>(sql`
    select md5(string_agg(line, E'\\n' order by line)) as digest, count(*)::int as n from (
      select row(${sql.raw(READING_COLUMNS.map((c) => `can_reading.${c}`).join(', '))})::text as line
      from vehicle v cross join lateral (select * from ${readingsOf(sql`v.id`, new Date(FROM), new Date(TO))}) can_reading
    ) r`);
  const where = await database.db.execute<{ hot: number; days: number }>(sql`
    select (select count(*)::int from can_reading where ts < ${new Date(TO).toISOString()}::timestamptz) as hot,
      (select count(*)::int from reading_day) as days`);
  return { ...rows[0], ...where.rows[0] };
}

/** The vehicles and their four days of readings, all hot. */
async function load(database: Database) {
  await createPartitionManager({
    query: (t) => database.db.execute(sql.raw(t)),
    rows: async <T>(t: string) => (await database.db.execute(sql.raw(t))).rows as T[],
  }).ensureFor([FROM, TO]);
  await database.db.execute(sql`
    insert into vehicle (name, vin) select 'Crash cart ' || i, 'VIN-CRASH-' || i from generate_series(1, ${VEHICLES}) i`);
  await database.db.execute(sql`
    insert into can_reading (vehicle_id, ts, speed, pack_voltage, gps_lat, cells, extra)
    select v.id, t, (extract(minute from t) % 30)::float8, 80 + (extract(epoch from t)::bigint % 997) / 10.0,
      41.85 + v.id / 10000.0, array[3.301, 3.302, 3.3125]::real[],
      case when extract(minute from t) = 0 then jsonb_build_object('io240', v.id) end
    from vehicle v, generate_series(${new Date(FROM).toISOString()}::timestamptz, ${new Date(TO - 60_000).toISOString()}::timestamptz, interval '1 minute') t`);
  const stored = await history(database);
  expect(stored).toMatchObject({ n: READINGS, hot: READINGS, days: 0 });
  return stored;
}

const killed = async (server: ChildProcess) => {
  server.kill('SIGKILL');
  if (server.exitCode === null && server.signalCode === null) await new Promise((r) => server.once('exit', r));
};

describe('kill -9 during compaction', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'evfleet-compaction-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it.runIf(DATABASE_KINDS.includes('postgres'))(
    'on postgres loses and repeats nothing when the server is killed mid-compaction, and finishes once restarted',
    async () => {
      const dir = dataDir();
      const { url, drop } = await emptyPostgresDatabase();
      cleanups.push(drop);
      const database = await openDatabase({ kind: 'postgres', url }, 2);
      cleanups.push(() => database.close());
      const stored = await load(database);
      const env = { ...SERVER_ENV, DATA_DIR: dir, DATABASE_URL: url };
      // The job starts with the server: killed once some days are compacted and others not yet.
      const first = await startPortalProcess(env, join(dir, 'server-1.log'));
      cleanups.push(() => stopProcess(first.server));
      const compactedDays = async () =>
        (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from reading_day`)).rows[0].n;
      for (let i = 0; i < 1200 && (await compactedDays()) < 20; i++) await new Promise((r) => setTimeout(r, 25));
      await killed(first.server);
      const afterKill = await history(database);
      expect(afterKill.days).toBeGreaterThan(0);
      expect(afterKill.days).toBeLessThan(DAYS);
      expect(afterKill).toMatchObject({ digest: stored.digest, n: stored.n });

      const second = await startPortalProcess(env, join(dir, 'server-2.log'));
      cleanups.push(() => stopProcess(second.server));
      for (let i = 0; i < 600 && (await history(database)).hot > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await history(database)).toEqual({ digest: stored.digest, n: stored.n, hot: 0, days: DAYS });
      await stopProcess(second.server);
    },
    240_000,
  );

  it('on pglite loses and repeats nothing when the server is killed mid-compaction, and finishes once restarted', async () => {
    const dir = dataDir();
    const open = () => openDatabase({ kind: 'pglite', dir: join(dir, 'pglite') }, 1);
    const before = await open();
    const stored = await load(before);
    await before.close();
    const env = { ...SERVER_ENV, DATA_DIR: dir };
    const runs: { delayMs: number; days: number }[] = [];
    // Killed at growing delays from its start (it compacts as it starts, before it answers).
    for (const delayMs of [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 12_000]) {
      const { server } = await startPortalProcess(env, join(dir, `server-${runs.length + 1}.log`), { healthy: false });
      cleanups.push(() => stopProcess(server));
      await new Promise((r) => setTimeout(r, delayMs));
      await killed(server);
      const database = await open();
      const afterKill = await history(database);
      await database.close();
      expect(afterKill).toMatchObject({ digest: stored.digest, n: stored.n });
      runs.push({ delayMs, days: afterKill.days });
      if (afterKill.days > 0) break;
    }
    // Killed at least once with some days compacted and others not yet.
    expect(
      runs.some((r) => r.days > 0 && r.days < DAYS),
      JSON.stringify(runs),
    ).toBe(true);

    // Restarted, the server finishes the job; it logs each run that compacted something.
    const logFile = join(dir, 'server-last.log');
    const last = await startPortalProcess(env, logFile);
    cleanups.push(() => stopProcess(last.server));
    for (let i = 0; i < 1200 && !readFileSync(logFile, 'utf8').includes('history compaction:'); i++)
      await new Promise((r) => setTimeout(r, 100));
    await stopProcess(last.server);
    const database = await open();
    cleanups.push(() => database.close());
    expect(await history(database)).toEqual({ digest: stored.digest, n: stored.n, hot: 0, days: DAYS });
  }, 240_000);
});
