import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  ADMIN,
  baseUrl,
  expect,
  expectPath,
  expectVisible,
  screenshot,
  signIn,
  test,
  textOf,
  toasts,
} from './support/fixtures';
import { reportVehicle } from './support/can-report';
import { Api, createDealer, createFleet, mobile, runId } from './support/people';

const TOKEN_KEY = 'jhi-authenticationToken';
const storedToken = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key) ?? localStorage.getItem(key), TOKEN_KEY);

/** A fleet owner who can sign in: a new dealer's fleet, its owner given a password by the administrator. */
async function fleetOwner(api: Api): Promise<{ email: string; password: string }> {
  const run = runId();
  const dealer = await createDealer(api, run);
  const fleet = await createFleet(api, run, dealer.id, 'Owned');
  const owner = { email: fleet.email, password: 'Owner-789' };
  await api.call('POST', '/api/account/update-password-prototype', {
    email: owner.email,
    newPassword: owner.password,
    confirmNewPassword: owner.password,
  });
  return owner;
}

describe('a 403 never signs anyone out', () => {
  test("a fleet owner opening an administrator's page by address sees 'access denied' and stays signed in", async ({
    page,
  }) => {
    const owner = await fleetOwner(await Api.signIn());
    await signIn(page, owner);
    const refusals: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refusals.push(new URL(response.url()).pathname);
    });

    for (const path of ['/dealer', '/vehicle-can']) {
      await page.goto(path);
      const denied = page.getByTestId('not-authorized');
      // Inside the frame: the header and sidebar of the signed-in user stay.
      expect(await textOf(denied)).toContain('You are not authorized to access this page.');
      await expectVisible(page.getByTestId('sidebar-user'));
      expect(await textOf(page.getByTestId('header-login'))).toBe(owner.email);
      await expectPath(page, path);
      expect(await storedToken(page), `still signed in on ${path}`).not.toBeNull();
      expect(await page.getByTestId('login-modal').count()).toBe(0);
      // The refusal is the page, not a toast (no 'error.http.403', nor any other key).
      expect((await toasts(page).allInnerTexts()).join('\n')).not.toMatch(/error\.|\b403\b/);
    }
    await screenshot(page, 'errors-access-denied');
    expect(refusals.length, 'the server did refuse the reads').toBeGreaterThan(0);

    // Still signed in: the fleet owner's own pages open from the menu.
    await page.getByTestId('menu-fleet').or(page.getByTestId('menu-driver')).first().click();
    await expect.poll(() => page.getByTestId('not-authorized').count()).toBe(0);
    expect(await storedToken(page)).not.toBeNull();
  });
});

describe('no account is revealed by registering', () => {
  test('a registration with a taken login answers as any registration: check your mail', async ({ page }) => {
    await page.goto('/account/register');
    await page.getByTestId('register-login').fill(ADMIN.login);
    await page.getByTestId('register-email').fill(`taken-${runId()}@example.com`);
    await page.getByTestId('register-password').fill('Secret-4321');
    await page.getByTestId('register-confirm-password').fill('Secret-4321');
    await page.getByTestId('register-submit').click();
    await expectVisible(page.getByTestId('register-success'));
    expect(await page.getByTestId('register-error').count()).toBe(0);
    expect((await toasts(page).allInnerTexts()).join('\n')).not.toMatch(/userexists|already|error\./);
  });
});

describe('the account menu and the users detail', () => {
  test('the header links the change-password page', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.getByTestId('change-password-link').click();
    await expectPath(page, '/account/password');
    await expectVisible(page.getByTestId('current-password'));
  });

  test('/users-page/{id} shows that super user, and Back returns to the list', async ({ page }) => {
    const api = await Api.signIn();
    const run = runId();
    const email = `super-${run}@example.com`;
    const created = await api.call<{ id: number }>('POST', '/api/superUsers', {
      name: `Super ${run}`,
      email,
      mobileNumber: mobile(),
      address: '1 Main Street',
      password: 'Super-1234',
    });
    await signIn(page, ADMIN, `/users-page/${created.id}`);
    expect(await textOf(page.getByTestId('detail-title'))).toBe('User Detail');
    expect(await textOf(page.getByTestId('super-user-detail-name'))).toBe(`Super ${run}`);
    expect(await textOf(page.getByTestId('super-user-detail-email'))).toBe(email);
    expect(await page.getByTestId('not-found').count()).toBe(0);
    await screenshot(page, 'errors-super-user-detail');
    await page.getByTestId('back').click();
    await expectPath(page, '/users-page');
    await expectVisible(page.getByTestId(`detail-${created.id}`).or(page.getByTestId('super-users-grid')).first());
  });
});

describe('a normal path makes no failed request', () => {
  test('opening a saved template without a schedule: no failed request, no console error', async ({ page }) => {
    const api = await Api.signIn();
    const vehicle = await reportVehicle(api, 'EV Cart 23');
    const name = `Unscheduled ${runId()}`;
    const template = await api.call<{ id: number }>('POST', '/api/canreport/saveTemplate', {
      templateName: name,
      vehiclesIds: [vehicle.id],
      columns: ['batteryCharge'],
      startDate: new Date(Date.now() - 3600_000).toISOString(),
      endDate: new Date().toISOString(),
    });
    await signIn(page, ADMIN);
    // The template opens in a tab of its own (the token remembered for it), so nothing the first
    // page still loads is cut off by leaving it and counted against the template page.
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, (await storedToken(page))!]);
    const tab = await page.context().newPage();

    const failed: string[] = [];
    tab.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    tab.on('requestfailed', (request) => failed.push(`failed ${request.url()}: ${request.failure()?.errorText}`));
    tab.on('console', (message) => {
      if (message.type() === 'error') failed.push(`console: ${message.text()}`);
    });
    const scheduleAsked = tab.waitForResponse((r) =>
      r.url().endsWith(`/api/canreport/templates/${template.id}/schedule`),
    );
    await tab.goto(`/report/template?id=${template.id}`);
    expect(await textOf(tab.getByTestId('template-title').filter({ hasText: name }))).toBe(name);
    expect((await scheduleAsked).status()).toBe(200);
    await expectVisible(tab.getByTestId('template-schedule'));
    await tab.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
  });
});

describe('a redeployed portal', () => {
  test('a lazy page whose code is gone offers a Reload that opens it', async ({ page }) => {
    // The tab runs without the portal's service worker (support/fixtures contextOptions), as a tab
    // opened before the PWA would: the worker would keep the scripts it has loaded.
    await signIn(page, ADMIN);
    // The tab has the old build; its chunks are gone from the server (every not yet loaded script fails).
    await page.route(`${baseUrl}/assets/**/*.js`, (route) => route.abort());
    await page.getByTestId('menu-analytics').click();
    const stale = page.getByTestId('stale-version');
    expect(await textOf(stale)).toContain('Reload to open it.');
    expect(await page.getByTestId('unexpected-error').count()).toBe(0);
    await screenshot(page, 'errors-stale-version');

    await page.unroute(`${baseUrl}/assets/**/*.js`);
    await page.getByTestId('reload-app').click();
    await expectPath(page, '/analytics');
    await expectVisible(page.getByTestId('analytics-title'));
    expect(await page.getByTestId('stale-version').count()).toBe(0);
  });
});
