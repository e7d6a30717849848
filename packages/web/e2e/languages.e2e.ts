import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  ADMIN,
  WAIT_MS,
  expect,
  expectPath,
  expectVisible,
  screenshot,
  signIn,
  test,
  textOf,
} from './support/fixtures';
import { chooseLanguage } from './support/languages';

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('languages', () => {
  test("the portal speaks the account's language, chosen in the settings, after a reload and on the sign-in page", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      // Saved, the portal switches at once: the saved note, the menu, the header, the title.
      await expect
        .poll(() => textOf(page.getByTestId('settings-saved')), { timeout: WAIT_MS })
        .toBe('Einstellungen gespeichert!');
      await expect.poll(() => textOf(page.getByTestId('menu-dashboard')), { timeout: WAIT_MS }).toBe('Übersicht');
      expect(await textOf(page.getByTestId('logout-link'))).toBe('Abmelden');
      expect(await textOf(page.getByTestId('sidebar-role'))).toBe('Administrator');
      await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Kontoeinstellungen · evfleet');
      expect(await htmlLang(page)).toBe('de');
      await screenshot(page, 'settings-german');

      // A reload keeps it; a record page's title words its entity in German.
      await page.goto('/vehicle/new');
      await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Fahrzeug anlegen · evfleet');
      expect(await textOf(page.getByTestId('menu-profile'))).toBe('Profil');

      // Signed out, this browser's sign-in page speaks it too.
      await page.getByTestId('logout-link').click();
      await expectVisible(page.getByTestId('logout-message'));
      await page.getByTestId('logout-login').click();
      await expectPath(page, '/login');
      await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Anmelden · evfleet');
    } finally {
      await signIn(page, ADMIN);
      await chooseLanguage(page, 'en');
    }
    await expect.poll(() => textOf(page.getByTestId('menu-dashboard')), { timeout: WAIT_MS }).toBe('Dashboard');
    expect(await textOf(page.getByTestId('settings-saved'))).toBe('Settings saved!');
    await page.goto('/vehicle/new');
    await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('New vehicle · evfleet');
    expect(await htmlLang(page)).toBe('en');
  });
});
