import type { Page } from 'playwright-core';
import { expectVisible } from './fixtures';

/** Saves the signed-in account's language on the settings page; the portal follows at once. */
export async function chooseLanguage(page: Page, langKey: 'en' | 'de'): Promise<void> {
  await page.goto('/account/settings');
  await page.getByTestId('settings-language').selectOption(langKey);
  await page.getByTestId('settings-submit').click();
  await expectVisible(page.getByTestId('settings-saved'));
}
