import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readingsTopic } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice } from '../support/vehicles.js';

const MOSQUITTO_PUB = '/usr/bin/mosquitto_pub';
/** CI sets REQUIRE_MOSQUITTO: Debian's mosquitto-clients missing fails the suite instead of skipping it. */
const HAS_CLIENTS = existsSync(MOSQUITTO_PUB);
if (!HAS_CLIENTS && process.env.REQUIRE_MOSQUITTO)
  throw new Error('REQUIRE_MOSQUITTO is set but mosquitto_pub (mosquitto-clients) is not installed');

/**
 * evfleet's own MQTT listener (telemetry/mqtt/mqtt-broker.ts) against two stock clients written
 * without it: the `mqtt` package and Mosquitto's mosquitto_pub. MQTT 3.1 and 3.1.1 at QoS 0, 1 and
 * 2, clean and persistent sessions, are taken and stored; MQTT 5, which the listener does not speak,
 * is refused with CONNACK return code 1 (unacceptable protocol version), as MQTT 5's §3.1.2.2 asks of
 * a server that supports only earlier versions. The transport is the same on either database: PGlite.
 */
describe('the MQTT listener with stock clients', () => {
  let t: TestApp;
  let port: number;
  let device: Awaited<ReturnType<typeof createDevice>>;
  let ts = Date.now() - 60_000;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp('pglite', { MQTT_PORT: String(port) });
    device = await createDevice(t.database, 'VIN-CONFORMANCE-1');
  });
  afterAll(() => t?.close());

  const stored = async () => {
    const { rows } = await t.database.db.execute<{ speed: number }>(
      sql`select speed from can_reading where vehicle_id = ${device.id} order by ts`,
    );
    return rows.map((r) => r.speed);
  };
  /**
   * The readings stored after the first `before`, once there are any or 10 s passed: a QoS 0
   * message has no acknowledgement to wait for, and an app's first message starts its parse thread.
   */
  const storedAfter = async (before: number) => {
    for (let i = 0; i < 400 && (await stored()).length === before; i++) await new Promise((r) => setTimeout(r, 25));
    return (await stored()).slice(before);
  };
  const payload = (speed: number) => JSON.stringify({ ts: (ts += 1000), speed });

  it.each([
    [3, 0, true],
    [3, 2, false],
    [4, 0, true],
    [4, 1, false],
    [4, 2, true],
  ] as const)('mqtt.js, MQTT version %i at QoS %i (clean session: %s): stored', async (version, qos, clean) => {
    const before = (await stored()).length;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      protocolVersion: version,
      clientId: `conformance-${version}-${qos}`,
      clean,
      username: device.vin,
      password: device.token,
      reconnectPeriod: 0,
    });
    const speed = 10 * version + qos;
    await client.publishAsync(readingsTopic(device.vin), payload(speed), { qos });
    // QoS 0 has no acknowledgement: the disconnect follows the PUBLISH on the same connection.
    await client.endAsync();
    expect(await storedAfter(before)).toEqual([speed]);
  });

  it('mqtt.js, MQTT 5: refused as an unacceptable protocol version, nothing stored', async () => {
    const before = (await stored()).length;
    const attempt = mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      protocolVersion: 5,
      username: device.vin,
      password: device.token,
      reconnectPeriod: 0,
    });
    await expect(attempt).rejects.toThrow(/protocol version|Unsupported Protocol Version|code 1\b/i);
    expect(await stored()).toHaveLength(before);
  });

  /** mosquitto_pub as a child process (asynchronous: the listener runs in this process's event loop). */
  const pub = (password: string, ...args: string[]) =>
    new Promise<{ status: number; stderr: string }>((resolve) => {
      const argv = ['-h', '127.0.0.1', '-p', String(port), '-u', device.vin, '-P', password, ...args];
      execFile(MOSQUITTO_PUB, argv, { timeout: 10_000 }, (err, _stdout, stderr) =>
        resolve({ status: err ? Number((err as { code?: unknown }).code ?? 1) || 1 : 0, stderr }),
      );
    });

  it.runIf(HAS_CLIENTS).each([
    ['mqttv31', '0'],
    ['mqttv31', '1'],
    ['mqttv311', '1'],
    ['mqttv311', '2'],
  ])('mosquitto_pub -V %s -q %s: stored', async (version, qos) => {
    const before = (await stored()).length;
    const speed = 100 + Number(qos) + (version === 'mqttv31' ? 10 : 20);
    const run = await pub(
      device.token,
      '-V',
      version,
      '-q',
      qos,
      '-t',
      readingsTopic(device.vin),
      '-m',
      payload(speed),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(await storedAfter(before)).toEqual([speed]);
  });

  it.runIf(HAS_CLIENTS)('mosquitto_pub -V mqttv5: refused as an unacceptable protocol version', async () => {
    const before = (await stored()).length;
    const run = await pub(device.token, '-V', 'mqttv5', '-q', '1', '-t', readingsTopic(device.vin), '-m', payload(1));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/protocol version/i);
    expect(await stored()).toHaveLength(before);
  });

  it.runIf(HAS_CLIENTS)('mosquitto_pub with a wrong token: refused as not authorised, nothing stored', async () => {
    const before = (await stored()).length;
    const run = await pub('evd_wrong', '-t', readingsTopic(device.vin), '-m', payload(2));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/not authori[sz]ed|bad user name or password/i);
    expect(await stored()).toHaveLength(before);
  });
});
