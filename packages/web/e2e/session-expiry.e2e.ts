import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  ADMIN,
  claimsOf,
  expect,
  expectPath,
  expectVisible,
  fillLogin,
  signIn,
  signToken,
  test,
  textOf,
  toasts,
} from './support/fixtures';
import { expectToast } from './support/people';

const EXPIRED = 'Your session has expired. Please sign in again.';
const BAD_CREDENTIALS = 'Invalid email/password or your account is not activated.';

const TOKEN_KEY = 'jhi-authenticationToken';

/** Replaces the stored token by one the server signed-alike but that expired an hour ago. */
async function expireStoredToken(page: Page): Promise<void> {
  const token = await page.evaluate((key) => sessionStorage.getItem(key) ?? localStorage.getItem(key), TOKEN_KEY);
  expect(token, 'a token is stored after signing in').toBeTruthy();
  const claims = claimsOf(token!);
  expect(claims).toMatchObject({ sub: ADMIN.login, auth: ['ROLE_ADMIN', 'ROLE_USER'] });
  const now = Math.floor(Date.now() / 1000);
  const expired = signToken({ sub: claims.sub, uid: claims.uid, auth: claims.auth, iat: now - 7200, exp: now - 3600 });
  await page.evaluate(
    ([key, value]) => {
      const store = sessionStorage.getItem(key) !== null ? sessionStorage : localStorage;
      store.setItem(key, value);
    },
    [TOKEN_KEY, expired] as const,
  );
}

/** A client-side navigation, as a link in the app would do it (no reload, the session stays in memory). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('an ended session (part 1 §2.1, §4)', () => {
  test('an expired token brings the login modal over the page, and signing in there stays on it', async ({ page }) => {
    await signIn(page, ADMIN);
    await expireStoredToken(page);

    // The users list calls api/users with the expired token: 401, the session ends under the page.
    await navigateInApp(page, '/admin/user-management');
    const modal = page.getByTestId('login-modal');
    await expectVisible(modal);
    await expectPath(page, '/admin/user-management');
    expect(
      await page.evaluate((key) => sessionStorage.getItem(key) ?? localStorage.getItem(key), TOKEN_KEY),
    ).toBeNull();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    // It says the session expired, not that the credentials were wrong.
    await expectToast(page, EXPIRED);
    expect(await textOf(modal.getByTestId('login-reason'))).toBe(EXPIRED);
    expect((await toasts(page).allInnerTexts()).join('\n')).not.toContain(BAD_CREDENTIALS);
    // The portals under test have an OpenID provider (global-setup.ts): its button is offered here too.
    await expectVisible(modal.getByTestId('sso-sign-in'));

    // A wrong password in the modal is still a failed sign-in (part 1 §8).
    await fillLogin(modal, ADMIN.email, 'not-the-password');
    await expectToast(page, BAD_CREDENTIALS);
    await expectVisible(modal);

    await fillLogin(modal, ADMIN.email, ADMIN.password);
    await modal.waitFor({ state: 'detached' });
    await expectPath(page, '/admin/user-management');
    await expectVisible(page.getByText('admin@evfleet.local').first());
    expect(await textOf(page.getByTestId('sidebar-role'))).toBe('Administrator');
  });

  test('an expired token found on reload sends the user to sign in and back to the page', async ({ page }) => {
    await signIn(page, ADMIN, '/account/settings?from=mail');
    await expectVisible(page.getByTestId('settings-email'));
    await expireStoredToken(page);

    await page.reload();
    // The session cannot be fetched with this token: the visitor is a stranger again (§2.2, §4),
    // told that the session expired; the page's path and query come back after signing in.
    await expectPath(page, '/login?from=mail');
    await expectToast(page, EXPIRED);
    await expectVisible(page.getByTestId('login-form'));
    await fillLogin(page.getByTestId('login-form'), ADMIN.email, ADMIN.password);
    await expectPath(page, '/account/settings?from=mail');
    expect(await page.getByTestId('settings-email').inputValue()).toBe(ADMIN.email);
  });
});
