import type { Locator, Page } from 'playwright-core';
import { WAIT_MS, expect, expectPath, expectVisible, textOf } from './fixtures';
import { dialog, expectNoRows, gridRow, rowActions } from './people';

/**
 * Helpers of the generic record screens' tests (part 2 §2 "Generic record screens"): the form's
 * fields by name, the vehicle pickers, and the delete dialog over the list.
 */

/** The input of a record field (data-testid field-{name}). */
export const field = (page: Page, name: string) => page.getByTestId('record-form').getByTestId(`field-${name}`);

/** The error shown under a record field. */
export async function fieldError(page: Page, name: string): Promise<string> {
  const wrapper = page
    .getByTestId('record-form')
    .locator('.mantine-InputWrapper-root', { has: page.getByTestId(`field-${name}`) });
  return textOf(wrapper.locator('.mantine-InputWrapper-error'));
}

/** Types into a vehicle picker and chooses the option naming `vehicleName`. */
export async function pickVehicle(page: Page, picker: Locator, vehicleName: string): Promise<void> {
  await picker.click();
  await picker.fill(vehicleName);
  const option = page.getByRole('option').filter({ hasText: vehicleName }).first();
  await expectVisible(option);
  await option.click();
  // A multiple choice keeps its options open for more.
  await page.keyboard.press('Escape');
}

/** The header texts of a record grid, once it shows them (the grid loads on demand). */
export async function headerTexts(page: Page, key: string): Promise<string[]> {
  const headers = page.getByTestId(recordGrid(key)).locator('.ag-header-cell-text');
  await expectVisible(headers.first());
  return headers.allInnerTexts();
}

/** The list's grid of one record entity. */
export const recordGrid = (key: string) => `${key}-grid`;

/** Waits for the record screen's title (list, form or detail). */
export async function expectHeading(page: Page, testId: string, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId(testId).innerText(), { timeout: WAIT_MS }).toBe(text);
}

/**
 * Opens the delete dialog of the row containing `rowText`, checks its exact texts (§8), cancels once
 * (the record stays), then deletes; the user is back on the list at `listPath` and the row is gone.
 */
export async function deleteFromList(
  page: Page,
  opts: { key: string; entity: string; rowText: string; id: string; listPath: string; emptyText?: string },
) {
  const row = gridRow(page, recordGrid(opts.key), opts.rowText);
  const remove = rowActions(page, recordGrid(opts.key), opts.rowText).getByTestId(`delete-${opts.id}`);
  await remove.click();
  const modal = dialog(page, 'Confirm delete operation');
  await expectVisible(modal);
  expect(await textOf(modal.getByTestId('delete-question'))).toBe(
    `Are you sure you want to delete this ${opts.entity}?`,
  );
  expect(await textOf(modal.getByTestId('confirm-no'))).toBe('Cancel');
  expect(await textOf(modal.getByTestId('confirm-yes'))).toBe('Delete');
  // The dialog sits over the list.
  await expectVisible(gridRow(page, recordGrid(opts.key), opts.rowText));

  await modal.getByTestId('confirm-no').click();
  await expectPath(page, opts.listPath);
  await expect.poll(() => dialog(page, 'Confirm delete operation').count()).toBe(0);
  await expectVisible(row);

  await remove.click();
  await dialog(page, 'Confirm delete operation').getByTestId('confirm-yes').click();
  await expectPath(page, opts.listPath);
  await expect.poll(() => row.count(), { timeout: WAIT_MS }).toBe(0);
  if (opts.emptyText) await expectNoRows(page, recordGrid(opts.key), opts.emptyText);
}

/** The id shown in the ID column of the row containing `text`. */
export async function rowId(page: Page, key: string, text: string): Promise<string> {
  return textOf(gridRow(page, recordGrid(key), text).locator('[col-id="id"]'));
}
