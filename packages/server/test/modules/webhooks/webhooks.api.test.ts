import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { squareZone } from '../../support/zone-shapes.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { readingAt } from '../../support/reading-at.js';
import { createDevice, postReadings } from '../../support/vehicles.js';
import { freePort } from '../../support/ports.js';
import { TeltonikaDevice } from '../../support/teltonika-device.js';
import { startWebhookReceiver } from '../../support/webhook-receiver.js';

const S = 1000;
const MIN = 60 * S;
const SECRET = 'a-receivers-secret-0123456789';
/** Teltonika's Codec 12 example (wiki.teltonika-gps.com/view/Codec): `getinfo`, and a device's answer to it. */
const IMEI = '356307042441013';
const DOC_GETINFO_ANSWER =
  '00000000000000900C010600000088494E493A323031392F372F323220373A3232205254433A323031392F372F323220373A3533205253543A32204552523A312053523A302042523A302043463A302046473A3020464C3A302054553A302F302055543A3020534D533A30204E4F4750533A303A3330204750533A31205341543A302052533A332052463A36352053463A31204D443A30010000C78F';

/** A depot about 2 km a side in Chicago, and a no-go yard north of it. */
const IN = { gpsLat: 41.85, gpsLong: -87.65 };
const OUT = { gpsLat: 41.9, gpsLong: -87.65 };
const NO_GO = { gpsLat: 41.95, gpsLong: -87.65 };

/**
 * Forty minutes from `t0`: a drive, into the depot to charge, parked there, out, and into the no-go
 * yard: a trip that ends, a zone entered and left, a charging session that ends, and an alert.
 */
function knownHour(t0: number) {
  const r = [readingAt(t0, OUT)];
  for (let t = MIN; t <= 10 * MIN; t += 30 * S) r.push(readingAt(t0 + t, OUT, { speed: 30 }));
  for (let t = 11 * MIN; t <= 20 * MIN; t += 30 * S)
    r.push(readingAt(t0 + t, IN, { chargeStatus: 1, vehicleCurrent: -40 }));
  for (let t = 21 * MIN; t <= 32 * MIN; t += MIN) r.push(readingAt(t0 + t, IN));
  for (let t = 33 * MIN; t <= 36 * MIN; t += MIN) r.push(readingAt(t0 + t, OUT));
  for (let t = 37 * MIN; t <= 40 * MIN; t += MIN) r.push(readingAt(t0 + t, NO_GO));
  return r;
}

interface Delivery {
  id: string;
  event: string;
  vehicleId: number | null;
  status: string;
  statusCode: number | null;
  error: string | null;
  attempts: number;
}

