import type { Browser, Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  ADMIN,
  WAIT_MS,
  contextOptions,
  expect,
  expectVisible,
  fillLogin,
  screenshot,
  signIn,
  test,
} from './support/fixtures';

const schemeOf = (page: Page) =>
  page.evaluate(() => ({
    mantine: document.documentElement.getAttribute('data-mantine-color-scheme'),
    grid: document.documentElement.getAttribute('data-ag-theme-mode'),
  }));

/** The relative luminance (0 black .. 1 white) of an element's computed background colour. */
const backgroundLuminance = (locator: Locator) =>
  locator.evaluate((element) => {
    const [r, g, b] = (getComputedStyle(element).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });

/** A page in a browser whose system asks for `colorScheme`. */
async function pageWithSystem(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ ...contextOptions, colorScheme });
  context.setDefaultTimeout(WAIT_MS);
  return { context, page: await context.newPage() };
}

describe('light and dark colour schemes', () => {
  test('the scheme follows the system, is set before the app runs, and is readable in the grid', async ({
    browser,
  }) => {
    const { context, page } = await pageWithSystem(browser, 'dark');
    try {
      // Before the first paint: with the app's script held back, the page is dark already.
      await page.route('**/assets/index-*.js', (route) => route.abort());
      await page.goto('/login');
      expect(await schemeOf(page)).toEqual({ mantine: 'dark', grid: 'dark' });
      await page.unroute('**/assets/index-*.js');

      await page.goto('/login');
      await fillLogin(page, ADMIN.email, ADMIN.password);
      await expectVisible(page.getByTestId('sidebar-user'));
      expect(await schemeOf(page)).toEqual({ mantine: 'dark', grid: 'dark' });
      expect(await backgroundLuminance(page.locator('body'))).toBeLessThan(0.25);
      const grid = page.locator('.ag-root-wrapper').first();
      await expectVisible(grid);
      expect(await backgroundLuminance(grid)).toBeLessThan(0.25);
      await screenshot(page, 'dark-vehicles');
      for (const path of ['/', '/dealer', '/analytics', '/admin/metrics']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `dark${path === '/' ? '-dashboard' : path.replace(/\//g, '-')}`);
      }
    } finally {
      await context.close();
    }
  });

  test('the header switches the scheme and the choice outlives a reload and the system', async ({ browser }) => {
    const { context, page } = await pageWithSystem(browser, 'light');
    try {
      await signIn(page, ADMIN, '/dealer');
      expect(await schemeOf(page)).toEqual({ mantine: 'light', grid: 'light' });
      const grid = page.locator('.ag-root-wrapper').first();
      await expectVisible(grid);
      expect(await backgroundLuminance(grid)).toBeGreaterThan(0.8);

      await page.getByTestId('color-scheme-toggle').click();
      await expect.poll(() => schemeOf(page), { timeout: WAIT_MS }).toEqual({ mantine: 'dark', grid: 'dark' });
      await expect.poll(() => backgroundLuminance(grid), { timeout: WAIT_MS }).toBeLessThan(0.25);

      await page.reload();
      await expectVisible(page.getByTestId('color-scheme-toggle'));
      expect(await schemeOf(page)).toEqual({ mantine: 'dark', grid: 'dark' });
      await page.getByTestId('color-scheme-toggle').click();
      await expect.poll(() => schemeOf(page), { timeout: WAIT_MS }).toEqual({ mantine: 'light', grid: 'light' });
      await screenshot(page, 'light-dealers');
    } finally {
      await context.close();
    }
  });
});
