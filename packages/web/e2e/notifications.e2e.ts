import type { PushMessage } from '@evfleet/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { startPushService, type PushService, type TestSubscription } from '../../server/test/support/push-service';
import { ADMIN, WAIT_MS, baseUrl, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { Api, dialog, expectToast, gridRow, gridRows, runId, withFreshPage } from './support/people';
import { everyMinute, sendReadings } from './support/readings';
import { createVehicle, vehicleOwners } from './support/vehicles';

/**
 * Headless Chromium refuses PushManager.subscribe ("Registration failed - permission denied"): it has
 * no push service to register with. The page's PushManager is therefore given subscriptions made by
 * web-push-testing, a push service on loopback that decrypts what it is sent; everything else (the
 * permission, the VAPID key, the server's calls, the service worker) is the real portal's.
 */
async function pushThroughTestService(page: Page, service: PushService, made: TestSubscription[]) {
  await page.exposeFunction('subscribeAtTestPushService', async (applicationServerKey: string) => {
    const subscription = await service.subscribe(applicationServerKey);
    made.push(subscription);
    return { endpoint: subscription.endpoint, keys: subscription.keys };
  });
  await page.addInitScript(() => {
    type Json = { endpoint: string; keys: { p256dh: string; auth: string } };
    const KEPT = 'test-push-subscription';
    const bytesOf = (b64url: string) =>
      Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const b64urlOf = (key: BufferSource) =>
      btoa(String.fromCharCode(...new Uint8Array(key instanceof ArrayBuffer ? key : key.buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const subscriptionOf = ({ json, key }: { json: Json; key: string }) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytesOf(key) },
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: () => {
        localStorage.removeItem(KEPT);
        return Promise.resolve(true);
      },
    });
    const kept = () => {
      const text = localStorage.getItem(KEPT);
      return text ? subscriptionOf(JSON.parse(text) as { json: Json; key: string }) : null;
    };
    const subscribe = async (options: PushSubscriptionOptionsInit) => {
      const key = b64urlOf(options.applicationServerKey as BufferSource);
      const json = await (
        window as unknown as { subscribeAtTestPushService: (k: string) => Promise<Json> }
      ).subscribeAtTestPushService(key);
      localStorage.setItem(KEPT, JSON.stringify({ json, key }));
      return kept();
    };
    Object.assign(PushManager.prototype, { getSubscription: () => Promise.resolve(kept()), subscribe });
  });
}

/** Hands a message to the portal's service worker as a push event, and answers the notifications it then shows. */
async function showPushed(page: Page, message: PushMessage) {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseUrl}/`);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseUrl,
    registrationId: await registration,
    data: JSON.stringify(message),
  });
  await cdp.detach();
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.getRegistration())!.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url: string }).url,
    })),
  );
}

/**
 * A click on the notification of this tag that the service worker shows: its notificationclick
 * handler runs as on a real click (no browser clicks a system notification from a test).
 */
async function clickShown(page: Page, tag: string) {
  const [worker] = page.context().serviceWorkers();
  await worker.evaluate(async (shownTag) => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
    const { NotificationEvent } = globalThis as unknown as {
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [shown] = await scope.registration.getNotifications({ tag: shownTag });
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
  }, tag);
}

/** Ten minutes of 100 V on the pack, two hours ago: a severe alert (the default thresholds). */
const severeReadings = () =>
  everyMinute(Date.now() - 2 * 3600_000, 11, () => ({ packVoltage: 100, speed: 0, gpsLat: 41.9, gpsLong: -87.65 }));

describe('Notifications (Account → Notifications, docs/integrations.md "Alerts on the phone")', () => {
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  test('turns this browser on with a severity, is sent an alert it may see, lists the devices, and turns off', async ({
    browser,
  }) => {
    const admin = await Api.signIn(ADMIN);
    const run = runId();
    const made: TestSubscription[] = [];
    await withFreshPage(
      browser,
      'notifications',
      async (page) => {
        await pushThroughTestService(page, service, made);
        await signIn(page, ADMIN);
        await page.getByTestId('menu-notifications').click();
        await expect.poll(() => page.title()).toBe('Push notifications · evfleet');
        expect(await page.getByTestId('push-state').textContent()).toBe('Notifications off');
        expect(await textOf(page.getByTestId('push-permission'))).toBe('Permission: granted.');
        // The service worker is there to show what comes.
        await expect
          .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), {
            timeout: WAIT_MS * 2,
          })
          .toBe('activated');

        await page.getByTestId('push-severity').click();
        await page.getByRole('option', { name: 'Severe alerts only' }).click();
        await page.getByTestId('push-on').click();
        await expect.poll(() => page.getByTestId('push-state').getAttribute('data-state')).toBe('on');
        const { publicKey } = await admin.call<{ publicKey: string }>('GET', '/api/push/vapid-public-key');
        expect(made).toHaveLength(1);
        const [subscription] = made;
        const row = gridRow(page, 'push-devices-grid', 'This browser');
        await expectVisible(row);
        expect(await textOf(row.locator('[col-id="minSeverity"]'))).toBe('Severe alerts only');
        expect(await textOf(row.locator('[col-id="service"]'))).toContain(new URL(subscription.endpoint).host);
        const listed = await admin.call<{ id: number; endpoint: string; minSeverity: string }[]>(
          'GET',
          '/api/push/subscriptions',
        );
        expect(listed).toContainEqual(
          expect.objectContaining({ endpoint: subscription.endpoint, minSeverity: 'SEVERE' }),
        );
        // The push service was asked with evfleet's VAPID key: it checks each message's signature against it.
        expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
        await screenshot(page, 'notifications');

        // A severe alert of a vehicle the administrator sees reaches this browser's push service, encrypted.
        const vehicle = await createVehicle(
          admin,
          await vehicleOwners(admin, run),
          `Push ${run}`,
          `PSH${run}`.toUpperCase().slice(0, 17),
        );
        await sendReadings(vehicle.device, severeReadings());
        const ofVehicle = async () =>
          (await service.messages(subscription))
            .map((m) => JSON.parse(m) as PushMessage)
            .filter((m) => m.url === `/vehicle/${vehicle.id}`);
        await expect.poll(async () => (await ofVehicle()).length, { timeout: 30_000 }).toBe(1);
        const [message] = await ofVehicle();
        expect(message).toMatchObject({ title: `${vehicle.name} (${vehicle.vin})`, severity: 'SEVERE' });
        expect(message.body).not.toBe('');
        // The service worker shows it as the push service would hand it over (DevTools' "Push" button).
        await expect
          .poll(() => showPushed(page, message))
          .toContainEqual({
            title: message.title,
            body: message.body,
            tag: message.tag,
            url: message.url,
          });
        // A click on it takes this window to the vehicle's page.
        await clickShown(page, message.tag);
        await expect.poll(() => new URL(page.url()).pathname).toBe(`/vehicle/${vehicle.id}`);
        await expectVisible(page.getByText(vehicle.vin).first());
        await page.goBack();
        await expect.poll(() => page.getByTestId('push-state').getAttribute('data-state')).toBe('on');

        // Another device of the account, removed from the list.
        const other = await service.subscribe(publicKey);
        await admin.call('POST', '/api/push/subscriptions', {
          endpoint: other.endpoint,
          expirationTime: null,
          keys: other.keys,
          minSeverity: 'WARNING',
        });
        await page.reload();
        await expect.poll(() => gridRows(page, 'push-devices-grid').count()).toBe(listed.length + 1);
        const otherId = (await admin.call<{ id: number; endpoint: string }[]>('GET', '/api/push/subscriptions')).find(
          (s) => s.endpoint === other.endpoint,
        )!.id;
        await page.getByTestId(`delete-${otherId}`).click();
        await dialog(page, 'Remove device').getByRole('button', { name: 'Remove' }).click();
        await expectToast(page, `The device on ${new URL(other.endpoint).host} gets no more notifications`);
        await expect.poll(() => gridRows(page, 'push-devices-grid').count()).toBe(listed.length);

        // Off: unsubscribed here and gone from the server.
        await page.getByTestId('push-off').click();
        await expect.poll(() => page.getByTestId('push-state').getAttribute('data-state')).toBe('off');
        await expect
          .poll(async () =>
            (await admin.call<{ endpoint: string }[]>('GET', '/api/push/subscriptions')).map((s) => s.endpoint),
          )
          .not.toContain(subscription.endpoint);
        expect(await page.evaluate(() => localStorage.getItem('test-push-subscription'))).toBeNull();
      },
      { serviceWorkers: 'allow', permissions: ['notifications'], baseURL: baseUrl },
    );
  }, 120_000);

  test('says how to allow notifications where this browser blocks them', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
    await signIn(page, ADMIN, '/account/notifications');
    await expect.poll(() => page.getByTestId('push-state').getAttribute('data-state')).toBe('blocked');
    expect(await page.getByTestId('push-state').textContent()).toBe('Blocked');
    expect(await textOf(page.getByTestId('this-browser'))).toContain('Allow them in the site settings');
    expect(await page.getByTestId('push-on').count()).toBe(0);
  });
});
