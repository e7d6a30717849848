import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { ADMIN, WAIT_MS, expect, expectPath, expectVisible, screenshot, signIn, test } from './support/fixtures';
import { Api, freeVehicles, type Vehicle } from './support/people';
import { field, fieldError, pickVehicle } from './support/records';
import { pickDateTime } from './support/date-time';

/**
 * On the long CAN record form a failed Save brings the first field in error into
 * view and focuses it, whether the form's checks or the server refused it; and a page opened from
 * another starts at its top, not at the scroll position of the page before.
 */

/** A phone-like height: the form is many screens long and Save sits at its end. */
const SCREEN = { width: 1280, height: 700 };

let admin: Api;
let vehicle: Vehicle;

beforeAll(async () => {
  admin = await Api.signIn(ADMIN);
  [vehicle] = await freeVehicles(admin, 1);
});

/** Whether the element is wholly inside the window. */
const inView = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
const isFocused = (element: Locator) => element.evaluate((el) => el === document.activeElement);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function newReading(page: Page) {
  await page.setViewportSize(SCREEN);
  await signIn(page, ADMIN, '/vehicle-can/new');
  await pickVehicle(page, field(page, 'vehicle'), vehicle.name);
}

/** Clicks Save at the end of the form, which scrolls the window down to it. */
async function save(page: Page) {
  await page.getByTestId('save').scrollIntoViewIfNeeded();
  expect(await scrollY(page), 'Save is far below the first fields').toBeGreaterThan(SCREEN.height);
  await page.getByTestId('save').click();
}

describe('long forms and scrolling', () => {
  test("a refused field far above Save is scrolled to and focused (the form's own check)", async ({ page }) => {
    await page.setViewportSize(SCREEN);
    await signIn(page, ADMIN, '/vehicle-can/new');
    // No vehicle chosen: its picker is no plain input react-hook-form could focus by itself.
    await field(page, 'batteryCharged').fill('eighty');
    await save(page);
    const picker = field(page, 'vehicle');
    await expect.poll(() => fieldError(page, 'vehicle'), { timeout: WAIT_MS }).toBe('A vehicle is required.');
    expect(await fieldError(page, 'batteryCharged')).toBe('This field should be a number.');
    // The first field in error on the page, not the first react-hook-form happens to hold a ref of.
    await expect.poll(() => isFocused(picker)).toBe(true);
    expect(await inView(picker)).toBe(true);
    await screenshot(page, 'form-scroll-client-error');
  });

  test("the server's field errors are scrolled to and focused too", async ({ page }) => {
    await newReading(page);
    // Only the server knows a reading may not be dated in the future, and that cells count from 1.
    await pickDateTime(page, 'field-recordedTime', 'Recorded Time', new Date(2099, 0, 1, 10, 0));
    await save(page);
    const time = field(page, 'recordedTime');
    await expect
      .poll(() => fieldError(page, 'recordedTime'), { timeout: WAIT_MS })
      .toBe('A reading cannot be dated in the future.');
    await expect.poll(() => isFocused(time)).toBe(true);
    expect(await inView(time)).toBe(true);

    await page.getByLabel('Clear Recorded Time', { exact: true }).click();
    await field(page, 'bt5').fill('3.3');
    await page.evaluate(() => window.scrollTo(0, 0));
    await save(page);
    const cell = field(page, 'bt1');
    await expect
      .poll(() => fieldError(page, 'bt1'), { timeout: WAIT_MS })
      .toBe('Cells are numbered from 1: enter this cell too.');
    await expect.poll(() => isFocused(cell)).toBe(true);
    expect(await inView(cell)).toBe(true);
    await screenshot(page, 'form-scroll-server-error');
  });

  test('the edit page opened from the bottom of a detail page starts at its top', async ({ page }) => {
    const saved = await admin.call<{ id: string }>('POST', '/api/vehicle-cans', {
      vehicle: { id: vehicle.id },
      recordedTime: new Date(Date.now() - 7_200_000).toISOString(),
      packVoltage: 88,
    });
    await page.setViewportSize(SCREEN);
    await signIn(page, ADMIN, `/vehicle-can/${saved.id}`);
    const edit = page.getByTestId('edit');
    await expectVisible(edit);
    await edit.scrollIntoViewIfNeeded();
    expect(await scrollY(page), 'the detail page is longer than the window').toBeGreaterThan(0);
    await edit.click();
    await expectPath(page, `/vehicle-can/${encodeURIComponent(saved.id)}/edit`);
    await expectVisible(page.getByTestId('record-form-title'));
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(await inView(page.getByTestId('record-form-title'))).toBe(true);
    await admin.call('DELETE', `/api/vehicle-cans/${saved.id}`);
  });
});
