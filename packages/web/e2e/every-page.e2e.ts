import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { COLOUR_RULES, axeViolations } from './support/axe';
import {
  PUBLIC_PAGES,
  ROLES,
  buildScene,
  pathOf,
  type Account,
  type PortalPage,
  type Scene,
} from './support/every-page';
import { WAIT_MS, baseUrl, contextOptions, expect, signIn } from './support/fixtures';
import { animationsEnded } from './support/layout';
import { watchPage } from './support/page-watch';
import { CHROMIUM, RESULTS_DIR } from './support/paths';

/**
 * Every page of the portal, as a role that may open it: no serious or critical axe-core
 * violation (WCAG 2.0/2.1 A and AA) in the light or the dark scheme, no failed request and no
 * console error. With SCREENSHOTS=1 (`npm run screenshots`) the portal holds the demo fleet with its
 * history (global-setup.ts), and the walk runs once in each scheme and saves each page, showing the
 * demo's records, at 1280×800 and at phone width (375×740) into docs/screenshots/, with an index.
 */

const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const SCHEMES = SCREENSHOTS ? (['light', 'dark'] as const) : (['light'] as const);
type Scheme = (typeof SCHEMES)[number];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const SCREENSHOTS_DIR = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** What shows while a page still loads: Mantine's loaders, AG Grid's loading overlay, busy regions. */
const LOADERS = '.mantine-Loader-root, .ag-overlay-loading-wrapper, [aria-busy="true"]';

let browser: Browser;
let scene: Scene;
const shots: { role: string; page: string; files: string[] }[] = [];

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  scene = await buildScene(SCREENSHOTS);
});

afterAll(async () => {
  await browser?.close();
  if (SCREENSHOTS) writeIndex();
});

/**
 * Opens a page the way a link in the portal does (the router reads the new address on popstate),
 * which is several times faster than loading the portal anew for each page; `fresh` loads it anew.
 */
async function go(page: Page, path: string, fresh: boolean): Promise<void> {
  if (fresh) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until `main` shows, nothing loads any more and every transition (a modal opening) has ended. */
async function settle(page: Page, main: Locator): Promise<void> {
  await main.first().waitFor({ state: 'visible' });
  await expect.poll(() => page.locator(LOADERS).filter({ visible: true }).count(), { timeout: WAIT_MS }).toBe(0);
  await animationsEnded(page);
}

const schemeShown = (page: Page) => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);

/**
 * axe in the light scheme, then its colour rules in the dark one on the same visit: the portal
 * follows the system's scheme as it changes, so checking dark costs one more check per page, not a
 * second walk.
 */
async function axeInBothSchemes(page: Page): Promise<string[]> {
  const light = await axeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => schemeShown(page), { timeout: WAIT_MS }).toBe('dark');
  await animationsEnded(page);
  const dark = await axeViolations(page, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => schemeShown(page), { timeout: WAIT_MS }).toBe('light');
  return [...light.map((v) => `light: ${v}`), ...dark.map((v) => `dark: ${v}`)];
}

async function screenshot(page: Page, file: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS_DIR, file) });
}

/** At 1280×800 and at phone width; the page settles again after the layout changes. */
async function screenshots(page: Page, main: Locator, role: string, name: string, scheme: Scheme): Promise<void> {
  const desktop = `${role}-${name}-${scheme}.png`;
  const phone = `${role}-${name}-${scheme}-phone.png`;
  await screenshot(page, desktop);
  await page.setViewportSize(PHONE);
  await settle(page, main);
  await screenshot(page, phone);
  await page.setViewportSize(DESKTOP);
  const entry = shots.find((s) => s.role === role && s.page === name);
  if (entry) entry.files.push(desktop, phone);
  else shots.push({ role, page: name, files: [desktop, phone] });
}

/** docs/screenshots/README.md: every page's screenshots, by role. */
function writeIndex(): void {
  const lines = [
    '# Screenshots',
    '',
    'Every page of the portal, in the light and the dark colour scheme, at 1280×800 and at phone width',
    '(375×740), showing the demo fleet with its three weeks of history: its dealer Dana Dealer, the fleet',
    'Loop Deliveries, its owner and Driver 1 with EV Cart 01. Made by `npm run screenshots`',
    '(packages/web/e2e/every-page.e2e.ts); the pages and the roles they are opened as are listed in',
    'packages/web/e2e/support/every-page.ts.',
  ];
  for (const role of [...new Set(shots.map((s) => s.role))]) {
    lines.push('', `## ${role}`, '', '| page | screenshots |', '| --- | --- |');
    for (const shot of shots.filter((s) => s.role === role))
      lines.push(
        `| ${shot.page} | ${shot.files.map((f) => `[${f.replace(`${role}-${shot.page}-`, '')}](${f})`).join(' · ')} |`,
      );
  }
  writeFileSync(join(SCREENSHOTS_DIR, 'README.md'), `${lines.join('\n')}\n`);
}

/** One browser context per role and scheme, signed in once and reused for each of its pages. */
function walk(role: string, account: ((s: Scene) => Account) | null, pages: readonly PortalPage[], scheme: Scheme) {
  describe(`${role}, ${scheme} scheme`, () => {
    let context: BrowserContext;
    let page: Page;
    let watch: ReturnType<typeof watchPage>;
    // Loads the portal anew for the first page and after a failure, which may have left it stuck.
    let fresh = true;

    beforeAll(async () => {
      context = await browser.newContext({ ...contextOptions, viewport: DESKTOP, colorScheme: scheme });
      context.setDefaultTimeout(WAIT_MS);
      page = await context.newPage();
      watch = watchPage(page);
      if (account) await signIn(page, account(scene));
    });
    afterAll(() => context?.close());

    for (const portalPage of pages) {
      test(`${portalPage.name} is accessible, without failed requests or console errors`, async () => {
        // A fresh load starts from a blank page, so what the last page still loads dies before the visit.
        if (fresh) await page.goto('about:blank');
        watch.begin();
        try {
          if (portalPage.before) {
            // It stores in the portal's own storage, so the portal must be open.
            if (!page.url().startsWith(baseUrl)) await page.goto('/home');
            await portalPage.before(page, scene);
          }
          await go(page, pathOf(portalPage, scene), fresh);
          fresh = false;
          let main = portalPage.ready(page);
          await settle(page, main);
          if (portalPage.open) {
            main = await portalPage.open(page);
            await settle(page, main);
          }
          const violations = SCREENSHOTS ? await axeViolations(page) : await axeInBothSchemes(page);
          if (SCREENSHOTS) await screenshots(page, main, role, portalPage.name, scheme);
          const problems = watch.problems();
          if (violations.length > 0 || problems.length > 0)
            throw new Error(
              [
                ...(violations.length > 0 ? ['accessibility (axe-core):', ...violations] : []),
                ...(problems.length > 0 ? ['failed requests and console errors:', ...problems] : []),
              ].join('\n'),
            );
        } catch (error) {
          fresh = true;
          mkdirSync(RESULTS_DIR, { recursive: true });
          await page
            .screenshot({ path: join(RESULTS_DIR, `every-page-${role}-${portalPage.name}.png`) })
            .catch(() => undefined);
          throw error;
        }
      });
    }
  });
}

for (const scheme of SCHEMES) {
  walk('visitor', null, PUBLIC_PAGES, scheme);
  for (const { role, account, pages } of ROLES) walk(role, account, pages, scheme);
}
