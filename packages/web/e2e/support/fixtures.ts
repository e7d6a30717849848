import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect, inject, test as base } from 'vitest';
import { linkIn, type ReceivedMail } from '../../../server/test/support/smtp';
import { CHROMIUM, RESULTS_DIR, SCREENS_DIR } from './paths';
import { workerIndex } from './workers';

export { expect };

/** This worker's portal (see support/workers.ts). */
export const baseUrl = inject('baseUrls')[workerIndex()];

/**
 * What every test's browser context starts from: this worker's portal, a laptop's window, and a
 * system that asks for reduced motion, so no test waits for a modal or a toast to finish moving
 * (app/motion.css and the theme's respectReducedMotion; shell.e2e.ts checks that it holds). No
 * service worker: in a fresh context each page would install the portal's and fill its cache, and
 * Playwright's routing does not see what a worker answers. pwa.e2e.ts allows it where it is the
 * subject.
 */
export const contextOptions = {
  baseURL: baseUrl,
  viewport: { width: 1280, height: 800 },
  reducedMotion: 'reduce',
  serviceWorkers: 'block',
} satisfies BrowserContextOptions;

/** The demo accounts the server seeds on its embedded database. */
export const ADMIN = { email: 'admin@evfleet.local', password: 'admin123', login: 'admin' };
export const USER = { email: 'user@evfleet.local', password: 'user1234', login: 'user' };

/** How long a test waits for something to show before failing. */
export const WAIT_MS = 15_000;

const safeName = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);

/**
 * `browser`: one Chromium per test file. `page`: a fresh context (own storage) per test; when the
 * test fails its last screen is saved to packages/web/test-results/, and an uncaught error in the
 * page fails the test.
 */
export const test = base.extend<{ page: Page; browser: Browser }>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  page: async ({ browser, task }, use) => {
    const context = await browser.newContext(contextOptions);
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    // A rendering error the error boundary caught reaches only the console.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // The API calls of the page that failed, told with a failure: a toast saying why is gone by then.
    const failedCalls: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) {
        failedCalls.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    await use(page);
    if (task.result?.state === 'fail' || pageErrors.length > 0) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const file = join(RESULTS_DIR, `${safeName(`${task.file?.name.split('/').pop() ?? ''}-${task.name}`)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`[e2e] screenshot of the failed test: ${file}`);
      // A test that passes when run again shows no error in the report: say here why it failed.
      for (const error of task.result?.errors ?? []) console.error(`[e2e] it failed with: ${error.message}`);
      if (failedCalls.length > 0) console.error(`[e2e] failed API calls of the page:\n${failedCalls.join('\n')}`);
      if (consoleErrors.length > 0) console.error(`[e2e] console errors of the page:\n${consoleErrors.join('\n')}`);
    }
    await context.close();
    if (pageErrors.length > 0) throw new Error(`Uncaught error in the page:\n${pageErrors.join('\n')}`);
  },
});

/** Saves a named screenshot under packages/web/test-results/screens/ for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: false });
}

/** Waits until the locator is visible and returns its text. */
export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor({ state: 'visible' });
  return (await locator.innerText()).trim();
}

export async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
}

/** The path (and query) the page shows, once it equals `expected`. */
export async function expectPath(page: Page, expected: string): Promise<void> {
  await expect
    .poll(
      () => {
        const u = new URL(page.url());
        return u.pathname + u.search;
      },
      { timeout: WAIT_MS },
    )
    .toBe(expected);
}

/** Fills the login form (page or modal) and submits it. */
export async function fillLogin(scope: Page | Locator, email: string, password: string): Promise<void> {
  await scope.getByTestId('username').fill(email);
  await scope.getByTestId('password').fill(password);
  await scope.getByTestId('login-submit').click();
}

/** POST /api/authenticate: the account's bearer token; throws with the status when it may not sign in. */
export async function authenticate(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`signing in as ${account.email} answered ${response.status}`);
  return ((await response.json()) as { id_token: string }).id_token;
}

/** Where the portal keeps a session (part 1 §9): the bearer token, and the account it cached. */
const SESSION_KEYS = ['jhi-authenticationToken', 'ACCOUNT_SESSION'];

/**
 * Signs in as the sign-in form does, without drawing it: the token comes from POST api/authenticate
 * and is kept where the form keeps it (session storage), then `path` opens (the page people land on
 * unless told) and the signed-in shell shows. The sign-in form itself is tested where it is the
 * subject (sign-in-and-menu, session-expiry, account-mails); drawing it before every test cost a
 * page load each.
 */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  path = '/vehicle',
): Promise<void> {
  const token = await authenticate(account);
  // Storage belongs to the origin: a small file of it opens first (no app starts there).
  if (!page.url().startsWith(baseUrl)) await page.goto('/logo.svg');
  await page.evaluate(
    ([keys, value]) => {
      // An earlier account's session, remembered or not, gives way.
      for (const store of [localStorage, sessionStorage]) for (const key of keys) store.removeItem(key);
      sessionStorage.setItem(keys[0], value);
    },
    [SESSION_KEYS, token] as const,
  );
  await page.goto(path);
  await expectVisible(page.getByTestId('sidebar-user'));
}

/** Opens a side-menu group (Vehicle, Report, Administration, ...) unless it is open already. */
export async function openMenuGroup(page: Page, id: string): Promise<void> {
  const group = page.getByTestId(`menu-${id}`);
  await group.waitFor({ state: 'visible' });
  if ((await group.getAttribute('data-expanded')) === null) await group.click();
  await expect.poll(() => group.getAttribute('data-expanded')).not.toBeNull();
}

/** The toast container of §2.3, which sits at the top left. */
export const toasts = (page: Page) => page.locator('.Toastify__toast-container--top-left');

/** A fresh, valid identity for a registration. */
export function newAccount(prefix: string) {
  const id = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { login: id, email: `${id}@example.test`, password: 'Secret-123' };
}

/**
 * The first `path?key=` link of a mail to `address` that came through the real SMTP listener,
 * waiting for it to arrive. `skip` links already used (a second mail of the same kind).
 */
export async function mailedLink(address: string, path: string, skip: readonly string[] = []): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const response = await fetch(`${inject('mailboxUrl')}?to=${encodeURIComponent(address)}`);
    const mails = (await response.json()) as ReceivedMail[];
    for (const mail of mails) {
      let link: string;
      try {
        link = linkIn(mail.raw, path);
      } catch {
        continue;
      }
      if (!skip.includes(link)) return link;
    }
    if (Date.now() > deadline)
      throw new Error(
        `no mail with a ${path} link reached ${address} within ${WAIT_MS} ms (${mails.length} mails for it)`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token exactly like the server's (HS512, its secret) but for `claims`, e.g. one already expired. */
export function signToken(claims: Record<string, unknown>): string {
  const unsigned = `${base64url({ alg: 'HS512', typ: 'JWT' })}.${base64url(claims)}`;
  const signature = createHmac('sha512', inject('jwtSecret')).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** The claims of a token (not verified). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}
