import { describe } from 'vitest';
import {
  ADMIN,
  USER,
  expect,
  expectPath,
  expectVisible,
  fillLogin,
  openMenuGroup,
  screenshot,
  signIn,
  test,
  textOf,
  toasts,
} from './support/fixtures';

/** Every entry of the side menu (§2.3), by its data-testid suffix. */
const ALL_ENTRIES = [
  'dashboard',
  'vehicle',
  'vehicle-list',
  'analytics',
  'vehicle-can',
  'dealer',
  'fleet',
  'driver',
  'zones',
  'report',
  'can-history-report',
  'administration',
  'users',
  'roles-permission',
  'super-admin',
  'fleet-owner',
  'dealer-role',
  'email-template',
  'vehicle-log',
  'notification',
  'car',
  'vehicle-template',
  'webhooks',
  'system',
  'profile',
];

describe('sign-in and side menu (part 1 §2.1, §2.3)', () => {
  test('the demo administrator signs in and sees the whole menu, its name, role label and build details', async ({
    page,
  }) => {
    await page.goto('/login');
    await expectVisible(page.getByTestId('login-submit'));
    expect(await textOf(page.getByTestId('login-submit'))).toBe('LOGIN');
    // Anonymous: no header, no sidebar.
    expect(await page.getByTestId('app-header').count()).toBe(0);
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await screenshot(page, 'login-page');

    await fillLogin(page, ADMIN.email, ADMIN.password);
    // An authenticated user is sent on to /vehicle (§2.1).
    await expectPath(page, '/vehicle');
    const sidebar = page.getByTestId('sidebar');
    const userCard = sidebar.getByTestId('sidebar-user');
    expect(await textOf(userCard.locator('p').first())).toBe('Ada Admin');
    // Authorities are [ROLE_ADMIN, ROLE_USER]: the label names the higher one in words.
    expect(await textOf(sidebar.getByTestId('sidebar-role'))).toBe('Administrator');
    expect(await textOf(page.getByTestId('header-login'))).toBe(ADMIN.login);

    // Open the groups so that every nested entry is on screen.
    for (const group of ['vehicle', 'report', 'administration', 'roles-permission']) await openMenuGroup(page, group);
    for (const id of ALL_ENTRIES) {
      await expectVisible(sidebar.getByTestId(`menu-${id}`));
    }
    expect(await textOf(page.getByTestId('menu-vehicle-template'))).toBe('Vehicle Configuration Template');
    expect(await page.getByTestId('menu-profile').getAttribute('href')).toBe('/account/settings');
    expect(await page.getByTestId('menu-fleet-owner').getAttribute('href')).toBe('/roles-permission/fleet-owner');

    // 'Roles And Permission' shows the build details in the menu footer (§2.3).
    const footer = page.getByTestId('menu-footer');
    await expect.poll(() => footer.getByTestId('db-source').innerText()).toMatch(/^DB source: PGlite/);
    expect(await textOf(footer.getByTestId('backend-code-version'))).toMatch(/^Backend code version: \S+/);
    expect(await textOf(footer.getByTestId('backend-code-version'))).not.toContain('NA');
    expect(await textOf(footer.getByTestId('frontend-code-version'))).toMatch(
      /^Frontend code version: \S+ \(\d{4}-\d\d-\d\dT/,
    );
    expect(await textOf(footer.getByTestId('app-version'))).toMatch(/^App version: \d+\.\d+\.\d+/);
    expect(await textOf(footer.getByTestId('backend-version'))).toMatch(/^Backend version: \d+\.\d+\.\d+/);

    // The dashboard with its sidebar, for a human to look at.
    await page.getByTestId('menu-dashboard').click();
    await expectPath(page, '/');
    await expectVisible(page.getByTestId('dashboard-title'));
    await screenshot(page, 'admin-dashboard');
  });

  test('the demo user sees the reduced menu and no build details', async ({ page }) => {
    await signIn(page, USER);
    await expectPath(page, '/vehicle');
    const sidebar = page.getByTestId('sidebar');
    expect(await textOf(sidebar.getByTestId('sidebar-user').locator('p').first())).toBe('Uma User');
    expect(await textOf(sidebar.getByTestId('sidebar-role'))).toBe('User');

    for (const group of ['vehicle', 'report']) await openMenuGroup(page, group);
    for (const id of ['dashboard', 'vehicle', 'vehicle-list', 'analytics', 'report', 'can-history-report', 'profile']) {
      await expectVisible(sidebar.getByTestId(`menu-${id}`));
    }
    // Wait for the footer's versions so that the absence below is not just "not loaded yet".
    const footer = page.getByTestId('menu-footer');
    await expect.poll(() => footer.getByTestId('backend-version').innerText()).toMatch(/^Backend version: \d/);
    for (const id of [
      'vehicle-can',
      'dealer',
      'fleet',
      'driver',
      'administration',
      'users',
      'roles-permission',
      'vehicle-template',
    ]) {
      expect(await page.getByTestId(`menu-${id}`).count(), `menu-${id}`).toBe(0);
    }
    for (const id of ['db-source', 'backend-code-version', 'frontend-code-version', 'db-signal-source']) {
      expect(await footer.getByTestId(id).count(), id).toBe(0);
    }
  });

  test('a wrong password shows the failure toast at the top left and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ADMIN.email, 'wrong-password');
    const toast = toasts(page).getByText('Invalid email/password or your account is not activated.', { exact: true });
    await expectVisible(toast);
    const box = await toasts(page).boundingBox();
    expect(box && box.x < 100 && box.y < 100, 'the toast container sits at the top left').toBe(true);
    await expectPath(page, '/login');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(
      await page.evaluate(
        () => sessionStorage.getItem('jhi-authenticationToken') ?? localStorage.getItem('jhi-authenticationToken'),
      ),
    ).toBeNull();
    // The form is still there for another try.
    await expectVisible(page.getByTestId('login-submit'));
  });
});
