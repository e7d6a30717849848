import { readingsTopic } from '@evfleet/domain';
import { Client, type IMessage } from '@stomp/stompjs';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type App } from '../../src/app.js';
import { hashDeviceToken, newDeviceToken } from '../../src/telemetry/device-token.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor, createTenant, type Tenant } from '../support/people.js';
import { freePort } from '../support/ports.js';
import { TeltonikaDevice } from '../support/teltonika-device.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice, postReadings } from '../support/vehicles.js';

/**
 * A right that ends ends at once, wherever its session is (docs/security.md): the live feed stops
 * sending a vehicle to whoever may no longer see it within 2 s of the write, and a device's rotated
 * token ends its MQTT session. With the production session cache (SESSION_CHECK_SECONDS 5), so the
 * periodic rounds alone would not do it in time. On PostgreSQL every socket is on a second instance
 * while the writes go through the first: the triggers' messages (LISTEN/NOTIFY) carry the change.
 */
describe.each(DATABASE_KINDS)('rights that end at once on %s', (kind) => {
  let t: TestApp;
  let feed: App;
  let feedUrl: string;
  let mqttPort: number;
  let teltonikaPort: number;
  let a: Tenant;
  let b: Tenant;
  let admin: ReturnType<typeof callerFor>;
  const token = newDeviceToken();

  beforeAll(async () => {
    mqttPort = await freePort();
    teltonikaPort = await freePort();
    const ports = { MQTT_PORT: String(mqttPort), TELTONIKA_PORT: String(teltonikaPort) };
    // The devices connect to the feed's instance; the first has listeners only when it is that one.
    t = await createTestApp(kind, { SESSION_CHECK_SECONDS: '5', ...(kind === 'pglite' ? ports : {}) });
    feed = t.app;
    if (kind === 'postgres') {
      feed = await buildApp({
        config: {
          ...t.config,
          mqtt: { ...t.config.mqtt, port: mqttPort },
          trackers: { ...t.config.trackers, teltonikaPort },
        },
        database: t.database,
        logger: false,
      });
    }
    await feed.listen({ port: 0, host: '127.0.0.1' });
    feedUrl = `ws://127.0.0.1:${(feed.server.address() as { port: number }).port}/evts-websocket`;
    const bearer = await t.admin();
    admin = callerFor(t, bearer);
    a = await createTenant(t, bearer, 'A');
    b = await createTenant(t, bearer, 'B');
    await t.database.db.execute(sql`update vehicle set device_token_hash = ${hashDeviceToken(token)}`);
  });
  afterAll(async () => {
    if (feed !== t?.app) await feed?.close();
    await t?.close();
  });

  /** A stock STOMP client on the feed's instance: when each vehicle reached it, and how it ended. */
  const watch = (bearer: string) =>
    new Promise<{ seen: Map<number, number[]>; errors: string[]; closed: Promise<number>; stop: () => Promise<void> }>(
      (resolve, reject) => {
        const seen = new Map<number, number[]>();
        const errors: string[] = [];
        let closedAt: (at: number) => void = () => undefined;
        const closed = new Promise<number>((r) => (closedAt = r));
        const client = new Client({
          webSocketFactory: () => new WebSocket(feedUrl),
          connectHeaders: { Authorization: bearer },
          reconnectDelay: 0,
          onConnect: () => {
            client.subscribe(
              '/evts/ws/mapdetails',
              (m: IMessage) => {
                for (const item of JSON.parse(m.body) as { vehicle_id: number }[]) {
                  seen.set(item.vehicle_id, [...(seen.get(item.vehicle_id) ?? []), Date.now()]);
                }
              },
              { initial: 'none' },
            );
            resolve({ seen, errors, closed, stop: () => client.deactivate() });
          },
          onStompError: (frame) => errors.push(frame.headers.message),
          onWebSocketClose: () => closedAt(Date.now()),
          onWebSocketError: () => reject(new Error('socket error')),
        });
        client.activate();
      },
    );
  /** Readings from these vehicles every 150 ms, through the first instance, until stopped. */
  const reporting = (vins: string[]) => {
    let on = true;
    const done = (async () => {
      while (on) {
        for (const vin of vins) await postReadings(t, { vin, token }, { ts: Date.now(), gpsLat: 41.9, gpsLong: -87.6 });
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    return async () => {
      on = false;
      await done;
    };
  };
  const until = async (check: () => boolean, ms = 5000) => {
    for (const end = Date.now() + ms; !check();) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const last = (times: number[] | undefined) => (times ? times[times.length - 1] : 0);

  it('stops sending a vehicle taken out of a fleet to its fleet owner within 2 s, while its dealer still gets it', async () => {
    const owner = await watch(a.fleet);
    const dealer = await watch(a.dealer);
    const stop = reporting(['VIN-a1-2']);
    await until(() => owner.seen.has(a.vehicles.inFleet) && dealer.seen.has(a.vehicles.inFleet));

    const res = await admin('PATCH', `/api/vehicle/assign?isAssigned=false&fleetId=${a.fleetId}`, [a.vehicles.inFleet]);
    expect(res.statusCode).toBe(200);
    const writtenAt = Date.now();
    await new Promise((r) => setTimeout(r, 3500));
    await stop();

    expect(last(owner.seen.get(a.vehicles.inFleet)) - writtenAt).toBeLessThan(2000);
    // The readings went on and the feed with them: the dealer, who still sees the vehicle, got them.
    expect(last(dealer.seen.get(a.vehicles.inFleet)) - writtenAt).toBeGreaterThan(2500);
    expect(owner.errors).toEqual([]);
    await Promise.all([owner.stop(), dealer.stop()]);
  }, 20_000);

  it('stops sending a vehicle to the driver unassigned from it within 2 s', async () => {
    const driver = await watch(a.driver);
    const stop = reporting(['VIN-a1-1']);
    await until(() => driver.seen.has(a.vehicles.withDriver));

    const res = await admin(
      'PATCH',
      `/api/drivers/assignVehicles?isAssigned=false&vehicleIds=${a.vehicles.withDriver}&driverId=${a.driverId}`,
    );
    expect(res.statusCode).toBe(200);
    const writtenAt = Date.now();
    await new Promise((r) => setTimeout(r, 3500));
    await stop();

    expect(last(driver.seen.get(a.vehicles.withDriver)) - writtenAt).toBeLessThan(2000);
    await driver.stop();
  }, 20_000);

  it('sends a vehicle moved into a fleet to its fleet owner within 2 s', async () => {
    const before = await watch(b.fleet);
    const stop = reporting(['VIN-b2-3']);
    await new Promise((r) => setTimeout(r, 500));
    expect(before.seen.has(b.vehicles.free)).toBe(false);

    const res = await admin('PATCH', '/api/vehicle/assign?isAssigned=true', [
      { fleetId: b.fleetId, vehicleIds: [b.vehicles.free] },
    ]);
    expect(res.statusCode).toBe(200);
    const writtenAt = Date.now();
    await until(() => before.seen.has(b.vehicles.free), 2000);
    expect(before.seen.get(b.vehicles.free)![0] - writtenAt).toBeLessThan(2000);
    await stop();
    await before.stop();
  }, 20_000);

  it("ends a staff member's feed within 2 s of its staff flag being removed, and a dealer's of its role being removed", async () => {
    const staff = await admin('POST', '/api/users', {
      login: 'watcher',
      email: 'watcher@rights.test',
      authorities: ['ROLE_USER'],
      password: 'watcher-1',
    });
    const staffId = staff.json<{ id: number }>().id;
    const account = (await admin('GET', `/api/users/${staffId}`)).json<Record<string, unknown>>();
    expect((await admin('PUT', '/api/users', { ...account, staff: true })).statusCode).toBe(200);
    const watcher = await watch(await t.bearer('watcher', 'watcher-1'));
    const dealer = await watch(b.dealer);
    const { rows } = await t.database.db.execute<{ user_id: number }>(
      sql`select user_id from dealer where id = ${b.dealerId}`,
    );
    const dealerAccount = (await admin('GET', `/api/users/${rows[0].user_id}`)).json<Record<string, unknown>>();
    expect(dealerAccount.authorities).toContain('ROLE_DEALER');
    const stop = reporting(['VIN-b2-1']);
    await until(() => watcher.seen.has(b.vehicles.withDriver) && dealer.seen.has(b.vehicles.withDriver));

    expect((await admin('PUT', '/api/users', { ...account, staff: false })).statusCode).toBe(200);
    expect((await admin('PUT', '/api/users', { ...dealerAccount, authorities: ['ROLE_USER'] })).statusCode).toBe(200);
    const writtenAt = Date.now();
    const [staffClosed, dealerClosed] = await Promise.all([watcher.closed, dealer.closed]);
    await stop();

    expect(staffClosed - writtenAt).toBeLessThan(2000);
    expect(watcher.errors).toEqual(['This account may not see any vehicle.']);
    expect(dealerClosed - writtenAt).toBeLessThan(2000);
    expect(dealer.errors).toEqual(['Your session has ended. Please sign in again.']);
  }, 20_000);

  it("ends a device's MQTT session at once when its token is rotated, and its old token no longer signs in", async () => {
    const device = await createDevice(t.database, 'VIN-RIGHTS-1');
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      username: device.vin,
      password: device.token,
      reconnectPeriod: 0,
    });
    const closed = new Promise<number>((r) => client.once('close', () => r(Date.now())));
    await client.publishAsync(readingsTopic(device.vin), JSON.stringify({ ts: Date.now(), speed: 10 }), { qos: 1 });

    const rotated = await admin('POST', `/api/vehicles/${device.id}/device-token`);
    expect(rotated.statusCode).toBe(200);
    const writtenAt = Date.now();
    expect((await closed) - writtenAt).toBeLessThan(1000);
    // The old token no longer signs in there; the new one does.
    const connect = (password: string) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { username: device.vin, password, reconnectPeriod: 0 });
    await expect(connect(device.token)).rejects.toThrow(/Not authorized|Bad username or password/);
    const renewed = await connect(rotated.json<{ token: string }>().token);
    await renewed.endAsync();
  }, 20_000);

  it("ends a tracker's connection at once when it is taken off its vehicle, and refuses it after", async () => {
    const imei = '356307042441013';
    const vehicle = await createDevice(t.database, 'VIN-RIGHTS-2');
    expect(
      (await admin('PUT', `/api/vehicles/${vehicle.id}/device`, { protocol: 'teltonika', identifier: imei }))
        .statusCode,
    ).toBe(200);
    const device = await TeltonikaDevice.connect(teltonikaPort);
    expect(await device.handshake(imei)).toBe(1);

    expect((await admin('PUT', `/api/vehicles/${vehicle.id}/device`, { protocol: 'none' })).statusCode).toBe(200);
    expect(await device.closedWithin(1000)).toBe(true);
    const again = await TeltonikaDevice.connect(teltonikaPort);
    expect(await again.handshake(imei)).toBe(0);
    again.end();
  });

  it.runIf(kind === 'postgres')('listens again when its listening connection is cut', async () => {
    const imei = '356307042441021';
    const vehicle = await createDevice(t.database, 'VIN-RIGHTS-3');
    const set = await admin('PUT', `/api/vehicles/${vehicle.id}/device`, { protocol: 'teltonika', identifier: imei });
    expect(set.statusCode).toBe(200);
    const device = await TeltonikaDevice.connect(teltonikaPort);
    expect(await device.handshake(imei)).toBe(1);
    const { rows } = await t.database.db.execute<{ cut: boolean }>(
      sql`select pg_terminate_backend(pid) as cut from pg_stat_activity where query ilike 'listen %'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2); // both instances' connections
    await new Promise((r) => setTimeout(r, 2000));

    expect(device.closed).toBe(false);
    await admin('PUT', `/api/vehicles/${vehicle.id}/device`, { protocol: 'none' });
    expect(await device.closedWithin(1000)).toBe(true);
  });
});
