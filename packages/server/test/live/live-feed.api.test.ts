import { Client, type IMessage } from '@stomp/stompjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashDeviceToken, newDeviceToken } from '../../src/telemetry/device-token.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTenant, type Tenant } from '../support/people.js';
import { postReadings } from '../support/vehicles.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

type Item = { vehicle_id: number; src_ip: string; gps_lat: number | null };

describe.each(DATABASE_KINDS)('live map feed over STOMP on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let a: Tenant;
  let b: Tenant;
  const token = newDeviceToken();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/evts-websocket`;
    const admin = await t.admin();
    a = await createTenant(t, admin, 'A');
    b = await createTenant(t, admin, 'B');
    await t.database.db.execute(sql`update vehicle set device_token_hash = ${hashDeviceToken(token)}`);
  });
  afterAll(() => t?.close());

  /** A stock STOMP client; resolves with a queue of the list messages it receives. */
  const subscribe = (bearer: string, headers: Record<string, string> = {}) =>
    new Promise<{ messages: Item[][]; client: Client }>((resolve, reject) => {
      const messages: Item[][] = [];
      const client = new Client({
        webSocketFactory: () => new WebSocket(base),
        connectHeaders: { Authorization: bearer },
        reconnectDelay: 0,
        onConnect: () => {
          client.subscribe(
            '/evts/ws/mapdetails',
            (m: IMessage) => messages.push(JSON.parse(m.body) as Item[]),
            headers,
          );
          resolve({ messages, client });
        },
        onStompError: (frame) => reject(new Error(frame.headers.message)),
        onWebSocketError: () => reject(new Error('socket error')),
      });
      client.activate();
    });
  const until = async (check: () => boolean, ms = 5000) => {
    for (const end = Date.now() + ms; !check();) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const publish = (vin: string, reading: object) => postReadings(t, { vin, token }, reading);

  it("sends a fleet owner its vehicles on subscribe, then only its vehicles' changes, within about a second", async () => {
    const { messages, client } = await subscribe(a.fleet);
    await until(() => messages.length === 1);
    expect(messages[0].map((i) => i.vehicle_id).sort()).toEqual([a.vehicles.withDriver, a.vehicles.inFleet].sort());

    await publish('VIN-b2-1', { ts: Date.now(), gpsLat: 40, gpsLong: -80 }); // another tenant's vehicle
    const sent = Date.now();
    await publish('VIN-a1-1', { ts: Date.now(), gpsLat: 41.9, gpsLong: -87.6 });
    await until(() => messages.length === 2);
    expect(Date.now() - sent).toBeLessThan(2500);
    expect(messages[1]).toEqual([
      expect.objectContaining({ vehicle_id: a.vehicles.withDriver, src_ip: 'VIN-a1-1', gps_lat: 41.9 }),
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(messages).toHaveLength(2); // B's reading never reached A
    await client.deactivate();
  });

  it("skips the list of every vehicle for a subscriber that asks with 'initial: none', and still sends changes", async () => {
    const { messages, client } = await subscribe(a.fleet, { initial: 'none' });
    await new Promise((r) => setTimeout(r, 500));
    expect(messages).toHaveLength(0);
    await publish('VIN-a1-1', { ts: Date.now(), gpsLat: 42.1, gpsLong: -87.9 });
    await until(() => messages.length === 1);
    expect(messages[0]).toEqual([expect.objectContaining({ vehicle_id: a.vehicles.withDriver, gps_lat: 42.1 })]);
    await client.deactivate();
  });

  it('refuses a bad token and an unknown destination with an ERROR frame and a closed socket', async () => {
    await expect(subscribe('Bearer not-a-token')).rejects.toThrow(/bearer token/);
    const raw = new WebSocket(base);
    await new Promise((r) => raw.once('open', r));
    const frames: string[] = [];
    raw.on('message', (d) => frames.push(d.toString()));
    const closed = new Promise((r) => raw.once('close', r));
    raw.send(`CONNECT\naccept-version:1.2\nAuthorization:${b.dealer}\n\n\0`);
    raw.send('SUBSCRIBE\nid:0\ndestination:/topic/everything\n\n\0');
    await closed;
    expect(frames[0]).toMatch(/^CONNECTED/);
    expect(frames[1]).toMatch(/^ERROR\nmessage:Unknown destination/);

    const garbage = new WebSocket(base);
    await new Promise((r) => garbage.once('open', r));
    const reply = new Promise<string>((r) => garbage.once('message', (d) => r(d.toString())));
    garbage.send('this is not stomp');
    expect(await reply).toMatch(/^ERROR/);
  });
});
