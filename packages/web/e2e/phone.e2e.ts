import type { Locator } from 'playwright-core';
import { describe } from 'vitest';
import {
  ADMIN,
  WAIT_MS,
  expect,
  expectPath,
  expectVisible,
  screenshot,
  signIn,
  test,
  toasts,
} from './support/fixtures';
import { boxOf, pageArea } from './support/layout';
import { Api } from './support/people';

const PHONE = { width: 375, height: 740 };

/** Whether any part of the element is inside the window. */
const inWindow = (locator: Locator) =>
  locator.evaluate((element) => {
    const { right, left, bottom, top } = element.getBoundingClientRect();
    return right > 0 && left < window.innerWidth && bottom > 0 && top < window.innerHeight;
  });

describe('the portal on a phone (375 px wide)', () => {
  test('the menu folds behind a burger, the page gets the whole width and the header fits', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize(PHONE);
    for (const path of ['/vehicle', '/', '/dealer', '/analytics', '/account/settings']) {
      await page.goto(path);
      await expectVisible(page.getByTestId('menu-burger'));
      const main = await pageArea(page);
      expect(main.width, path).toBeGreaterThanOrEqual(360);
      expect(await inWindow(page.getByTestId('sidebar')), path).toBe(false);
      // Nothing in the header sticks out of the window.
      expect(await page.getByTestId('app-header').evaluate((e) => e.scrollWidth), path).toBeLessThanOrEqual(375);
      await screenshot(page, `phone${path === '/' ? '-dashboard' : path.replace(/\//g, '-')}`);
    }
    expect(await page.getByTestId('sidebar-toggle').isVisible()).toBe(false);

    // The burger opens the menu; choosing a page closes it again.
    await page.getByTestId('menu-burger').click();
    await expect.poll(() => inWindow(page.getByTestId('sidebar')), { timeout: WAIT_MS }).toBe(true);
    await expectVisible(page.getByTestId('sidebar-user'));
    await screenshot(page, 'phone-menu');
    await page.getByTestId('menu-fleet').click();
    await expectPath(page, '/fleet');
    await expect.poll(() => inWindow(page.getByTestId('sidebar')), { timeout: WAIT_MS }).toBe(false);
    expect((await pageArea(page)).width).toBeGreaterThanOrEqual(360);
  });

  test('a toast spans the phone under the header, leaving its menu button free', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize(PHONE);
    await page.goto('/admin/logs');
    const row = page.getByTestId('logger-evfleet.telemetry');
    await row.getByRole('button', { name: 'DEBUG', exact: true }).click();
    await expectVisible(toasts(page).getByText('evfleet.telemetry now logs at DEBUG'));
    const header = await boxOf(page.getByTestId('app-header'));
    const toast = () => boxOf(toasts(page).locator('.Toastify__toast').first());
    await expect.poll(async () => (await toast()).x, { timeout: WAIT_MS }).toBe(0);
    expect((await toast()).y).toBeGreaterThanOrEqual(header.y + header.height);
    await screenshot(page, 'phone-toast');
    await row.getByRole('button', { name: 'Follow ROOT' }).click();
    await expectVisible(toasts(page).getByText('evfleet.telemetry now logs at the ROOT level'));
  });

  test('the vehicles map takes the width of the phone', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize(PHONE);
    await page.goto('/vehicle');
    expect((await boxOf(page.getByTestId('vehicle-map-card'))).width).toBeGreaterThanOrEqual(340);
  });

  test("a vehicle's route map draws its whole box on a phone, and again after the phone turns", async ({ page }) => {
    const admin = await Api.signIn(ADMIN);
    const [vehicle] = (await admin.call<{ data: { id: number }[] }>('GET', '/api/vehicles?pageNo=0&pageSize=10')).data;
    await page.setViewportSize(PHONE);
    await signIn(page, ADMIN, `/vehicle/${vehicle.id}`);
    const map = page.getByTestId('vehicle-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: WAIT_MS }).toBe('true');
    // The outlines' canvas spans the map: a map not told of its new box draws only its old area.
    const covered = async () => {
      const box = await boxOf(map);
      const canvas = await boxOf(map.locator('.leaflet-evf-basemap-pane canvas'));
      return canvas.x <= box.x + 1 && canvas.x + canvas.width >= box.x + box.width - 1;
    };
    await expect.poll(covered, { timeout: WAIT_MS }).toBe(true);
    await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
    await expect.poll(covered, { timeout: WAIT_MS }).toBe(true);
    await screenshot(page, 'phone-vehicle-map');
  });

  test('a sidebar folded on a wide screen still opens in full on a phone', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await boxOf(page.getByTestId('sidebar'))).width, { timeout: WAIT_MS }).toBe(64);
    await page.setViewportSize(PHONE);
    await page.getByTestId('menu-burger').click();
    await expectVisible(page.getByTestId('sidebar-user'));
    // Read whole: the drawer may end its slide a hundred-thousandth of a pixel wider.
    expect(Math.round((await boxOf(page.getByTestId('sidebar'))).width)).toBe(375);
  });
});
