import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readingsTopic } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Config } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { vehicle } from '../../src/db/schema.js';
import { DATABASE_KINDS, emptyPostgresDatabase } from '../support/databases.js';
import { freePort } from '../support/ports.js';
import { startPortalProcess, stopProcess, type PortalProcess } from '../support/portal-process.js';

/**
 * SIGTERM while a device streams readings over MQTT (QoS 1): the compiled server stops taking
 * readings, stores and acknowledges those it took, tells live screens it is restarting and exits
 * within 10 s. Started again, it receives what was not acknowledged, and every reading is stored once.
 */

const ADMIN_PASSWORD = 'clean-stop-admin';
const VIN = 'VIN-CLEAN-STOP-1';
/** An hour ago, on the minute: a fixed date would one day be older than the 400 days a reading may be. */
const START = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;

describe.each(DATABASE_KINDS)('a clean stop on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('SIGTERM during ingestion: acknowledged readings stored once, the rest redelivered after restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evfleet-stop-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let database: Config['database'] = { kind: 'pglite', dir: join(dataDir, 'pglite') };
    if (kind === 'postgres') {
      const { url, drop } = await emptyPostgresDatabase();
      cleanups.push(drop);
      database = { kind: 'postgres', url };
    }
    // The vehicle exists before the portal starts (the embedded database is one process's).
    const setup = await openDatabase(database, 2);
    const [{ id: vehicleId }] = await setup.db
      .insert(vehicle)
      .values({ name: 'Stop cart', vin: VIN })
      .returning({ id: vehicle.id });
    await setup.close();

    const mqttPort = await freePort();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
      DEMO: 'false',
      INITIAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      JWT_SECRET: 'clean-stop-secret-of-at-least-32-characters',
      MQTT_PORT: String(mqttPort),
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
      HOST: '127.0.0.1',
    };
    const start = async () => {
      const portal = await startPortalProcess(env, join(dataDir, `server-${Date.now()}.log`));
      cleanups.push(() => stopProcess(portal.server));
      return portal;
    };
    let portal: PortalProcess = await start();

    const authenticate = await fetch(`${portal.baseUrl}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const { id_token: token } = (await authenticate.json()) as { id_token: string };
    const credential = await fetch(`${portal.baseUrl}/api/vehicles/${vehicleId}/device-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(credential.status).toBe(200);
    const device = (await credential.json()) as { vin: string; token: string };

    // A live screen, to hear why it is closed.
    const live = new WebSocket(`${portal.baseUrl.replace('http', 'ws')}/evts-websocket`);
    const liveClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      live.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve, reject) => live.once('open', resolve).once('error', reject));

    // The device: QoS 1, reconnecting, its unacknowledged publishes kept and sent again.
    const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
      username: device.vin,
      password: device.token,
      clientId: 'clean-stop-device',
      reconnectPeriod: 250,
      connectTimeout: 5_000,
    });
    cleanups.push(() => void client.end(true));
    await new Promise((resolve, reject) => client.once('connect', resolve).once('error', reject));
    // The stopping server may reset the connection: the client reconnects, the error is not uncaught.
    client.on('error', () => undefined);

    const acked = new Set<number>();
    let sent = 0;
    const send = () => {
      const ts = START + sent * 1_000;
      sent += 1;
      const payload = JSON.stringify({ ts, batteryCharge: 90 - (sent % 50) * 0.1, packVoltage: 51.2 });
      client.publish(readingsTopic(VIN), payload, { qos: 1 }, (err) => {
        if (!err) acked.add(ts);
      });
    };
    // 100 readings a second. A reconnected mqtt.js sends its stored publishes one at a time, each
    // after the last one's PUBACK, so the backlog is kept to what a restart can take in seconds.
    const streaming = setInterval(() => {
      send();
      send();
    }, 20);
    cleanups.push(() => clearInterval(streaming));

    await expect.poll(() => acked.size, { timeout: 30_000 }).toBeGreaterThan(100);
    const stopAsked = Date.now();
    const exited = new Promise<number | null>((resolve) => portal.server.once('exit', (code) => resolve(code)));
    portal.server.kill('SIGTERM');
    expect(await exited).toBe(0);
    const stopMs = Date.now() - stopAsked;
    expect(stopMs).toBeLessThan(10_000);
    expect(await liveClosed).toEqual({ code: 1012, reason: 'server restarting' });
    const ackedBeforeStop = acked.size;
    const sentBeforeStop = sent;
    // The device goes on for a second while the portal is down; mqtt.js keeps those publishes.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(streaming);
    const total = sent;
    expect(acked.size).toBe(ackedBeforeStop);

    // Up again on the same ports and data: the device reconnects and sends what was not acknowledged.
    portal = await start();
    await expect.poll(() => acked.size, { timeout: 60_000 }).toBe(total);
    await stopProcess(portal.server);

    const check = await openDatabase(database, 2);
    cleanups.push(() => check.close());
    const { rows } = await check.db.execute<{ n: number; distinct_ts: number; first: string; last: string }>(sql`
      select count(*)::int as n, count(distinct ts)::int as distinct_ts,
        (extract(epoch from min(ts)) * 1000)::bigint::text as first, (extract(epoch from max(ts)) * 1000)::bigint::text as last
      from can_reading where vehicle_id = ${vehicleId}`);
    // Every reading sent is stored, each once: those acknowledged before the stop and those after.
    expect(rows[0]).toEqual({
      n: total,
      distinct_ts: total,
      first: String(START),
      last: String(START + (total - 1) * 1_000),
    });
    console.log(
      `[clean stop, ${kind}] ${ackedBeforeStop} of ${sentBeforeStop} readings acknowledged before SIGTERM; stopped in ${stopMs} ms; ${total} stored once`,
    );
  }, 180_000);
});
