import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { baseUrl, expect, expectPath, expectVisible, screenshot, test, textOf } from './support/fixtures';
import { OIDC } from './support/single-sign-on';

/** The provider global-setup started, as the portal names it. */
const issuer = async () => {
  const authorize = await fetch(`${baseUrl}/api/oidc/authorize`, { redirect: 'manual' });
  return new URL(authorize.headers.get('location')!).origin;
};

/**
 * Opens the sign-in page, follows "Sign in with …" to the provider's own pages and signs in there
 * as `login` (its development pages take any password), consenting to evfleet.
 */
async function signInAtProvider(page: Page, login: keyof typeof OIDC.accounts): Promise<void> {
  // The provider's pages ask for a web font; this machine may have no internet, and they need none.
  await page.route(/fonts\.googleapis\.com/, (route) => route.abort());
  await page.goto('/login');
  const button = page.getByRole('button', { name: `Sign in with ${OIDC.name}` });
  await expectVisible(button);
  await button.click();
  await page.waitForURL((url) => url.origin !== baseUrl);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('single sign-on through an OpenID provider (docs/integrations.md)', () => {
  test('the administrator signs in at the provider, lands in the portal, and signing out ends the provider session too', async ({
    page,
  }) => {
    await page.goto('/login');
    // The password form stays beside the provider's button (PASSWORD_SIGNIN is on).
    await expectVisible(page.getByTestId('login-submit'));
    await expectVisible(page.getByTestId('sso-sign-in'));
    await screenshot(page, 'sso-login-page');

    await signInAtProvider(page, 'admin');
    // Back through the portal's callback and /oidc to the page people land on after signing in.
    await expectPath(page, '/vehicle');
    const sidebar = page.getByTestId('sidebar');
    expect(await textOf(sidebar.getByTestId('sidebar-role'))).toBe('Administrator');
    expect(await textOf(page.getByTestId('header-login'))).toBe('admin');
    // Kept as a password sign-in's token is: for this tab only, with the provider's sign-out beside it.
    const stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('jhi-authenticationToken'),
      local: localStorage.getItem('jhi-authenticationToken'),
      endSession: sessionStorage.getItem('evfleet-end-session-url'),
    }));
    expect(stored.session).toMatch(/^ey/);
    expect(stored.local).toBeNull();
    expect(new URL(stored.endSession!).origin).toBe(await issuer());

    await page.getByTestId('logout-link').click();
    // The provider asks whether to end its session too, then returns the browser to the sign-in page.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expectPath(page, '/login');
    await expectVisible(page.getByTestId('sso-sign-in'));
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // The provider's session is gone: signing in again asks for the login.
    await page.getByTestId('sso-sign-in').click();
    await expectVisible(page.locator('input[name="login"]'));
  });

  test('an address the provider has not verified lands on /oidc with why, and a way back to sign in', async ({
    page,
  }) => {
    await signInAtProvider(page, 'unverified');
    await expectPath(page, '/oidc?error=unverified');
    const error = page.getByTestId('oidc-error');
    expect(await textOf(error)).toContain('Your provider has not verified your email address');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await screenshot(page, 'sso-oidc-error');
    await page.getByTestId('oidc-back').click();
    await expectPath(page, '/login');
  });

  test('with password sign-in off the page offers only the provider; without an answer on it, the password form', async ({
    page,
  }) => {
    // These portals keep passwords on (PASSWORD_SIGNIN): the status is answered here as one with them off would.
    await page.route('**/api/oidc/status', (route) =>
      route.fulfill({ json: { enabled: true, name: OIDC.name, passwordSignIn: false } }),
    );
    await page.goto('/login');
    await expectVisible(page.getByTestId('sso-sign-in'));
    expect(await page.getByText('Password sign-in is turned off for this portal').count()).toBe(1);
    for (const absent of ['login-form', 'login-submit', 'forgot-password', 'login-link-menu'])
      expect(await page.getByTestId(absent).count(), absent).toBe(0);
    await screenshot(page, 'sso-login-page-passwords-off');

    await page.unroute('**/api/oidc/status');
    await page.route('**/api/oidc/status', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.reload();
    await expectVisible(page.getByTestId('login-submit'));
    await expectVisible(page.getByTestId('login-link-menu'));
    expect(await page.getByTestId('sso-sign-in').count()).toBe(0);
  });

  test('each reason speaks German too, and a used code says to sign in again', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('evfleet.language', 'de'));
    await page.goto('/oidc?error=no-account');
    expect(await textOf(page.getByTestId('oidc-error'))).toContain('Kein evfleet-Konto hat Ihre E-Mail-Adresse');
    expect(await textOf(page.getByTestId('oidc-back'))).toBe('Zurück zur Anmeldung');
    await page.goto('/oidc?code=not-a-code-the-server-gave');
    expect(await textOf(page.getByTestId('oidc-error'))).toContain('bereits verwendet');
  });
});
