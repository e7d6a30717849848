import { describe } from 'vitest';
import { ADMIN, WAIT_MS, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { chooseLanguage } from './support/languages';
import { Api, createDealer, gridRow, runId } from './support/people';

const GRID = 'dealers-grid';

describe('shared components in German', () => {
  test('a grid, its columns menu and pager, a validation message and a signal name speak German', async ({ page }) => {
    const dealer = await createDealer(await Api.signIn(ADMIN), runId('lc'));
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      // The list frame, the grid's Action column and its pager.
      await page.goto('/dealer');
      await page.getByTestId('search-box').fill(dealer.name);
      await expectVisible(gridRow(page, GRID, dealer.name));
      expect(await textOf(page.getByTestId('add-new'))).toBe('Neu anlegen');
      expect(await page.getByTestId('search-box').getAttribute('placeholder')).toBe('Suchen');
      expect(await page.getByTestId('page-size').getAttribute('aria-label')).toBe('Einträge pro Seite');
      expect(await textOf(page.getByTestId(GRID).locator('.ag-header-cell[col-id="actions"]'))).toBe('Aktion');
      await expect
        .poll(() => textOf(page.getByTestId('pager')), { timeout: WAIT_MS })
        .toContain('1 – 1 von 1 Einträgen');
      expect(await page.getByTestId(`delete-${dealer.id}`).getAttribute('aria-label')).toBe(`${dealer.name} löschen`);

      // The columns menu.
      await page.getByTestId(`${GRID}-columns`).click();
      expect(await textOf(page.getByTestId(`${GRID}-columns`))).toBe('Spalten');
      expect(await textOf(page.getByTestId(`${GRID}-columns-reset`))).toBe('Spalten zurücksetzen');
      await screenshot(page, 'components-german-grid');
      await page.getByTestId(`${GRID}-columns`).click();
      await expect.poll(() => page.getByTestId(`${GRID}-columns-menu`).isVisible(), { timeout: WAIT_MS }).toBe(false);

      // A validation message of the domain under a field: the reset-password dialog's email.
      await page.getByTestId('search-box').fill(dealer.name);
      await page.getByTestId(`reset-${dealer.id}`).click();
      const dialog = page.getByTestId('reset-password-modal');
      await expectVisible(dialog);
      expect(await textOf(page.getByTestId('reset-tab-generate'))).toBe('Jetzt festlegen');
      await page.getByTestId('reset-link-email').fill('');
      await page.getByTestId('reset-send-link').click();
      await expect
        .poll(() => textOf(dialog.locator('.mantine-TextInput-error')), { timeout: WAIT_MS })
        .toBe('Bitte geben Sie eine E-Mail-Adresse ein!');
      await screenshot(page, 'components-german-validation');
      await page.keyboard.press('Escape');

      // A signal's name and unit from the signal dictionary, in the threshold editor.
      await page.goto('/vehicle/new');
      await page.getByTestId('notifications-toggle').click();
      await expectVisible(page.getByTestId('threshold-editor'));
      expect(await textOf(page.getByTestId('metric-cellVoltage-name'))).toBe('Zellspannung (V)');
      await screenshot(page, 'components-german-thresholds');
    } finally {
      await chooseLanguage(page, 'en');
    }
    await page.goto('/dealer');
    expect(await textOf(page.getByTestId('add-new'))).toBe('Add New');
    // Two language changes and three screens: longer than one screen's test on the shared cores.
  }, 120_000);
});
