import type { WebhookDelivery } from '@evfleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';
import { startWebhookReceiver } from '../../support/webhook-receiver.js';

const SECRET = 'a-receivers-secret-0123456789';
/** WEBHOOK_TIMEOUT_SECONDS here: a tenth of the 10 seconds a receiver has by default, so the test is quick. */
const TIMEOUT_SECONDS = 1;
/** A receiver's answer this late comes after the time limit. */
const LATE_MS = 1500;

/** Ten minutes of a parked vehicle at a severe pack voltage (100 V, the default threshold): one alert raised. */
const tenSevereMinutes = () =>
  Array.from({ length: 21 }, (_, i) => ({
    ts: Date.now() - 2 * 3600_000 + i * 30_000,
    gpsLat: 41.9,
    gpsLong: -87.65,
    speed: 0,
    chargeStatus: 0,
    packVoltage: 100,
    vehicleCurrent: 0,
  }));

/** Which answers count as a webhook's success (docs/integrations.md "Delivery rules"). */
describe.each(DATABASE_KINDS)('webhook answers on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.useSecret(SECRET);
    t = await createTestApp(kind, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SECONDS: '0.05',
      WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    });
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const createHook = async (path: string) => {
    const res = await admin('POST', '/api/webhooks', {
      url: receiver.url(path),
      events: ['alert.raised'],
      secret: SECRET,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>();
  };
  /** A new vehicle of fleet A whose alert is raised and queued for the hooks. */
  const raiseAlert = async (vin: string) => {
    const device = await createDevice(t.database, vin, { fleetId: a.fleetId, dealerId: a.dealerId });
    const res = await postReadings(t, device, tenSevereMinutes());
    expect(res.statusCode, res.body).toBe(200);
    await t.app.telemetry.settle();
    return device;
  };
  /** The hook's delivery of the vehicle's alert, once queued. */
  const deliveryOf = async (hookId: number, vehicleId: number) => {
    const res = await admin('GET', `/api/webhooks/${hookId}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    const own = res.json<WebhookDelivery[]>().filter((d) => d.vehicleId === vehicleId);
    expect(own.length).toBeLessThanOrEqual(1);
    return own.at(0) ?? null;
  };
  const arrivalsOf = (deliveryId: string) =>
    receiver.received.filter((r) => r.headers['evfleet-delivery'] === deliveryId);

  it('counts a 200 answered after WEBHOOK_TIMEOUT_SECONDS as a failure, and tries the delivery again', async () => {
    let late = true;
    receiver.answerWith((path) => (path === '/late' && late ? { status: 200, afterMs: LATE_MS } : 200));
    const hook = await createHook('/late');
    const noAnswer = `no answer within ${TIMEOUT_SECONDS} s`;
    // The Test button's single attempt, answered too late, failed.
    const tested = await admin('POST', `/api/webhooks/${hook.id}/test`);
    expect(tested.json()).toMatchObject({ status: 'failed', statusCode: null, error: noAnswer, attempts: 1 });

    const device = await raiseAlert(`VIN-LATE-${kind}`);
    // Each late attempt failed, and the delivery is tried again.
    await expect
      .poll(
        async () => {
          const d = await deliveryOf(hook.id, device.id);
          return d && d.attempts >= 2 ? d : null;
        },
        { timeout: 20_000 },
      )
      .toMatchObject({ status: 'pending', statusCode: null, error: noAnswer });
    late = false;
    await expect
      .poll(async () => (await deliveryOf(hook.id, device.id))?.status, { timeout: 20_000 })
      .toBe('delivered');
    const delivered = (await deliveryOf(hook.id, device.id))!;
    expect(delivered).toMatchObject({ statusCode: 200, error: null });
    // Every attempt reached the receiver, and it answered each 200: the late ones failed all the same.
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    expect(arrivalsOf(delivered.id).map((r) => r.status)).toEqual(Array(delivered.attempts).fill(200));
  }, 60_000);

  it('sends a delivery the receiver stored but did not acknowledge again, with its id, and the receiver processes it once', async () => {
    const tries = new Map<string, number>();
    receiver.answerWith((path, headers) => {
      if (path !== '/stored') return 200;
      const id = String(headers['evfleet-delivery']);
      const attempt = (tries.get(id) ?? 0) + 1;
      tries.set(id, attempt);
      // Stored, then answered 500; then answered too late; then acknowledged.
      if (attempt === 1) return { status: 500, stored: true };
      if (attempt === 2) return { status: 200, afterMs: LATE_MS };
      return 200;
    });
    const hook = await createHook('/stored');
    const device = await raiseAlert(`VIN-STORED-${kind}`);
    await expect
      .poll(async () => (await deliveryOf(hook.id, device.id))?.status, { timeout: 20_000 })
      .toBe('delivered');
    const delivered = (await deliveryOf(hook.id, device.id))!;
    expect(delivered).toMatchObject({ statusCode: 200, attempts: 3 });

    const arrivals = arrivalsOf(delivered.id);
    expect(arrivals.map((r) => r.status)).toEqual([500, 200, 200]);
    // Every attempt carries the same delivery: its id, its event and its body.
    expect(new Set(arrivals.map((r) => r.body)).size).toBe(1);
    expect(arrivals.map((r) => r.headers['evfleet-event'])).toEqual(Array(3).fill('alert.raised'));
    expect(receiver.processed.filter((p) => p.id === delivered.id)).toEqual([
      { id: delivered.id, event: 'alert.raised', body: arrivals[0].body },
    ]);
  }, 60_000);
});
