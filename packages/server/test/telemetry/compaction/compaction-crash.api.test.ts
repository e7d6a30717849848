import { mkdtempSync, rmSync } from 'node:fs';
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
 * kill -9 of the compiled server while its compaction job runs (PostgreSQL, where the history can be
 * watched from outside while the server holds it): every reading is still there exactly once, as
 * it was, and the restarted server finishes the job.
 */

const DAY = 86_400_000;
const VEHICLES = 40;
/** Four days a week ago, a reading a minute, in whole UTC days. */
const FROM = Math.floor(Date.now() / DAY) * DAY - 7 * DAY;
const TO = FROM + 4 * DAY;

describe.each(DATABASE_KINDS.filter((k) => k === 'postgres'))('kill -9 during compaction on %s', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Every reading of the vehicles as one digest, the readings in order, and how many and where they are. */
  const history = async (database: Database) => {
    const { rows } = await database.db.execute<{ digest: string; n: number }>(sql`
      select md5(string_agg(line, E'\\n' order by line)) as digest, count(*)::int as n from (
        select row(${sql.raw(READING_COLUMNS.map((c) => `can_reading.${c}`).join(', '))})::text as line
        from vehicle v cross join lateral (select * from ${readingsOf(sql`v.id`, new Date(FROM), new Date(TO))}) can_reading
      ) r`);
    const where = await database.db.execute<{ hot: number; days: number }>(sql`
      select (select count(*)::int from can_reading where ts < ${new Date(TO).toISOString()}::timestamptz) as hot,
        (select count(*)::int from reading_day) as days`);
    return { ...rows[0], ...where.rows[0] };
  };

  it('loses and repeats nothing when the server is killed mid-compaction, and finishes once restarted', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evfleet-compaction-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { url, drop } = await emptyPostgresDatabase();
    cleanups.push(drop);
    const database = await openDatabase({ kind: 'postgres', url }, 2);
    cleanups.push(() => database.close());
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
    expect(stored).toMatchObject({ n: VEHICLES * 4 * 1440, hot: VEHICLES * 4 * 1440, days: 0 });

    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DEMO: 'false',
      JWT_SECRET: 'compaction-crash-secret-of-at-least-32-characters',
      MQTT_PORT: '0',
      HISTORY_HOT_DAYS: '2',
    };
    // The job starts with the server: killed once some days are compacted and others not yet.
    const first = await startPortalProcess(env, join(dataDir, 'server-1.log'));
    cleanups.push(() => stopProcess(first.server));
    const compactedDays = async () =>
      (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from reading_day`)).rows[0].n;
    for (let i = 0; i < 1200 && (await compactedDays()) < 20; i++) await new Promise((r) => setTimeout(r, 25));
    first.server.kill('SIGKILL');
    await new Promise((r) => first.server.once('exit', r));
    const killed = await history(database);
    expect(killed.days).toBeGreaterThan(0);
    expect(killed.days).toBeLessThan(VEHICLES * 4);
    expect(killed).toMatchObject({ digest: stored.digest, n: stored.n });

    const second = await startPortalProcess(env, join(dataDir, 'server-2.log'));
    cleanups.push(() => stopProcess(second.server));
    for (let i = 0; i < 600 && (await history(database)).hot > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await history(database)).toEqual({ digest: stored.digest, n: stored.n, hot: 0, days: VEHICLES * 4 });
    await stopProcess(second.server);
  }, 240_000);
});