describe.each(DATABASE_KINDS)('signed webhooks on %s', (kind) => {
  let t: TestApp;
  let strict: TestApp;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let teltonikaPort: number;
  beforeAll(async () => {
    teltonikaPort = await freePort();
    receiver = await startWebhookReceiver();
    receiver.useSecret(SECRET);
    t = await createTestApp(kind, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SECONDS: '0.05',
      TELTONIKA_PORT: String(teltonikaPort),
    });
    strict = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    b = await createTenant(t, adminToken, 'B');
    for (const zone of [
      { name: 'Depot', kind: 'depot', geometry: squareZone(41.85, -87.65, 0.01) },
      { name: 'Rail yard', kind: 'no-go', geometry: squareZone(41.95, -87.65, 0.005) },
    ]) {
      const res = await admin('POST', '/api/zones', { ...zone, fleetId: a.fleetId });
      expect(res.statusCode, res.body).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await strict?.close();
    await receiver?.close();
  });

  const createHook = async (caller: Caller, body: Record<string, unknown>) => {
    const res = await caller('POST', '/api/webhooks', { secret: SECRET, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; secret: string; dealerId: number | null; fleetId: number | null }>();
  };
  const deliveriesOf = async (caller: Caller, id: number) => {
    const res = await caller('GET', `/api/webhooks/${id}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Delivery[]>();
  };
  /** Sends the known hour of a new vehicle of fleet A and waits until its follow-ups are stored. */
  const driveKnownHour = async (vin: string) => {
    const device = await createDevice(t.database, vin, { fleetId: a.fleetId, dealerId: a.dealerId });
    const res = await postReadings(t, device, knownHour(Date.now() - 2 * 3600_000));
    expect(res.statusCode, res.body).toBe(200);
    await t.app.telemetry.settle();
    return device;
  };
  const bodiesOf = (vehicleId: number) =>
    receiver.processed
      .map((p) => JSON.parse(p.body) as { type: string; vehicle: { id: number } | null; data: Record<string, unknown> })
      .filter((p) => p.vehicle?.id === vehicleId);

  it('delivers every event of a known hour, signed, in order, retried after 500s and processed once', async () => {
    const hook = await createHook(callerFor(t, a.fleet), {
      url: receiver.url('/fleet-a'),
      events: ['trip.ended', 'charging.ended', 'zone.entered', 'zone.left', 'alert.raised'],
    });
    expect(hook.fleetId).toBe(a.fleetId);
    // Each delivery's first two attempts fail: the events behind it wait for it.
    const tries = new Map<string, number>();
    receiver.answerWith((path, headers) => {
      const id = String(headers['evfleet-delivery']);
      tries.set(id, (tries.get(id) ?? 0) + 1);
      return path === '/fleet-a' && tries.get(id)! <= 2 ? 500 : 200;
    });
    const device = await driveKnownHour(`VIN-HOOK-${kind}-1`);
    // Each of the seven deliveries takes three attempts, a retry at most a second after the last.
    await expect.poll(() => bodiesOf(device.id).length, { timeout: 40_000 }).toBe(7);
    await expect
      .poll(async () => (await deliveriesOf(admin, hook.id)).every((d) => d.status === 'delivered'), {
        timeout: 10_000,
      })
      .toBe(true);

    // A threshold alert as the drive begins (pack voltage), and the no-go yard's; both zones entered.
    const events = bodiesOf(device.id).map((p) => p.type);
    expect(events.sort()).toEqual([
      'alert.raised',
      'alert.raised',
      'charging.ended',
      'trip.ended',
      'zone.entered',
      'zone.entered',
      'zone.left',
    ]);
    const deliveries = await deliveriesOf(admin, hook.id);
    // Processed in the order queued (the list is newest first), each after three attempts with one id.
    expect(receiver.processed.filter((p) => deliveries.some((d) => d.id === p.id)).map((p) => p.id)).toEqual(
      deliveries.map((d) => d.id).reverse(),
    );
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: 'delivered', statusCode: 200, attempts: 3, vehicleId: device.id });
      expect(receiver.received.filter((r) => r.headers['evfleet-delivery'] === d.id)).toHaveLength(3);
    }
    // No delivery reached the receiver before the one queued ahead of it was through.
    const firstSeen = deliveries
      .map((d) => receiver.received.findIndex((r) => r.headers['evfleet-delivery'] === d.id))
      .reverse();
    const doneAt = deliveries
      .map((d) => receiver.received.findIndex((r) => r.headers['evfleet-delivery'] === d.id && r.status === 200))
      .reverse();
    for (let i = 1; i < firstSeen.length; i++) expect(firstSeen[i]).toBeGreaterThan(doneAt[i - 1]);

    const bodies = bodiesOf(device.id);
    const data = (type: string) => bodies.filter((p) => p.type === type).map((p) => p.data);
    expect(data('zone.entered')).toContainEqual(expect.objectContaining({ zoneName: 'Depot', zoneKind: 'depot' }));
    expect(data('zone.left')).toEqual([expect.objectContaining({ zoneName: 'Depot', exitedAt: expect.any(String) })]);
    expect(data('trip.ended')[0].distanceMiles).toEqual(expect.any(Number));
    expect(data('charging.ended')[0].energyKwh).toBeGreaterThan(0);
    expect(data('alert.raised')).toContainEqual(
      expect.objectContaining({ severity: 'SEVERE', zoneName: 'Rail yard', name: 'No-go zone' }),
    );
    const first = receiver.received.find((r) => r.headers['evfleet-event'] === 'zone.entered')!;
    expect(JSON.parse(first.body)).toEqual({
      id: expect.any(String),
      type: 'zone.entered',
      occurredAt: expect.any(String),
      vehicle: { id: device.id, vin: device.vin, name: `Vehicle ${device.vin}` },
      data: expect.any(Object),
    });
    expect(Object.keys(JSON.parse(first.body))).toEqual(['id', 'type', 'occurredAt', 'vehicle', 'data']);
  }, 90_000);

  it('sends a hook only the events of vehicles its owner may see, checked again at each attempt', async () => {
    receiver.answerWith(() => 200);
    const foreign = await createHook(callerFor(t, b.dealer), {
      url: receiver.url('/dealer-b'),
      events: ['zone.entered'],
    });
    expect(foreign.dealerId).toBe(b.dealerId);
    const own = await createHook(callerFor(t, a.dealer), { url: receiver.url('/dealer-a'), events: ['zone.entered'] });
    // A fleet owner's hook may not name another fleet.
    const refused = await callerFor(t, a.fleet)('POST', '/api/webhooks', {
      url: receiver.url(),
      events: ['zone.entered'],
      fleetId: b.fleetId,
    });
    expect(refused.statusCode).toBe(403);

    // The vehicle leaves dealer A while its delivery's first attempt is under way: the retry is not sent.
    let moved = false;
    const device = await createDevice(t.database, `VIN-HOOK-${kind}-2`, { fleetId: a.fleetId, dealerId: a.dealerId });
    receiver.answerWith(async (path) => {
      if (path !== '/dealer-a' || moved) return 200;
      await t.database.db.execute(
        sql`update vehicle set dealer_id = ${b.dealerId}, fleet_id = null where id = ${device.id}`,
      );
      moved = true;
      return 500;
    });
    const res = await postReadings(t, device, knownHour(Date.now() - 2 * 3600_000));
    expect(res.statusCode, res.body).toBe(200);
    await t.app.telemetry.settle();
    await expect.poll(() => moved, { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await deliveriesOf(admin, own.id)).length, { timeout: 10_000 }).toBe(0);
    expect(receiver.received.filter((r) => r.path === '/dealer-a')).toHaveLength(1);
    expect(receiver.received.filter((r) => r.path === '/dealer-b')).toHaveLength(0);
    // Hooks are their owners': another dealer neither reads nor tests it.
    expect((await callerFor(t, b.dealer)('GET', `/api/webhooks/${own.id}`)).statusCode).toBe(404);
    expect((await callerFor(t, b.dealer)('POST', `/api/webhooks/${own.id}/test`)).statusCode).toBe(404);
    expect((await callerFor(t, a.driver)('GET', '/api/webhooks')).statusCode).toBe(403);
  }, 60_000);

  it('tells when a vehicle goes offline and comes back', async () => {
    receiver.answerWith(() => 200);
    const hook = await createHook(admin, {
      url: receiver.url('/presence'),
      events: ['vehicle.offline', 'vehicle.online'],
    });
    const device = await createDevice(t.database, `VIN-HOOK-${kind}-3`, { fleetId: a.fleetId, dealerId: a.dealerId });
    const send = async (ts: number) => {
      expect((await postReadings(t, device, [readingAt(ts, OUT)])).statusCode).toBe(200);
      await t.app.telemetry.settle();
    };
    await send(Date.now() - 60 * MIN);
    await t.app.telemetry.presence!.sweep();
    await send(Date.now());
    await t.app.telemetry.presence!.sweep();
    await t.app.telemetry.presence!.sweep();
    const own = async () => (await deliveriesOf(admin, hook.id)).filter((d) => d.vehicleId === device.id);
    await expect
      .poll(async () => (await own()).map((d) => `${d.event} ${d.status}`), { timeout: 10_000 })
      .toEqual(['vehicle.online delivered', 'vehicle.offline delivered']);
  });

  it("tells an alert cleared, and a tracker's answer to a command", async () => {
    receiver.answerWith(() => 200);
    const hook = await createHook(admin, {
      url: receiver.url('/ops'),
      events: ['alert.raised', 'alert.cleared', 'command.answered'],
    });
    const device = await createDevice(t.database, `VIN-HOOK-${kind}-5`, { fleetId: a.fleetId, dealerId: a.dealerId });
    const t0 = Date.now() - 30 * MIN;
    // Ten minutes at a severe 100 V, then ten at a normal 90 V.
    const voltages = Array.from({ length: 20 }, (_, i) =>
      readingAt(t0 + i * MIN, OUT, { packVoltage: i < 10 ? 100 : 90 }),
    );
    expect((await postReadings(t, device, voltages)).statusCode).toBe(200);
    await t.app.telemetry.settle();
    expect(
      (await admin('PUT', `/api/vehicles/${device.id}/device`, { protocol: 'teltonika', identifier: IMEI })).statusCode,
    ).toBe(200);
    const tracker = await TeltonikaDevice.connect(teltonikaPort);
    expect(await tracker.handshake(IMEI)).toBe(1);
    expect((await admin('POST', `/api/vehicles/${device.id}/commands`, { text: 'getinfo' })).statusCode).toBe(202);
    await tracker.read(27);
    tracker.send(DOC_GETINFO_ANSWER);
    await expect
      .poll(
        async () =>
          (await deliveriesOf(admin, hook.id))
            .filter((d) => d.vehicleId === device.id)
            .map((d) => `${d.event} ${d.status}`),
        { timeout: 10_000 },
      )
      .toEqual(['command.answered delivered', 'alert.cleared delivered', 'alert.raised delivered']);
    tracker.end();
    const cleared = bodiesOf(device.id).find((p) => p.type === 'alert.cleared')!;
    expect(cleared.data).toMatchObject({ metric: 'packVoltage', severity: 'NORMAL', value: 90 });
    const answered = bodiesOf(device.id).find((p) => p.type === 'command.answered')!;
    expect(answered.data).toMatchObject({ command: 'getinfo', answer: expect.stringMatching(/^INI:2019\/7\/22/) });
  });

  it('pauses a hook whose deliveries failed for a day, and mails its owner', async () => {
    receiver.answerWith((path) => (path === '/broken' ? 503 : 200));
    const hook = await createHook(callerFor(t, a.fleet), { url: receiver.url('/broken'), events: ['zone.entered'] });
    await t.database.db.execute(sql`update webhook set paused_at = now() where id <> ${hook.id}`);
    await driveKnownHour(`VIN-HOOK-${kind}-4`);
    // The first delivery fails again and again; the one queued behind it waits.
    await expect
      .poll(async () => Math.max(0, ...(await deliveriesOf(admin, hook.id)).map((d) => d.attempts)), {
        timeout: 10_000,
      })
      .toBeGreaterThan(1);
    await t.database.db.execute(
      sql`update webhook_delivery set created_at = now() - interval '25 hours', next_attempt_at = now()
          where webhook_id = ${hook.id}`,
    );
    // Given up at its next attempt, due now and claimed at the dispatcher's next poll.
    await expect
      .poll(async () => (await admin('GET', `/api/webhooks/${hook.id}`)).json<{ active: boolean }>().active, {
        timeout: 10_000,
      })
      .toBe(false);
    expect((await deliveriesOf(admin, hook.id)).at(-1)).toMatchObject({ status: 'failed', statusCode: 503 });
    const { rows } = await t.database.db.execute<{ recipient: string; body: string }>(
      sql`select recipient, body from mail_outbox where kind = 'webhook-paused'`,
    );
    expect(rows).toEqual([expect.objectContaining({ recipient: expect.stringContaining('fleet-a') })]);
    expect(rows[0].body).toContain(receiver.url('/broken'));
    // Resumed by its owner, it is sent events again.
    const resumed = await callerFor(t, a.fleet)('PUT', `/api/webhooks/${hook.id}`, {
      url: receiver.url('/broken'),
      events: ['zone.entered'],
      active: true,
    });
    expect(resumed.json()).toMatchObject({ active: true, pausedAt: null });
    await t.database.db.execute(sql`update webhook set paused_at = null`);
  }, 60_000);

  it('shows the secret once, tests a hook, and speaks Slack and Teams', async () => {
    receiver.answerWith(() => 200);
    const created = await admin('POST', '/api/webhooks', {
      url: receiver.url('/slack'),
      events: ['alert.raised'],
      format: 'slack',
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json<{ id: number; secret: string }>();
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await admin('GET', '/api/webhooks')).body).not.toContain(hook.secret);
    receiver.useSecret(hook.secret);
    const tested = await admin('POST', `/api/webhooks/${hook.id}/test`);
    receiver.useSecret(SECRET);
    expect(tested.json()).toMatchObject({ event: 'webhook.test', status: 'delivered', statusCode: 200, attempts: 1 });
    const slack = receiver.received.at(-1)!;
    expect(JSON.parse(slack.body)).toEqual({ text: expect.stringContaining('*Test delivery*') });
    expect(slack.headers['evfleet-event']).toBe('webhook.test');

    const teams = await createHook(admin, { url: receiver.url('/teams'), events: ['alert.raised'], format: 'teams' });
    await admin('POST', `/api/webhooks/${teams.id}/test`);
    const card = JSON.parse(receiver.received.at(-1)!.body) as { type: string; attachments: { contentType: string }[] };
    expect(card.type).toBe('message');
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect((await deliveriesOf(admin, teams.id))[0]).toMatchObject({ event: 'webhook.test', status: 'delivered' });
    expect((await admin('DELETE', `/api/webhooks/${teams.id}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/webhooks/${teams.id}`)).statusCode).toBe(404);
  });

  it("lists a hook's last 100 deliveries, newest first", async () => {
    const hook = await createHook(admin, { url: receiver.url('/listed'), events: ['alert.raised'] });
    // Given up already, so the dispatcher leaves them alone.
    await t.database.db.execute(sql`
      insert into webhook_delivery (webhook_id, event_type, dedupe_key, body, occurred_at, status, attempts)
      select ${hook.id}, 'alert.raised', 'listed-' || n, '{}', now() - (105 - n) * interval '1 minute', 'failed', n
      from generate_series(1, 105) n`);
    const listed = await deliveriesOf(admin, hook.id);
    expect(listed.map((d) => d.attempts)).toEqual(Array.from({ length: 100 }, (_, i) => 105 - i));
  });

  it('follows no redirect', async () => {
    const hook = await createHook(admin, { url: receiver.url('/redirect'), events: ['alert.raised'] });
    const tested = await admin('POST', `/api/webhooks/${hook.id}/test`);
    expect(tested.json()).toMatchObject({ status: 'failed', statusCode: 302 });
    expect(receiver.received.filter((r) => r.path === '/redirected')).toHaveLength(0);
  });

  it('refuses other schemes, and loopback, link-local and private addresses in any spelling', async () => {
    const as = callerFor(strict, await strict.admin());
    const refusal = async (url: string) => {
      const res = await as('POST', '/api/webhooks', { url, events: ['alert.raised'] });
      expect(res.statusCode, url).toBe(400);
      return res.json<{ fieldErrors: { field: string; message: string }[] }>().fieldErrors[0];
    };
    expect(await refusal('ftp://example.com/hook')).toMatchObject({ field: 'url' });
    for (const url of [
      'http://127.0.0.1/hook',
      'http://2130706433/hook',
      'http://0x7f.0.0.1/hook',
      'http://0177.0.0.1/hook',
      'http://127.1/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/hook',
      'http://192.168.1.1/hook',
      'http://[fd00::1]/hook',
      'http://0.0.0.0/hook',
    ])
      expect(await refusal(url)).toMatchObject({
        field: 'url',
        message: 'must not be a loopback, link-local or private address',
      });

    // A name is judged where it resolves, at each delivery: localhost is 127.0.0.1.
    const named = await as('POST', '/api/webhooks', {
      url: `http://localhost:${receiver.port}/named`,
      events: ['alert.raised'],
    });
    expect(named.statusCode, named.body).toBe(201);
    const tested = await as('POST', `/api/webhooks/${named.json<{ id: number }>().id}/test`);
    expect(tested.json()).toMatchObject({
      status: 'failed',
      statusCode: null,
      error: expect.stringContaining('127.0.0.1'),
    });
    expect(receiver.received.filter((r) => r.path === '/named')).toHaveLength(0);
  });
});
