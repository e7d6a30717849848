import { ENERGY_RULES, STOP_MINUTES } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { readingAt } from '../../support/reading-at.js';
import { createDevice, postReadings } from '../../support/vehicles.js';
import { startWebhookReceiver } from '../../support/webhook-receiver.js';
import { squareZone } from '../../support/zone-shapes.js';

const S = 1000;
const MIN = 60 * S;
const SECRET = 'a-receivers-secret-0123456789';
const EVENTS = ['trip.ended', 'charging.ended', 'zone.entered', 'zone.left', 'command.answered'] as const;
type Event = (typeof EVENTS)[number];

/** A depot about 2 km a side in Chicago, and a street north of it. */
const DEPOT = { gpsLat: 41.85, gpsLong: -87.65 };
const STREET = { gpsLat: 41.9, gpsLong: -87.65 };
/** Readings every `step` from `from` to `to` (minutes after `t0`). */
const span = (t0: number, from: number, to: number, step: number, make: (ts: number) => object) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => make(t0 + (from + i * step) * MIN));

/** A ten-minute drive on the street, then parked there until the trip has ended. */
const drive = (t0: number) => [
  ...span(t0, 0, 10, 0.5, (ts) => readingAt(ts, STREET, { speed: 30 })),
  ...span(t0, 11, 11 + STOP_MINUTES + 1, 1, (ts) => readingAt(ts, STREET)),
];
/** Ten minutes charging on the street, then parked there until the session has ended. */
const charge = (t0: number) => [
  ...span(t0, 0, 10, 0.5, (ts) => readingAt(ts, STREET, { chargeStatus: 1, vehicleCurrent: -40 })),
  ...span(t0, 11, 11 + ENERGY_RULES.chargeGapMinutes + 1, 1, (ts) => readingAt(ts, STREET)),
];
/** Five minutes parked in the depot, then five on the street: a visit begun and ended. */
const visit = (t0: number) => [
  readingAt(t0, STREET),
  ...span(t0, 1, 6, 1, (ts) => readingAt(ts, DEPOT)),
  ...span(t0, 7, 12, 1, (ts) => readingAt(ts, STREET)),
];

/**
 * An event goes on the outbox in the transaction of the change that causes it: when queuing it
 * fails, the change is not stored either, and both are stored, once, when it succeeds again.
 */
