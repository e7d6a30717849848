import { describe } from 'vitest';
import { USER, WAIT_MS, baseUrl, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { chooseLanguage } from './support/languages';
import { dialog, expectToast, gridRow, runId } from './support/people';

/** The status GET /api/account answers a program that sends the key as its bearer token. */
async function accountStatusWith(key: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/account`, { headers: { authorization: `Bearer ${key}` } });
  return response.status;
}

describe('API keys (Account → API keys, docs/integrations.md)', () => {
  test('a user makes a read key, sees it once, a program signs in with it, and revoking it refuses the program', async ({
    page,
  }) => {
    const name = `Exporter ${runId()}`;
    await signIn(page, USER);
    await page.getByTestId('menu-api-keys').click();
    await expect.poll(() => textOf(page.getByTestId('list-title'))).toBe('API keys');
    await expect.poll(() => page.title()).toBe('API keys · evfleet');

    await page.getByTestId('api-key-create').click();
    const form = dialog(page, 'New API key');
    await expectVisible(form);
    // An empty name and no scope are refused at their fields, in the domain's words.
    await form.getByTestId('api-key-scope-read').uncheck();
    await form.getByTestId('entity-save').click();
    await expectVisible(form.getByText('can not be empty', { exact: true }));
    await expectVisible(form.getByText('must name at least one of read, write, telemetry, each once', { exact: true }));
    await form.getByTestId('api-key-name').fill(name);
    await form.getByTestId('api-key-scope-read').check();
    expect(await textOf(form.getByTestId('api-key-scopes'))).toContain('GET calls only');
    await form.getByTestId('entity-save').click();

    const shown = dialog(page, 'Your new API key');
    await expectVisible(shown);
    const key = await textOf(shown.getByTestId('api-key-secret'));
    expect(key).toMatch(/^evk_\S+$/);
    expect(await textOf(shown.getByTestId('api-key-warning'))).toContain('not shown again');
    await screenshot(page, 'api-key-shown-once');
    await shown.getByTestId('api-key-created-close').click();
    await expect.poll(() => dialog(page, 'Your new API key').count()).toBe(0);

    // The list shows the key's start only, its scope, no expiry and no use yet; no owner column for a user.
    const row = gridRow(page, 'api-keys-grid', name);
    await expectVisible(row);
    expect(await textOf(row.locator('[col-id="shown"]'))).toBe(`${key.slice(0, 12)}…`);
    expect(await textOf(row.locator('[col-id="scopes"]'))).toBe('read');
    expect(await textOf(row.locator('[col-id="expiresAt"]'))).toBe('Never');
    expect(await textOf(row.locator('[col-id="lastUsed"]'))).toBe('Never');
    expect(await page.getByTestId('api-keys-grid').locator('[col-id="owner"]').count()).toBe(0);
    expect(await page.getByText(key, { exact: true }).count()).toBe(0);

    expect(await accountStatusWith(key)).toBe(200);
    // The use shows after a reload: its time and the address it came from.
    await page.reload();
    await expect
      .poll(() => textOf(gridRow(page, 'api-keys-grid', name).locator('[col-id="lastUsed"]')), { timeout: WAIT_MS })
      .toMatch(/ · \S+$/);
    await screenshot(page, 'api-keys-list');

    await page.getByLabel(`Revoke ${name}`, { exact: true }).click();
    const question = dialog(page, 'Revoke API key');
    expect(await textOf(question)).toContain(`Revoke the key "${name}" (${key.slice(0, 12)}…)?`);
    await question.getByTestId('confirm-yes').click();
    await expectToast(page, `The key "${name}" is revoked`);
    await expect.poll(() => gridRow(page, 'api-keys-grid', name).count()).toBe(0);
    expect(await accountStatusWith(key)).toBe(401);
  });

  test('the page speaks German', async ({ page }) => {
    await signIn(page, USER);
    await chooseLanguage(page, 'de');
    try {
      await page.goto('/account/api-keys');
      await expect.poll(() => textOf(page.getByTestId('list-title')), { timeout: WAIT_MS }).toBe('API-Schlüssel');
      await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('API-Schlüssel · evfleet');
      expect(await textOf(page.getByTestId('menu-api-keys'))).toBe('API-Schlüssel');
      await page.getByTestId('api-key-create').click();
      const form = dialog(page, 'Neuer API-Schlüssel');
      await expectVisible(form);
      expect(await textOf(form.getByTestId('api-key-scopes'))).toContain('Nur GET-Aufrufe');
      await form.getByTestId('entity-save').click();
      await expectVisible(form.getByText('darf nicht leer sein', { exact: true }));
      await screenshot(page, 'api-keys-german');
    } finally {
      await chooseLanguage(page, 'en');
    }
  });
});
