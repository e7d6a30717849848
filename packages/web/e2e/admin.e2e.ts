import { describe } from 'vitest';
import {
  ADMIN,
  expect,
  expectPath,
  expectVisible,
  screenshot,
  signIn,
  test,
  textOf,
  toasts,
  WAIT_MS,
} from './support/fixtures';
import { Api, runId } from './support/people';

describe('administration area (/admin, part 1 §2.3, part 2 §7 "Administration")', () => {
  test('health and metrics pages show the server state', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/health');
    await expectVisible(page.getByTestId('health-db'));
    expect(await textOf(page.getByTestId('health-db').getByTestId('status-badge'))).toBe('UP');
    for (const part of ['broker', 'mail', 'disk']) await expectVisible(page.getByTestId(`health-${part}`));
    await screenshot(page, 'admin-health');

    await page.getByRole('tab', { name: 'Metrics' }).click();
    await expectPath(page, '/admin/metrics');
    await expectVisible(page.getByTestId('http-metrics'));
    expect(await textOf(page.getByTestId('http-metrics'))).toContain('/api/account');
    await screenshot(page, 'admin-metrics');
  });

  test('an administrator changes a logger level and sees it applied', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/logs');
    const row = page.getByTestId('logger-evfleet.telemetry');
    await expectVisible(row);
    await row.getByRole('button', { name: 'DEBUG', exact: true }).click();
    await expectVisible(toasts(page).getByText('evfleet.telemetry now logs at DEBUG'));
    await expect
      .poll(async () => row.getByRole('button', { name: 'DEBUG', exact: true }).getAttribute('aria-pressed'), {
        timeout: WAIT_MS,
      })
      .toBe('true');
    await screenshot(page, 'admin-loggers');

    // The server holds the level, so it survives a reload.
    await page.reload();
    await expect
      .poll(
        async () =>
          page
            .getByTestId('logger-evfleet.telemetry')
            .getByRole('button', { name: 'DEBUG', exact: true })
            .getAttribute('aria-pressed'),
        { timeout: WAIT_MS },
      )
      .toBe('true');
    await page.getByTestId('logger-evfleet.telemetry').getByRole('button', { name: 'Follow ROOT' }).click();
    await expectVisible(toasts(page).getByText('evfleet.telemetry now logs at the ROOT level'));
  });

  test('an administrator finds its own sign-in in the audits', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/audits');
    await page.getByTestId('audits-principal').fill(ADMIN.email);
    const audits = page.getByTestId('audits');
    await expect.poll(async () => textOf(audits), { timeout: WAIT_MS }).toContain('AUTHENTICATION_SUCCESS');
    expect(await textOf(audits)).toContain(ADMIN.email);
    await screenshot(page, 'admin-audits');
  });

  test('configuration masks secrets; diagnostics and the API docs render offline', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/configuration');
    await expectVisible(page.getByTestId('configprops'));
    const config = await textOf(page.getByTestId('configprops'));
    expect(config).toContain('jwtSecret');
    expect(config).toContain('******');
    await screenshot(page, 'admin-configuration');

    await page.goto('/admin/diagnostics');
    await expectVisible(page.getByTestId('event-loop-delay'));
    expect(await textOf(page.getByTestId('parse-thread'))).toMatch(/Parse thread/);
    await screenshot(page, 'admin-diagnostics');

    await page.goto('/admin/docs');
    const operations = page.getByTestId('api-operations');
    await expectVisible(operations);
    await page.getByLabel('Filter').fill('/management/audits');
    await operations.getByText('/management/audits').click();
    await expectVisible(operations.getByRole('cell', { name: 'fromDate' }));
    await screenshot(page, 'admin-api-docs');
  });

  test('an account linked to nobody sees no vehicle until an administrator makes it staff on the user form', async ({
    page,
  }) => {
    const admin = await Api.signIn(ADMIN);
    const login = `auditor${runId()}`.toLowerCase().slice(0, 40);
    const account = { email: `${login}@e2e.test`, password: 'auditor-pass-1' };
    await admin.call('POST', '/api/users', {
      login,
      email: account.email,
      authorities: ['ROLE_USER'],
      password: account.password,
    });
    const auditor = await Api.signIn(account);
    expect((await auditor.call<{ totalCount: number }>('GET', '/api/vehicles?pageSize=10')).totalCount).toBe(0);

    await signIn(page, ADMIN, '/admin/user-management');
    // Other tests add users too; sorted by id, the newest is on the last page (run alone, the only one).
    await expectVisible(page.getByTestId('user-edit-admin'));
    const lastPage = page.getByTestId('pager').locator('button').last();
    if (await lastPage.isEnabled()) await lastPage.click();
    await page.getByTestId(`user-edit-${login}`).click();
    const staff = page.getByTestId('user-staff');
    await expectVisible(staff);
    expect(await staff.isChecked()).toBe(false);
    await staff.check();
    await screenshot(page, 'admin-user-staff');
    await page.getByTestId('entity-save').click();
    await expect
      .poll(async () => (await auditor.call<{ totalCount: number }>('GET', '/api/vehicles?pageSize=10')).totalCount, {
        timeout: WAIT_MS,
      })
      .toBeGreaterThan(0);
  });
});
