import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { ADMIN, WAIT_MS, baseUrl, expect, expectVisible, signIn, test } from './support/fixtures';
import { withFreshPage } from './support/people';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string }[];
}

/** Waits until a service worker controls the page (autoUpdate claims open pages once it is active). */
async function controlledBySW(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), {
      timeout: WAIT_MS * 2,
      message: 'the service worker registered and became active',
    })
    .toBe('activated');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: WAIT_MS * 2 })
    .toBe('activated');
}

describe('the portal as an installable app (PWA)', () => {
  test('the manifest is linked and names the app with its icons', async ({ page }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await fetch(new URL(href!, baseUrl));
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'evfleet', short_name: 'evfleet', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((each) => each.sizes === size && each.type === 'image/png');
      expect(icon, size).toBeDefined();
      const image = await fetch(new URL(icon!.src, baseUrl));
      expect(image.status, icon!.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      // A PNG whose header states the size the manifest promises.
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(size);
    }
  });

  test('a service worker registers and keeps the shell when the server is out of reach; offline, a signed-in user is told so, not sent to sign in', async ({
    browser,
  }) => {
    // The one context that keeps the service worker every other test's blocks (support/fixtures).
    await withFreshPage(
      browser,
      'pwa-offline',
      async (page) => {
        await signIn(page, ADMIN, '/dealer');
        await expectVisible(page.getByTestId('sidebar-user'));
        await controlledBySW(page);
        // The page's own files are kept as they load once the worker controls it: open the page again.
        await page.reload();
        await expectVisible(page.getByTestId('sidebar-user'));

        await page.context().setOffline(true);
        try {
          await page.reload();
          // The portal itself answers (not the browser's offline page): its script ran and named the
          // page, and says it is offline rather than asking a signed-in user to sign in again.
          await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Dealers · evfleet');
          await expectVisible(page.getByTestId('offline'));
          expect(page.url()).toMatch(/\/dealer$/);
          // The API is never answered from a cache: offline, a call fails.
          const apiAnswer = await page.evaluate(() =>
            fetch('/api/account').then(
              (r) => `status ${r.status}`,
              () => 'failed',
            ),
          );
          expect(apiAnswer).toBe('failed');
        } finally {
          await page.context().setOffline(false);
        }
        // Back online, the session is checked again and the page opens, still signed in.
        await expectVisible(page.getByTestId('sidebar-user'));
        expect(await page.getByTestId('offline').count()).toBe(0);
        const cached = await page.evaluate(async () => {
          const urls: string[] = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
          }
          return urls;
        });
        expect(cached).toContain('/index.html');
        expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/management/'))).toEqual([]);
      },
      { serviceWorkers: 'allow' },
    );
  });
});