describe.each(DATABASE_KINDS)('webhook events stored with their cause on %s', (kind) => {
  let t: TestApp;
  let a: Tenant;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let vins = 0;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.useSecret(SECRET);
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0.05' });
    const adminToken = await t.admin();
    const admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    const zone = await admin('POST', '/api/zones', {
      name: 'Depot',
      kind: 'depot',
      geometry: squareZone(41.85, -87.65, 0.01),
      fleetId: a.fleetId,
    });
    expect(zone.statusCode, zone.body).toBe(201);
    const hook = await admin('POST', '/api/webhooks', { url: receiver.url('/atomic'), events: EVENTS, secret: SECRET });
    expect(hook.statusCode, hook.body).toBe(201);
    await t.database.db.execute(sql`
      create function refuse_event() returns trigger language plpgsql as $$
      begin raise exception 'the outbox refuses %', new.event_type; end $$`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const allow = () => t.database.db.execute(sql`drop trigger if exists refuse_event on webhook_delivery`);
  /** The outbox fails to queue events of these types until `allow`. */
  const refuse = async (...types: Event[]) => {
    await allow();
    await t.database.db.execute(
      sql.raw(`create trigger refuse_event before insert on webhook_delivery for each row
        when (new.event_type in (${types.map((type) => `'${type}'`).join(', ')})) execute function refuse_event()`),
    );
  };
  /** A write failed by the outbox's refusal (the driver's error, under the query builder's). */
  const REFUSED = { cause: expect.objectContaining({ message: expect.stringContaining('the outbox refuses') }) };
  const queued = async (vehicleId: number) =>
    (
      await t.database.db.execute<{ event_type: string }>(
        sql`select event_type from webhook_delivery where vehicle_id = ${vehicleId} order by seq`,
      )
    ).rows.map((r) => r.event_type);
  const count = async (query: ReturnType<typeof sql>) =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from (${query}) x`)).rows[0].n;
  const vehicleWith = async (readings: object[]) => {
    const device = await createDevice(t.database, `VIN-ATOMIC-${kind}-${++vins}`, {
      fleetId: a.fleetId,
      dealerId: a.dealerId,
    });
    if (readings.length) expect((await postReadings(t, device, readings)).statusCode).toBe(200);
    return device;
  };

  it('stores an ended trip only with its trip.ended, and sends it once', async () => {
    await refuse('trip.ended');
    const device = await vehicleWith(drive(Date.now() - 2 * 3600_000));
    const { id } = device;
    await expect(t.app.telemetry.settle()).rejects.toMatchObject(REFUSED);
    const trips = sql`select 1 from trip where vehicle_id = ${id}`;
    expect(await count(trips)).toBe(0);
    expect(await queued(id)).toEqual([]);

    await allow();
    await t.app.telemetry.settle();
    expect(await count(trips)).toBe(1);
    expect(await queued(id)).toEqual(['trip.ended']);
    // A later reading queues nothing more.
    expect((await postReadings(t, device, [readingAt(Date.now() - 3600_000, STREET)])).statusCode).toBe(200);
    await t.app.telemetry.settle();
    expect(await queued(id)).toEqual(['trip.ended']);
  });

  it('prices an ended charging session only with its charging.ended, and sends it once', async () => {
    await refuse('charging.ended');
    const { id } = await vehicleWith(charge(Date.now() - 2 * 3600_000));
    await expect(t.app.telemetry.settle()).rejects.toMatchObject(REFUSED);
    const priced = sql`select 1 from charging_session where vehicle_id = ${id} and priced_at is not null`;
    expect(await count(sql`select 1 from charging_session where vehicle_id = ${id}`)).toBe(1);
    expect(await count(priced)).toBe(0);
    expect(await queued(id)).toEqual([]);

    await allow();
    await t.app.telemetry.settle();
    expect(await count(priced)).toBe(1);
    expect(await queued(id)).toEqual(['charging.ended']);
    await t.app.telemetry.settle();
    expect(await queued(id)).toEqual(['charging.ended']);
  });

  it('stores a zone visit only with its zone.entered and zone.left, and sends each once', async () => {
    await refuse('zone.entered', 'zone.left');
    const { id } = await vehicleWith(visit(Date.now() - 2 * 3600_000));
    await expect(t.app.telemetry.settle()).rejects.toMatchObject(REFUSED);
    const visits = sql`select 1 from zone_visit where vehicle_id = ${id}`;
    expect(await count(visits)).toBe(0);
    expect(await queued(id)).toEqual([]);

    await allow();
    await t.app.telemetry.settle();
    expect(await count(sql`select 1 from zone_visit where vehicle_id = ${id} and exited_at is not null`)).toBe(1);
    expect(await queued(id)).toEqual(['zone.entered', 'zone.left']);
    await t.app.telemetry.settle();
    expect(await queued(id)).toEqual(['zone.entered', 'zone.left']);
  });

  it("stores a tracker's answer only with its command.answered, and sends it once", async () => {
    const { id } = await vehicleWith([]);
    await t.database.db.execute(
      sql`insert into tracker_command (vehicle_id, text, status, created_by, sent_at)
          values (${id}, 'getinfo', 'sent', 'admin', now())`,
    );
    const status = async () =>
      (
        await t.database.db.execute<{ status: string; response: string | null }>(
          sql`select status, response from tracker_command where vehicle_id = ${id}`,
        )
      ).rows;
    await refuse('command.answered');
    await expect(t.app.trackers.commands.answered(id, 'INI:2019/7/22')).rejects.toMatchObject(REFUSED);
    expect(await status()).toEqual([{ status: 'sent', response: null }]);
    expect(await queued(id)).toEqual([]);

    await allow();
    await t.app.trackers.commands.answered(id, 'INI:2019/7/22');
    expect(await status()).toEqual([{ status: 'answered', response: 'INI:2019/7/22' }]);
    expect(await queued(id)).toEqual(['command.answered']);
    // An answer with no command waiting for one answers nothing.
    await t.app.trackers.commands.answered(id, 'INI:2019/7/22');
    expect(await queued(id)).toEqual(['command.answered']);
  });
});
