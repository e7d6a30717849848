import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  expect,
  expectPath,
  expectVisible,
  fillLogin,
  mailedLink,
  newAccount,
  screenshot,
  signIn,
  test,
  textOf,
  toasts,
} from './support/fixtures';

type NewAccount = ReturnType<typeof newAccount>;

/** Fills and sends the registration form, and checks the saved message (§2.1, §8). */
async function register(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/account/register');
  await page.getByTestId('register-login').fill(account.login);
  await page.getByTestId('register-email').fill(account.email);
  await page.getByTestId('register-password').fill(account.password);
  await page.getByTestId('register-confirm-password').fill(account.password);
  await page.getByTestId('register-submit').click();
  expect(await textOf(page.getByTestId('register-success'))).toBe(
    'Registration saved! Please check your email for confirmation.',
  );
}

/** Signing in as a registered but not yet activated account is refused. */
async function expectRefused(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, account.email, account.password);
  await expectVisible(
    toasts(page).getByText('Invalid email/password or your account is not activated.', { exact: true }),
  );
  await expectPath(page, '/login');
}

describe('registration, activation and password reset through mailed links (part 1 §2.1, §8)', () => {
  test('a new account registers, is activated by its mailed link and signs in', async ({ page }) => {
    const account = newAccount('e2ereg');
    await page.goto('/account/register');
    await expectVisible(page.getByTestId('demo-accounts-hint'));
    await screenshot(page, 'register-page');
    await register(page, account);
    // The form was cleared for another registration.
    expect(await page.getByTestId('register-login').inputValue()).toBe('');

    await expectRefused(page, account);

    const link = await mailedLink(account.email, '/account/activate');
    expect(link.startsWith(`${new URL(page.url()).origin}/account/activate?key=`)).toBe(true);
    await page.goto(link);
    expect(await textOf(page.getByTestId('activation-success'))).toContain('Your user account has been activated.');
    expect(await page.getByTestId('activation-failure').count()).toBe(0);

    // The key is used up: opening the link again fails.
    await page.reload();
    expect(await textOf(page.getByTestId('activation-failure'))).toContain('Your user could not be activated.');

    await page.goto('/login');
    await fillLogin(page, account.email, account.password);
    await expectPath(page, '/vehicle');
    expect(await textOf(page.getByTestId('header-login'))).toBe(account.login);
    expect(await textOf(page.getByTestId('sidebar-role'))).toBe('User');
  });

  test('the login page opened with ?key= activates the account with a toast', async ({ page }) => {
    const account = newAccount('e2ekey');
    await register(page, account);
    const link = await mailedLink(account.email, '/account/activate');
    const key = new URL(link).searchParams.get('key');

    await page.goto(`/login?key=${key}`);
    await expectVisible(toasts(page).getByText('User activated successfully!', { exact: true }));
    await fillLogin(page, account.email, account.password);
    await expectVisible(page.getByTestId('sidebar-user'));
    expect(await textOf(page.getByTestId('header-login'))).toBe(account.login);
  });

  test('a registered user resets the password through the mailed link and signs in with the new one', async ({
    page,
  }) => {
    const account = newAccount('e2erst');
    await register(page, account);
    await page.goto(await mailedLink(account.email, '/account/activate'));
    await expectVisible(page.getByTestId('activation-success'));

    await page.goto('/account/reset/request');
    await page.getByTestId('reset-email').fill(account.email);
    await page.getByTestId('reset-request-submit').click();
    expect(await textOf(page.getByTestId('reset-request-success'))).toBe(
      'Check your emails for details on how to reset your password.',
    );

    const link = await mailedLink(account.email, '/account/reset/finish');
    await page.goto(link);
    const submit = page.getByTestId('reset-finish-submit');
    expect(await textOf(submit)).toBe('Validate new password');
    const newPassword = 'Changed-456';
    await page.getByTestId('reset-new-password').fill(newPassword);
    await page.getByTestId('reset-confirm-password').fill(newPassword);
    await submit.click();
    expect(await textOf(page.getByTestId('reset-finish-success'))).toContain('Your password has been reset.');

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await fillLogin(page, account.email, account.password);
    await expectVisible(
      toasts(page).getByText('Invalid email/password or your account is not activated.', { exact: true }),
    );
    await signIn(page, { email: account.email, password: newPassword });
    expect(await textOf(page.getByTestId('header-login'))).toBe(account.login);
  });
});
