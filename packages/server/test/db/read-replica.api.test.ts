import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database, Db } from '../../src/db/client.js';
import { seedReferenceData } from '../../src/db/seed.js';
import { seedDemoAccounts } from '../../src/demo/demo-accounts.js';
import { DATABASE_KINDS, freshDatabase } from '../support/databases.js';

/**
 * DATABASE_READ_URL: the CAN report and its export read readings from the replica, and everything
 * else (who may see the vehicle) from the primary. Here the "replica" is a database of its own whose
 * readings differ from the primary's, so the answer shows which one was read.
 */
describe.runIf(DATABASE_KINDS.includes('postgres'))('reports read from the replica', () => {
  let primary: Database;
  let replica: Database;
  let app: App;
  const start = Date.UTC(2026, 9, 1, 8, 0);
  const iso = (ms: number) => new Date(ms).toISOString();

  const storeVehicleWith = async (db: Db, speeds: number[]) => {
    await db.execute(sql`insert into vehicle (id, name, vin) values (9001, 'Replica cart', 'VIN-REPLICA-1')`);
    await db.execute(
      sql`create table if not exists can_reading_y2026m10 partition of can_reading for values from ('2026-10-01Z') to ('2026-11-01Z')`,
    );
    for (const [i, speed] of speeds.entries())
      await db.execute(
        sql`insert into can_reading (vehicle_id, ts, speed) values (9001, ${new Date(start + i * 60_000)}, ${speed})`,
      );
  };

  beforeAll(async () => {
    primary = await freshDatabase('postgres');
    replica = await freshDatabase('postgres');
    await seedReferenceData(primary.db);
    await seedDemoAccounts(primary.db);
    await storeVehicleWith(primary.db, [1]);
    await storeVehicleWith(replica.db, [10, 20, 30]);
    const config = loadConfig({
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DATA_DIR: '/tmp/evfleet-test',
      MQTT_PORT: '0',
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
      DATABASE_URL: 'postgres://primary.invalid/evfleet',
      DATABASE_READ_URL: 'postgres://replica.invalid/evfleet',
    });
    app = await buildApp({ config, database: primary, readDatabase: replica, logger: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await replica?.close();
    await primary?.close();
  });

  it('pages the report from the replica', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'admin', password: 'admin123' },
    });
    const authorization = `Bearer ${signIn.json<{ id_token: string }>().id_token}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/canreport?pageSize=50&pageNo=0',
      headers: { authorization },
      payload: {
        vehiclesIds: [9001],
        columns: ['speed'],
        startDate: iso(start),
        endDate: iso(start + 3_600_000),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ totalCount: number; data: Record<string, { value: number }>[] }>();
    expect(result.totalCount).toBe(3);
    expect(result.data.map((row) => row.Speed.value)).toEqual([10, 20, 30]);
  });

  it("reports the replica in the administrator's health", async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'admin', password: 'admin123' },
    });
    const res = await app.inject({
      method: 'GET',
      url: '/management/health',
      headers: { authorization: `Bearer ${signIn.json<{ id_token: string }>().id_token}` },
    });
    const replicaPart = res.json<{ components: Record<string, { status: string; details: object }> }>().components
      .replica;
    // A database of its own, not in recovery: up, but not streaming and with no replay lag.
    expect(replicaPart).toEqual({ status: 'UP', details: { streaming: false, lagSeconds: null } });
  });

  it('refuses DATABASE_READ_URL without DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica.invalid/evfleet' })).toThrow(
      /a replica needs DATABASE_URL/,
    );
  });
});
