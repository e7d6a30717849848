import type { PushMessage } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { startPushService, type PushService, type TestSubscription } from '../../support/push-service.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';

const S = 1000;

/** Ten minutes of a parked vehicle's pack voltage: 96 V is a warning, 100 V severe (the default thresholds). */
const tenMinutesAt = (packVoltage: number) =>
  Array.from({ length: 21 }, (_, i) => ({
    ts: Date.now() - 2 * 3600_000 + i * 30 * S,
    gpsLat: 41.9,
    gpsLong: -87.65,
    speed: 0,
    chargeStatus: 0,
    packVoltage,
    vehicleCurrent: 0,
  }));

describe.each(DATABASE_KINDS)('alerts on the phone on %s', (kind) => {
  let t: TestApp;
  let strict: TestApp;
  let pushService: PushService;
  let publicKey: string;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    pushService = await startPushService();
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0.05' });
    strict = await createTestApp(kind);
    const adminToken = await t.admin();
    a = await createTenant(t, adminToken, 'A');
    b = await createTenant(t, adminToken, 'B');
    publicKey = (await callerFor(t, a.driver)('GET', '/api/push/vapid-public-key')).json<{ publicKey: string }>()
      .publicKey;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await strict?.close();
    await pushService?.close();
  });

  /** A browser subscribed at the push service, and the JSON it would POST (its PushSubscription's toJSON()). */
  const browser = async () => {
    const subscription = await pushService.subscribe(publicKey);
    const json = { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys };
    return { subscription, json };
  };
  const subscribe = async (caller: Caller, minSeverity: 'WARNING' | 'SEVERE') => {
    const { subscription, json } = await browser();
    const res = await caller('POST', '/api/push/subscriptions', { ...json, minSeverity });
    expect(res.statusCode, res.body).toBe(201);
    return { ...subscription, id: res.json<{ id: number }>().id };
  };
  const listOf = async (caller: Caller) => {
    const res = await caller('GET', '/api/push/subscriptions');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; endpoint: string; minSeverity: string }[]>();
  };
  const received = async (s: TestSubscription) =>
    (await pushService.messages(s)).map((m) => JSON.parse(m) as PushMessage);
  /** A new vehicle of fleet A whose pack voltage stays at `packVoltage` for ten minutes, its alert raised and sent. */
  const driveAt = async (vin: string, packVoltage: number) => {
    const device = await createDevice(t.database, vin, { fleetId: a.fleetId, dealerId: a.dealerId });
    const res = await postReadings(t, device, tenMinutesAt(packVoltage));
    expect(res.statusCode, res.body).toBe(200);
    await t.app.telemetry.settle();
    await t.app.push.flush();
    return device;
  };

  it('gives the VAPID key, and keeps each browser subscription its subscriber’s own', async () => {
    expect(publicKey).toBe(t.config.push.vapid.publicKey);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await callerFor(t)('GET', '/api/push/vapid-public-key')).statusCode).toBe(401);

    const fleet = callerFor(t, a.fleet);
    const dealerB = callerFor(t, b.dealer);
    const { json } = await browser();
    const created = await fleet('POST', '/api/push/subscriptions', { ...json, minSeverity: 'WARNING' });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json<{ id: number }>();
    expect(first).toEqual({
      id: expect.any(Number),
      endpoint: json.endpoint,
      minSeverity: 'WARNING',
      createdAt: expect.any(String),
    });

    // The same browser again: its one row, changed.
    const again = await fleet('POST', '/api/push/subscriptions', { ...json, minSeverity: 'SEVERE' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: first.id, minSeverity: 'SEVERE' });
    expect(await listOf(fleet)).toEqual([expect.objectContaining({ id: first.id, minSeverity: 'SEVERE' })]);
    expect(JSON.stringify(await listOf(fleet))).not.toContain(json.keys.auth);

    // Another's subscription is neither listed nor removed.
    expect(await listOf(dealerB)).toEqual([]);
    expect((await dealerB('DELETE', `/api/push/subscriptions/${first.id}`)).statusCode).toBe(404);
    expect(await listOf(fleet)).toHaveLength(1);

    // Someone else signs in on that browser and turns notifications on: the subscription is theirs now.
    expect((await dealerB('POST', '/api/push/subscriptions', { ...json, minSeverity: 'WARNING' })).statusCode).toBe(
      201,
    );
    expect(await listOf(fleet)).toEqual([]);
    const [moved] = await listOf(dealerB);
    expect(moved.endpoint).toBe(json.endpoint);
    expect((await dealerB('DELETE', `/api/push/subscriptions/${moved.id}`)).statusCode).toBe(204);
    expect(await listOf(dealerB)).toEqual([]);

    // A browser's subscription is its person's: an API key, even with every scope, may not make one.
    const key = await fleet('POST', '/api/api-keys', { name: 'Push', scopes: ['read', 'write'] });
    const withKey = callerFor(t, `Bearer ${key.json<{ key: string }>().key}`);
    expect((await withKey('POST', '/api/push/subscriptions', { ...json, minSeverity: 'WARNING' })).statusCode).toBe(
      403,
    );
    expect((await withKey('GET', '/api/push/subscriptions')).statusCode).toBe(403);
    expect((await withKey('GET', '/api/push/vapid-public-key')).statusCode).toBe(200);
  });

  it('refuses a subscription without its keys, an unknown severity, and a private push service', async () => {
    const fleet = callerFor(t, a.fleet);
    const { json } = await browser();
    const fieldsOf = async (body: unknown, app: TestApp = t) => {
      const res = await callerFor(app, app === t ? a.fleet : await strict.admin())(
        'POST',
        '/api/push/subscriptions',
        body,
      );
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((f) => f.field);
    };
    expect(await fieldsOf({ ...json, keys: { p256dh: 'short', auth: json.keys.auth }, minSeverity: 'SEVERE' })).toEqual(
      ['keys.p256dh'],
    );
    expect(await fieldsOf({ ...json, minSeverity: 'INFO' })).toEqual(['minSeverity']);
    expect(await fieldsOf({ ...json, endpoint: 'ftp://push.example/x', minSeverity: 'SEVERE' })).toEqual(['endpoint']);
    // Unless outgoing calls may reach private addresses, an endpoint may not name one.
    expect(await fieldsOf({ ...json, minSeverity: 'SEVERE' }, strict)).toEqual(['endpoint']);
    expect(await listOf(fleet)).toEqual([]);
  });

  it('sends a raised alert, encrypted, to the browsers subscribed to its severity whose person sees the vehicle', async () => {
    const fleet = callerFor(t, a.fleet);
    const warnings = await subscribe(fleet, 'WARNING');
    const severeOnly = await subscribe(fleet, 'SEVERE');
    const otherTenant = await subscribe(callerFor(t, b.dealer), 'WARNING');
    // The driver sees only the vehicles assigned to them: not these.
    const driver = await subscribe(callerFor(t, a.driver), 'WARNING');

    const warned = await driveAt(`VIN-PUSH-${kind}-W`, 96);
    const severe = await driveAt(`VIN-PUSH-${kind}-S`, 100);
    const textOf = async (vehicleId: number, type: string) => {
      const { rows } = await t.database.db.execute<{ notification_content: string }>(
        sql`select notification_content from warning_log where vehicle_id = ${vehicleId} and type = ${type}`,
      );
      expect(rows).toHaveLength(1);
      return rows[0].notification_content;
    };
    const message = async (device: { id: number; vin: string }, severity: string) => ({
      title: `Vehicle ${device.vin} (${device.vin})`,
      body: await textOf(device.id, severity),
      url: `/vehicle/${device.id}`,
      tag: `alert-${device.id}-packVoltage`,
      severity,
    });

    await expect.poll(async () => (await received(warnings)).length, { timeout: 10_000 }).toBe(2);
    expect(await received(warnings)).toEqual([await message(warned, 'WARNING'), await message(severe, 'SEVERE')]);
    expect((await received(warnings))[0].body).toContain('96');
    expect(await received(severeOnly)).toEqual([await message(severe, 'SEVERE')]);
    expect(await received(otherTenant)).toEqual([]);
    expect(await received(driver)).toEqual([]);

    // What was sent is kept as sent (so an event seen again is not sent again); what was not seen is gone.
    const { rows } = await t.database.db.execute<{ subscription_id: number; status: string }>(
      sql`select subscription_id, status from push_delivery where vehicle_id in (${warned.id}, ${severe.id}) order by seq`,
    );
    expect(rows.map((r) => [r.subscription_id, r.status])).toEqual([
      [warnings.id, 'sent'],
      [warnings.id, 'sent'],
      [severeOnly.id, 'sent'],
    ]);
    for (const s of [warnings, severeOnly, otherTenant, driver])
      await t.database.db.execute(sql`delete from push_subscription where id = ${s.id}`);
  }, 60_000);

  it('removes a subscription its push service answers 410 for, and retries other failures', async () => {
    const fleet = callerFor(t, a.fleet);
    const gone = await subscribe(fleet, 'SEVERE');
    await pushService.expire(gone);
    // A push service that does not know the subscription answers 400: tried again, kept.
    const { json } = await browser();
    const unknown = await fleet('POST', '/api/push/subscriptions', {
      ...json,
      endpoint: json.endpoint.replace(/[^/]+$/, 'unknown-client'),
      minSeverity: 'SEVERE',
    });
    expect(unknown.statusCode, unknown.body).toBe(201);

    await driveAt(`VIN-PUSH-${kind}-G`, 100);
    await expect
      .poll(async () => (await listOf(fleet)).map((s) => s.id), { timeout: 10_000 })
      .toEqual([unknown.json<{ id: number }>().id]);
    expect(await received(gone)).toEqual([]);
    await expect
      .poll(
        async () =>
          (
            await t.database.db.execute<{ attempts: number }>(
              sql`select attempts from push_delivery where subscription_id = ${unknown.json<{ id: number }>().id}`,
            )
          ).rows[0]?.attempts ?? 0,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(2);
  }, 60_000);

  it('removes a subscription its push service answers 404 for, with what was queued for it', async () => {
    const fleet = callerFor(t, a.fleet);
    const kept = await subscribe(fleet, 'SEVERE');
    const lost = await subscribe(fleet, 'SEVERE');
    pushService.forget(lost);

    const device = await driveAt(`VIN-PUSH-${kind}-L`, 100);
    await expect.poll(async () => (await listOf(fleet)).map((s) => s.id), { timeout: 10_000 }).not.toContain(lost.id);
    expect((await listOf(fleet)).map((s) => s.id)).toContain(kept.id);
    expect(await received(lost)).toEqual([]);
    expect(await received(kept)).toEqual([
      expect.objectContaining({ url: `/vehicle/${device.id}`, severity: 'SEVERE' }),
    ]);
    const { rows } = await t.database.db.execute<{ subscription_id: number }>(
      sql`select subscription_id from push_delivery where vehicle_id = ${device.id}`,
    );
    expect(rows.map((r) => r.subscription_id)).toContain(kept.id);
    expect(rows.map((r) => r.subscription_id)).not.toContain(lost.id);
  }, 60_000);
});
