import { describe } from 'vitest';
import { ADMIN, USER, expect, expectPath, expectVisible, fillLogin, signIn, test, textOf } from './support/fixtures';

describe('routes and guards (part 1 §2.2, §8)', () => {
  test('an unknown route says the page does not exist', async ({ page }) => {
    await page.goto('/no-such-page');
    expect(await textOf(page.getByTestId('not-found'))).toContain('The page does not exist.');
    await expectPath(page, '/no-such-page');
  });

  test('an unknown route inside a signed-in session says so as well, inside the shell', async ({ page }) => {
    await signIn(page, USER, '/no-such-page');
    expect(await textOf(page.getByTestId('not-found'))).toContain('The page does not exist.');
    await expectVisible(page.getByTestId('sidebar'));
  });

  test('the demo user may not open the administration area', async ({ page }) => {
    await signIn(page, USER, '/admin/user-management');
    expect(await textOf(page.getByTestId('not-authorized'))).toContain('You are not authorized to access this page.');
    await expectPath(page, '/admin/user-management');
    // Still signed in: the refusal is not a sign-out.
    await expectVisible(page.getByTestId('sidebar-user'));

    await page.goto('/admin');
    expect(await textOf(page.getByTestId('not-authorized'))).toContain('You are not authorized to access this page.');
  });

  test('the administrator may open it', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/user-management');
    await expectVisible(page.getByText('admin@evfleet.local').first());
    expect(await page.getByTestId('not-authorized').count()).toBe(0);
  });

  test('a stranger opening the start page / is asked to sign in, then sees the dashboard', async ({ page }) => {
    await page.goto('/');
    await expectPath(page, '/login');
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/');
    await expectVisible(page.getByTestId('dashboard-title'));
  });

  test('a stranger on a private route goes to /login with the query, and back after signing in', async ({ page }) => {
    await page.goto('/account/settings?x=1');
    await expectPath(page, '/login?x=1');
    await expectVisible(page.getByTestId('login-form'));
    await fillLogin(page, USER.email, USER.password);
    await expectPath(page, '/account/settings?x=1');
    expect(await textOf(page.getByRole('heading', { level: 2 }))).toBe(`User settings for [${USER.login}]`);
    expect(await page.getByTestId('settings-email').inputValue()).toBe(USER.email);
  });
});
