import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { ADMIN, WAIT_MS, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { chooseLanguage } from './support/languages';
import { expectToast } from './support/people';

/** The text of a test id once it shows (the catalogues of a page load with it). */
const textAt = async (page: Page, testId: string, expected: string) =>
  expect.poll(() => textOf(page.getByTestId(testId)), { timeout: WAIT_MS }).toBe(expected);

/** The header texts of an AG Grid, once it shows them. */
async function gridHeaders(page: Page, testId: string): Promise<string[]> {
  const headers = page.getByTestId(testId).locator('.ag-header-cell-text');
  await expectVisible(headers.first());
  return headers.allInnerTexts();
}

describe('languages: the report, analytics, dashboard, template and record screens', () => {
  test('the dashboard and analytics screens speak German when the account does', async ({ page }) => {
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      // Dashboard: title, button, a card's title and period.
      await page.goto('/');
      await textAt(page, 'dashboard-title', 'Übersicht');
      await textAt(page, 'dashboard-reset-layout', 'Layout zurücksetzen');
      await textAt(page, 'card-title-totalVehicles', 'Fahrzeuge gesamt');
      await textAt(page, 'card-period-totalVehicles', 'Aktuell');
      const month = new Intl.DateTimeFormat('de', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(),
      );
      await textAt(page, 'card-period-chargeConsumption', `${month} (dieser Monat, UTC)`);
      await textAt(page, 'trend-chargeConsumption', 'Letzte 30 Tage');
      await screenshot(page, 'dashboard-german');

      // Analytics: title, a card's title and its button.
      await page.goto('/analytics');
      await textAt(page, 'analytics-title', 'Analysen');
      await expectVisible(page.getByTestId('analytics-fleet').getByRole('heading', { name: 'Flotte', exact: true }));
      await textAt(page, 'analytics-export', 'Exportieren');
    } finally {
      await chooseLanguage(page, 'en');
    }
    await page.goto('/');
    await textAt(page, 'dashboard-title', 'Dashboard');
  });

  test('the report screens speak German when the account does', async ({ page }) => {
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      // The CAN history report: title, the button, the saved templates; the result page without criteria sends back with a toast.
      await page.goto('/report/can-history-report');
      await textAt(page, 'report-title', 'CAN-Verlaufsbericht');
      await textAt(page, 'view-result', 'Ergebnis anzeigen');
      await expectVisible(page.getByRole('heading', { name: 'Gespeicherte Vorlagen', exact: true }));
      await page.goto('/report/view-result');
      await expectToast(page, 'Bitte wählen Sie Spalten aus');
      await textAt(page, 'report-title', 'CAN-Verlaufsbericht');
    } finally {
      await chooseLanguage(page, 'en');
    }
    await page.goto('/report/can-history-report');
    await textAt(page, 'report-title', 'CAN History Report');
  });

  test('the template and record screens speak German when the account does', async ({ page }) => {
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      // Vehicle configuration templates: title and column headers.
      await page.goto('/vehicle-template');
      await textAt(page, 'list-title', 'Fahrzeug-Konfigurationsvorlage');
      expect(await gridHeaders(page, 'templates-grid')).toEqual(
        expect.arrayContaining(['Vorlagenname', 'Vorlagenbeschreibung', 'Aktualisiert am']),
      );

      // A record screen: its button, a new record's form and the email template's placeholder help.
      await page.goto('/car');
      await textAt(page, 'add-new', 'Neu anlegen');
      await page.goto('/email-template/new');
      await expectVisible(page.getByTestId('placeholder-help').getByText('Platzhalter', { exact: true }));
      await textAt(page, 'back', 'Zurück');
      await textAt(page, 'save', 'Speichern');
      await screenshot(page, 'record-form-german');
    } finally {
      await chooseLanguage(page, 'en');
    }
    await page.goto('/car');
    await textAt(page, 'add-new', 'Add New');
  });
});
