import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readingsTopic } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { vehicle } from '../../src/db/schema.js';
import { DATABASE_KINDS, freshDatabase } from '../support/databases.js';
import { HAS_MOSQUITTO, startMosquitto } from '../support/mosquitto.js';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const TOTAL = 100_000;
const VEHICLES = 10;

/**
 * Durability: evfleet is killed with SIGKILL while a device publishes 100,000 QoS 1 readings
 * through Mosquitto, then started again. Every reading the broker accepted is stored exactly once.
 */
describe.runIf(HAS_MOSQUITTO && DATABASE_KINDS.includes('postgres'))('kill -9 during MQTT ingestion', () => {
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  let database: Database;
  let url: string;
  let server: ChildProcess | null = null;

  const start = () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: REPO,
      env: {
        ...process.env,
        DATABASE_URL: url,
        MQTT_URL: broker.url,
        MQTT_CLIENT_ID: 'evfleet-crash-test',
        PORT: '0',
        HOST: '127.0.0.1',
        TELTONIKA_PORT: '0',
        OSMAND_PORT: '0',
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
      },
      stdio: 'ignore',
    });
  };
  const stored = async () =>
    (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from can_reading`)).rows[0].n;

  beforeAll(async () => {
    broker = await startMosquitto();
    database = await freshDatabase('postgres');
    url = (database.raw.kind === 'postgres' && (database.raw.pool.options.connectionString as string)) || '';
    await database.db
      .insert(vehicle)
      .values(Array.from({ length: VEHICLES }, (_, i) => ({ name: `Crash ${i}`, vin: `CRASH-${i}` })));
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await database?.close();
    await broker?.stop();
  });

  it('stores every accepted reading exactly once across a SIGKILL and a restart', { timeout: 240_000 }, async () => {
    start();
    // The consumer's persistent session must exist before publishing, or the broker has nobody to queue for.
    // Always the same reading: probes sent while the first is being stored add nothing. It is within
    // the hot window, so the restarted server's compaction leaves it a row of can_reading.
    const probeTs = Date.now() - 2 * 3_600_000;
    for (let i = 0; i < 200 && (await stored()) === 0; i++) {
      const probe = await mqtt.connectAsync(broker.url, { clientId: 'probe', reconnectPeriod: 0 });
      await probe.publishAsync(readingsTopic('CRASH-0'), JSON.stringify({ ts: probeTs, speed: 0 }), { qos: 1 });
      await probe.endAsync();
      await new Promise((r) => setTimeout(r, 250));
    }
    const baseline = await stored();
    expect(baseline).toBe(1);

    const device = await mqtt.connectAsync(broker.url, { clientId: 'crash-device', reconnectPeriod: 0 });
    const t0 = Date.now() - 3_600_000;
    let acked = 0;
    let killed = false;
    const lanes = 50;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let n = lane; n < TOTAL; n += lanes) {
          await device.publishAsync(
            readingsTopic(`CRASH-${n % VEHICLES}`),
            JSON.stringify({ ts: t0 + n, speed: n % 30, batteryCharge: 50 }),
            { qos: 1 },
          );
          acked++;
          if (!killed && acked >= TOTAL * 0.3) {
            killed = true;
            server!.kill('SIGKILL');
          }
        }
      }),
    );
    await device.endAsync();
    expect(killed).toBe(true);
    const beforeRestart = await stored();
    expect(beforeRestart).toBeLessThan(TOTAL + baseline);

    start();
    const deadline = Date.now() + 180_000;
    while ((await stored()) < TOTAL + baseline && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, 2000)); // nothing more (no duplicates) arrives afterwards
    expect(acked).toBe(TOTAL);
    expect(await stored()).toBe(TOTAL + baseline);
    const [{ distinct }] = (
      await database.db.execute<{ distinct: number }>(
        sql`select count(distinct (vehicle_id, ts))::int as distinct from can_reading`,
      )
    ).rows;
    expect(distinct).toBe(TOTAL + baseline);
  });
});
