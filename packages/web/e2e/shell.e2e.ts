import type { Locator, Page } from 'playwright-core';
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

/** Whether the element is what a click at its centre would reach (nothing drawn over it). */
const onTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    return hit !== null && element.contains(hit);
  });

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The side menu's links, as the expanded sidebar lists them (groups opened). */
async function menuLinks(page: Page): Promise<string[]> {
  await expectVisible(page.getByTestId('menu-dashboard'));
  for (const group of ['vehicle', 'report', 'administration', 'roles-permission']) {
    const entry = page.getByTestId(`menu-${group}`);
    if ((await entry.count()) && (await entry.getAttribute('data-expanded')) === null) await entry.click();
  }
  const hrefs = await page
    .getByTestId('side-menu')
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

describe('the shell', () => {
  test('the sidebar fills the height under the header and keeps the open page above its footer', async ({ page }) => {
    await signIn(page, ADMIN, '/vehicle');
    const header = await boxOf(page.getByTestId('app-header'));
    const sidebar = await boxOf(page.getByTestId('sidebar'));
    const main = await pageArea(page);
    expect(header).toMatchObject({ x: 0, y: 0, width: 1280 });
    // No gap: the sidebar starts under the header and reaches the bottom; the page starts beside it.
    expect(sidebar.x).toBe(0);
    expect(sidebar.y).toBe(header.height);
    expect(sidebar.y + sidebar.height).toBe(800);
    expect(main.x).toBe(sidebar.width);
    expect(main.x + main.width).toBe(1280);
    // A long page scrolls under the header; the sidebar stays where it is.
    await page.mouse.wheel(0, 2000);
    expect(await boxOf(page.getByTestId('sidebar'))).toEqual(sidebar);

    // A short window and the last entry of the longest group: it is scrolled into view, above the footer.
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.goto('/vehicle-template');
    const active = page.getByTestId('menu-vehicle-template');
    await expectVisible(active);
    await expect.poll(() => onTop(active), { timeout: WAIT_MS }).toBe(true);
    const footer = await boxOf(page.getByTestId('menu-footer'));
    expect((await boxOf(active)).y + (await boxOf(active)).height).toBeLessThanOrEqual(footer.y);
    await screenshot(page, 'shell-short-window');
  });

  test('the sidebar folds to its icons, names them in tooltips and stays folded after a reload', async ({ page }) => {
    await signIn(page, ADMIN, '/dealer');
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await boxOf(page.getByTestId('sidebar'))).width, { timeout: WAIT_MS }).toBe(64);
    // The page slides after the sidebar: polled too, since it may still be moving when the sidebar is done.
    await expect.poll(async () => (await pageArea(page)).x, { timeout: WAIT_MS }).toBe(64);
    // Icons only: no names, the user card and the footer are gone; the logo stays.
    expect(await page.getByTestId('sidebar-user').count()).toBe(0);
    await expectVisible(page.getByTestId('sidebar-logo'));
    const dashboard = page.getByTestId('menu-dashboard');
    expect((await dashboard.innerText()).trim()).toBe('');
    await dashboard.hover();
    await expectVisible(page.getByRole('tooltip', { name: 'Dashboard' }));
    // The open page's entry is marked.
    expect(await page.getByTestId('menu-dealer').getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'shell-collapsed');

    await page.reload();
    await expect.poll(async () => (await boxOf(page.getByTestId('sidebar'))).width, { timeout: WAIT_MS }).toBe(64);
    // A group pops out its pages.
    await page.getByTestId('menu-administration').click();
    await page.getByTestId('menu-email-template').click();
    await expectPath(page, '/email-template');

    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await boxOf(page.getByTestId('sidebar'))).width, { timeout: WAIT_MS }).toBe(260);
    await expectVisible(page.getByTestId('sidebar-user'));
  });

  test('toasts stay top-left but below the header and beside the sidebar, never over the logo', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/logs');
    const row = page.getByTestId('logger-evfleet.telemetry');
    await row.getByRole('button', { name: 'DEBUG', exact: true }).click();
    const toast = toasts(page).getByText('evfleet.telemetry now logs at DEBUG');
    await expectVisible(toast);
    const header = await boxOf(page.getByTestId('app-header'));
    const sidebar = await boxOf(page.getByTestId('sidebar'));
    // Read once it is in its place (with motion it slides in from the left and bounces past it).
    const toastBox = () => boxOf(toasts(page).locator('.Toastify__toast').first());
    await expect.poll(async () => (await toastBox()).x, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(sidebar.width);
    await expect.poll(async () => (await toastBox()).x, { timeout: WAIT_MS }).toBeLessThan(sidebar.width + 40);
    // Read at rest, whatever animation is left (a CI run with motion read 300.99 px for < 300).
    await toasts(page)
      .locator('.Toastify__toast')
      .first()
      .evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const box = await toastBox();
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width);
    // Still the top-left corner of the page area.
    expect(box.x).toBeLessThan(sidebar.width + 40);
    expect(box.y).toBeLessThan(header.height + 40);
    expect(overlap(box, await boxOf(page.getByTestId('sidebar-logo')))).toBe(false);
    await screenshot(page, 'shell-toast');
    await row.getByRole('button', { name: 'Follow ROOT' }).click();
    await expectVisible(toasts(page).getByText('evfleet.telemetry now logs at the ROOT level'));
  });

  test('a system that asks for less motion gets none: a toast stands still but keeps its timer', async ({ page }) => {
    // Every test's browser asks so (support/fixtures contextOptions).
    await signIn(page, ADMIN, '/admin/logs');
    const row = page.getByTestId('logger-evfleet.telemetry');
    await row.getByRole('button', { name: 'DEBUG', exact: true }).click();
    const toast = toasts(page).locator('.Toastify__toast').first();
    await expectVisible(toast);
    const seconds = await toast.evaluate((el) => ({
      toast: parseFloat(getComputedStyle(el).animationDuration),
      timer: parseFloat(getComputedStyle(el.querySelector('.Toastify__progress-bar')!).animationDuration),
    }));
    expect(seconds.toast).toBeLessThan(0.001);
    expect(seconds.timer).toBe(5);
    await row.getByRole('button', { name: 'Follow ROOT' }).click();
    await expectVisible(toasts(page).getByText('evfleet.telemetry now logs at the ROOT level'));
  });

  test('every page names itself in the document title', async ({ page }) => {
    await page.goto('/login');
    await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Sign in · evfleet');
    await signIn(page, ADMIN);
    const expected: Record<string, string> = {
      '/': 'Dashboard · evfleet',
      '/vehicle': 'Vehicles · evfleet',
      '/dealer': 'Dealers · evfleet',
      '/driver': 'Drivers · evfleet',
      '/email-template/new': 'New email template · evfleet',
      '/report/can-history-report': 'CAN history report · evfleet',
      '/account/settings': 'Account settings · evfleet',
      '/admin/metrics': 'Metrics · evfleet',
      '/no-such-page': 'Page not found · evfleet',
    };
    for (const [path, title] of Object.entries(expected)) {
      await page.goto(path);
      await expect.poll(() => page.title(), { timeout: WAIT_MS, message: path }).toBe(title);
    }
    // Every page of the menu has a name of its own: each one opened changes the title.
    await page.goto('/vehicle');
    const links = (await menuLinks(page)).filter((href) => href !== '/vehicle');
    expect(links.length).toBeGreaterThan(10);
    let previous = await page.title();
    for (const href of links) {
      await page.getByTestId('side-menu').locator(`a[href="${href}"]`).first().click();
      await expect.poll(() => new URL(page.url()).pathname.startsWith(href), { timeout: WAIT_MS }).toBe(true);
      await expect.poll(() => page.title(), { timeout: WAIT_MS, message: href }).not.toBe(previous);
      previous = await page.title();
      expect(previous, href).toMatch(/^\S.* · evfleet$/);
      expect(previous, href).not.toBe('Page not found · evfleet');
    }
  });
});
