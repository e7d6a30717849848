import type { Locator, Page } from 'playwright-core';
import { expect, expectVisible, textOf, WAIT_MS } from './fixtures';

/** The day button's label in Mantine's calendar: 'D MMMM YYYY'. */
const dayLabel = (d: Date) => `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * Shows `when`'s month in the open calendar: a month or two away by the month arrows, further by
 * climbing to the decade, where the years and then the months are buttons.
 */
async function showMonth(dropdown: Locator, when: Date): Promise<void> {
  const day = dropdown.getByRole('button', { name: dayLabel(when), exact: true });
  for (let back = 0; back < 2 && !(await day.isVisible()); back += 1)
    await dropdown.getByLabel('Previous month', { exact: true }).click();
  if (await day.isVisible()) return;
  const level = dropdown.locator('[class*="calendarHeaderLevel"]');
  await level.click();
  await level.click();
  const year = dropdown.getByRole('button', { name: String(when.getFullYear()), exact: true });
  for (let step = 0; step < 20 && !(await year.isVisible()); step += 1) {
    const decade = Number((await level.innerText()).slice(0, 4));
    const direction = when.getFullYear() < decade ? 'Previous' : 'Next';
    await dropdown.getByLabel(`${direction} decade`, { exact: true }).click();
  }
  await year.click();
  await dropdown.getByRole('button', { name: when.toLocaleString('en-US', { month: 'short' }), exact: true }).click();
  await expectVisible(day);
}

/** Opens a date-time field (components/DateTimeField) and chooses `when`'s day on its calendar. */
async function chooseDay(page: Page, testId: string, when: Date): Promise<Locator> {
  await page.getByTestId(testId).click();
  // One picker is open at a time; its time fields hide while it shows years or months.
  const dropdown = page.locator('[data-dates-dropdown]');
  await expectVisible(dropdown);
  await showMonth(dropdown, when);
  await dropdown.getByRole('button', { name: dayLabel(when), exact: true }).click();
  return dropdown;
}

async function confirm(dropdown: Locator, label: string): Promise<void> {
  await dropdown.getByLabel(`Confirm ${label}`, { exact: true }).click();
  await expect.poll(() => dropdown.isVisible(), { timeout: WAIT_MS }).toBe(false);
}

/**
 * Sets a date-time field to `when` the way a user does: the day on its calendar, then the time in
 * its hour, minute and, where it has one, second fields.
 */
export async function pickDateTime(page: Page, testId: string, label: string, when: Date): Promise<void> {
  const dropdown = await chooseDay(page, testId, when);
  await dropdown.getByLabel('Hours', { exact: true }).fill(twoDigits(when.getHours()));
  await dropdown.getByLabel('Minutes', { exact: true }).fill(twoDigits(when.getMinutes()));
  const seconds = dropdown.getByLabel('Seconds', { exact: true });
  if ((await seconds.count()) > 0) await seconds.fill(twoDigits(when.getSeconds()));
  await confirm(dropdown, label);
}

/** Chooses `day` in a date-time field, keeping the time the field offers, and returns what it shows. */
export async function pickDay(page: Page, testId: string, label: string, day: Date): Promise<string> {
  await confirm(await chooseDay(page, testId, day), label);
  return textOf(page.getByTestId(testId));
}
