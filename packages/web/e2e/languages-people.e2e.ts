import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { ADMIN, WAIT_MS, expect, expectPath, expectVisible, signIn, test, textOf } from './support/fixtures';
import { chooseLanguage } from './support/languages';

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const columnHeader = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

describe('languages: the people, administration and account screens', () => {
  test('speak German for an account that chose it, and so does the sign-in page after it', async ({ page }) => {
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      await page.goto('/home');
      await expect
        .poll(() => textOf(page.getByTestId('show-my-vehicle')), { timeout: WAIT_MS })
        .toBe('Meine Fahrzeuge anzeigen');

      await page.goto('/dealer');
      await expectVisible(heading(page, 'Händlerliste'));
      await expectVisible(columnHeader(page, 'Vollständiger Name'));
      await expectVisible(columnHeader(page, 'E-Mail des Hauptkontakts'));

      await page.goto('/fleet');
      await expectVisible(heading(page, 'Flottenliste'));
      await expectVisible(columnHeader(page, 'Händlername'));

      await page.goto('/driver');
      await expectVisible(heading(page, 'Fahrerliste'));
      await expectVisible(columnHeader(page, 'Flotte'));

      await page.goto('/users-page');
      await expectVisible(heading(page, 'Liste der Super-User'));

      await page.goto('/roles-permission/fleet-owner');
      await expect
        .poll(() => textOf(page.getByTestId('permissions-title')), { timeout: WAIT_MS })
        .toBe('Flottenbetreiber');
      await expectVisible(page.getByLabel('Fahrerseite'));

      await page.goto('/admin/user-management');
      await expectVisible(page.getByRole('tab', { name: 'Benutzerverwaltung' }));
      await expect
        .poll(() => textOf(page.getByTestId('user-create')), { timeout: WAIT_MS })
        .toBe('Neuen Benutzer anlegen');
      await expectVisible(columnHeader(page, 'Angelegt am'));

      // An empty state: nobody of that login has done anything.
      await page.goto('/admin/audits');
      await page.getByTestId('audits-principal').fill('nobody-at-all');
      await expectVisible(page.getByText('Keine Audit-Ereignisse in diesem Zeitraum.'));

      await page.goto('/account/password');
      await expectVisible(page.getByLabel('Aktuelles Passwort'));
      await expect.poll(() => textOf(page.getByTestId('password-submit')), { timeout: WAIT_MS }).toBe('Speichern');

      // Signed out, this browser's sign-in page speaks the account's last language.
      await page.getByTestId('logout-link').click();
      await expect
        .poll(() => textOf(page.getByTestId('logout-message')), { timeout: WAIT_MS })
        .toBe('Erfolgreich abgemeldet!');
      await page.getByTestId('logout-login').click();
      await expectPath(page, '/login');
      await expectVisible(heading(page, 'Bei evfleet anmelden'));
      expect(await textOf(page.getByTestId('login-submit'))).toBe('ANMELDEN');
      expect(await textOf(page.getByTestId('forgot-password'))).toBe('Passwort vergessen?');
    } finally {
      await signIn(page, ADMIN);
      await chooseLanguage(page, 'en');
    }
    await page.goto('/dealer');
    await expectVisible(heading(page, 'Dealers List'));
    // Eight screens in German, then the settings twice and two sign-ins.
  }, 180_000);
});
