import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import {
  ADMIN,
  USER,
  WAIT_MS,
  expect,
  expectPath,
  expectVisible,
  screenshot,
  signIn,
  test,
  textOf,
  toasts,
} from './support/fixtures';
import { Api, columnTexts, dialog, expectNoRows, expectToast, runId, withFreshPage } from './support/people';
import {
  choose,
  daysAgo,
  headerCell,
  headerTexts,
  readWorkbook,
  reportVehicle,
  sendReadings,
  type ReportVehicle,
} from './support/can-report';
import { pickDateTime } from './support/date-time';

/** One day of readings, every 5 minutes from local midnight: 150 rows, three pages of 50. */
const READINGS = 150;
const STEP_MS = 5 * 60_000;
/** Far enough back that no other browser test writes readings for it (and inside the 10-day window). */
const DAY = daysAgo(8);
const VEHICLE_NAME = 'EV Cart 23';
/** Two signals the catalogue does not know, picked first: they still come after the known ones, A–Z. */
const SIGNAL_LABELS = ['tirePressureFL', 'auxFanSpeed', 'Battery Charge (%)', 'Pack Voltage (V)', 'Odometer (mi)'];
const SIGNALS_SHOWN = 'Battery Charge (%), Pack Voltage (V), Odometer (mi), auxFanSpeed, tirePressureFL';
/** The grid names known signals by the signal dictionary (name and unit); the workbook keeps the spec's columns. */
const HEADERS = [
  'Date',
  'Vehicle',
  'Battery Charge (%)',
  'Pack Voltage (V)',
  'Odometer (mi)',
  'auxFanSpeed',
  'tirePressureFL',
];
const SHEET_HEADERS = [
  'Date',
  'Vehicle',
  'Battery Charge',
  'Pack Voltage',
  'Odometer',
  'auxFanSpeed',
  'tirePressureFL',
];

/** Battery charge runs through 0..74.5 in a shuffled order (37 and 150 share no factor), so sorting by it differs from time order. */
const batteryOf = (i: number) => ((i * 37) % READINGS) / 2;
/** Every tenth pack voltage is missing: a dash in the grid. */
const packVoltageOf = (i: number) => (i % 10 === 3 ? null : 80 + (i % 10) + 0.125);
const odometerOf = (i: number) => 12_000 + i * 1.25;

function readings() {
  return Array.from({ length: READINGS }, (_, i) => ({
    ts: new Date(DAY.getTime() + i * STEP_MS).toISOString(),
    batteryCharge: batteryOf(i),
    packVoltage: packVoltageOf(i),
    odometer: odometerOf(i),
    speed: 12,
    tirePressureFL: 31 + (i % 3),
    auxFanSpeed: 1200,
  }));
}

/** The Date column as part 2 writes a moment (DD/MM/YYYY), on a 24-hour clock to the second, in local time. */
function dateText(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

let vehicle: ReportVehicle;
let api: Api;

beforeAll(async () => {
  api = await Api.signIn();
  vehicle = await reportVehicle(api, VEHICLE_NAME);
  await sendReadings(api, vehicle.id, readings());
});

/** Fills the report form for the one day of readings and opens the results. */
async function openReport(page: Page): Promise<void> {
  // Wide enough for every column of the report (the grid renders only the columns in view).
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/report/can-history-report');
  await choose(page, 'report-vehicle', 'Filter by Vehicle', [vehicle.friendlyName], VEHICLE_NAME);
  await choose(page, 'report-signals', 'Filter by Notification Settings', SIGNAL_LABELS);
  await pickDateTime(page, 'report-start', 'Start Date', DAY);
  await pickDateTime(page, 'report-end', 'End Date', new Date(DAY.getTime() + 23 * 3600_000 + 59 * 60_000));
  await page.getByTestId('view-result').click();
  await expectPath(page, '/report/view-result');
  await expectShowing(page, 1, 50);
}

/** The result pager's count once it reads 'Showing {first} - {last} of 150 items.' (the grid renders only the rows in view). */
async function expectShowing(page: Page, first: number, last: number): Promise<void> {
  await expect
    .poll(() => page.getByTestId('pager').locator('p').first().innerText(), { timeout: WAIT_MS })
    .toBe(`Showing ${first} - ${last} of ${READINGS} items.`);
}

/** The browser's File System Access picker, replaced before the page loads (headless Chromium cannot show it). */
type PickerStub = 'none' | 'cancel' | 'capture';
async function stubSavePicker(page: Page, stub: PickerStub): Promise<void> {
  await page.addInitScript((mode: PickerStub) => {
    const w = window as unknown as Record<string, unknown>;
    if (mode === 'none') {
      delete w.showSaveFilePicker;
      return;
    }
    w.savedFiles = [];
    w.showSaveFilePicker = async (options: { suggestedName: string }) => {
      if (mode === 'cancel') throw new DOMException('The user aborted a request.', 'AbortError');
      return {
        createWritable: async () => {
          const parts: Blob[] = [];
          return {
            write: async (blob: Blob) => void parts.push(blob),
            close: async () => {
              const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
              (w.savedFiles as unknown[]).push({ name: options.suggestedName, bytes: Array.from(bytes) });
            },
          };
        },
      };
    };
  }, stub);
}

describe('CAN history report (part 2 §2, §4, §5)', () => {
  test('the report page shows its pickers and applies the six checks in order, each with its toast', async ({
    page,
  }) => {
    // Hold the vehicles back a moment, to see the loading placeholder.
    await page.route('**/api/canreport/vehicles', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await signIn(page, ADMIN, '/report/can-history-report');
    expect(await textOf(page.getByTestId('report-vehicle'))).toBe('Loading vehicles...');
    await expect.poll(() => page.getByTestId('report-vehicle').innerText()).toBe('Select Vehicle');
    expect(await textOf(page.getByTestId('report-signals'))).toBe('Select Settings');
    expect(await textOf(page.getByTestId('report-start'))).toBe('Select Start Date');
    expect(await textOf(page.getByTestId('report-end'))).toBe('Select End Date');

    // The vehicle list: sorted by friendly name, filtered by its box.
    await page.getByTestId('report-vehicle').click();
    const list = page.getByTestId('report-vehicle-list');
    const names = await list.getByRole('option').allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(24);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await list.getByPlaceholder('Filter by Vehicle', { exact: true }).fill(VEHICLE_NAME);
    expect(await list.getByRole('option').allInnerTexts()).toEqual([vehicle.friendlyName]);
    await screenshot(page, 'can-report-vehicle-select');
    await page.keyboard.press('Escape');

    const viewResult = () => page.getByTestId('view-result').click();
    await viewResult();
    await expectToast(page, 'Please select a vehicle');
    await choose(page, 'report-vehicle', 'Filter by Vehicle', [vehicle.friendlyName], VEHICLE_NAME);
    expect(await textOf(page.getByTestId('report-vehicle'))).toBe(vehicle.friendlyName);

    await viewResult();
    await expectToast(page, 'Please select at least one signal setting');
    // 'Select All' takes every signal; choosing it again clears them; the filter narrows the list.
    await page.getByTestId('report-signals').click();
    const signals = page.getByTestId('report-signals-list');
    await signals.getByTestId('report-signals-select-all').click();
    expect(await page.getByTestId('report-signals').innerText()).toContain(
      'Battery Charge (%), Pack Voltage (V), Charge Status',
    );
    await signals.getByTestId('report-signals-select-all').click();
    await signals.getByPlaceholder('Filter by Notification Settings', { exact: true }).fill('Cell 1');
    await screenshot(page, 'can-report-signals-select');
    expect(await signals.getByRole('option').allInnerTexts()).toEqual([
      'Select All',
      'Cell 1 (V)',
      'Cell 10 (V)',
      'Cell 11 (V)',
      'Cell 12 (V)',
      'Cell 13 (V)',
      'Cell 14 (V)',
      'Cell 15 (V)',
      'Cell 16 (V)',
      'Cell 17 (V)',
      'Cell 18 (V)',
      'Cell 19 (V)',
    ]);
    await page.keyboard.press('Escape');
    await choose(page, 'report-signals', 'Filter by Notification Settings', SIGNAL_LABELS);
    expect(await textOf(page.getByTestId('report-signals'))).toBe(SIGNALS_SHOWN);

    await viewResult();
    await expectToast(page, 'Please select start date');
    // Future days cannot be chosen.
    await page.getByTestId('report-start').click();
    const tomorrow = new Date(daysAgo(-1));
    const future = page.getByRole('button', {
      name: `${tomorrow.getDate()} ${tomorrow.toLocaleString('en-US', { month: 'long' })} ${tomorrow.getFullYear()}`,
      exact: true,
    });
    if (await future.count()) expect(await future.first().getAttribute('data-disabled')).toBe('true');
    await screenshot(page, 'can-report-start-picker');
    await page.keyboard.press('Escape');
    await pickDateTime(page, 'report-start', 'Start Date', new Date(DAY.getTime() + 12 * 3600_000));
    expect(await textOf(page.getByTestId('report-start'))).toMatch(/^\d{4}\/\d\d\/\d\d 12:00$/);

    await viewResult();
    await expectToast(page, 'Please select end date');
    await pickDateTime(page, 'report-end', 'End Date', DAY);
    await viewResult();
    await expectToast(page, 'End date must be after start date');

    await pickDateTime(page, 'report-start', 'Start Date', daysAgo(12));
    await pickDateTime(page, 'report-end', 'End Date', daysAgo(1));
    await viewResult();
    await expectToast(page, 'Please select date range between 10 days');
    await expectPath(page, '/report/can-history-report');
    await screenshot(page, 'can-report-page');
  });

  test('without criteria the result page sends the user back with an error', async ({ page }) => {
    await signIn(page, ADMIN, '/report/view-result');
    await expectToast(page, 'Please select columns');
    await expectPath(page, '/report/can-history-report');
  });

  test('a day of one vehicle with three known and two unknown signals: columns in order, formats, server sorting and paging, reload, Back', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await openReport(page);
    expect(await textOf(page.getByTestId('result-title'))).toBe('Search Results');
    await expect.poll(() => headerTexts(page, 'result-grid'), { timeout: WAIT_MS }).toEqual(HEADERS);
    expect(await page.getByTestId('page-size').inputValue()).toBe('50');

    // Time order first; numbers as 0,0.[00]; a missing value as a dash.
    await expect
      .poll(async () => (await columnTexts(page, 'result-grid', 'Date')).slice(0, 4))
      .toEqual([0, 1, 2, 3].map((i) => dateText(new Date(DAY.getTime() + i * STEP_MS))));
    await expect.poll(async () => (await columnTexts(page, 'result-grid', 'Vehicle'))[0]).toBe(VEHICLE_NAME);
    expect((await columnTexts(page, 'result-grid', 'Odometer')).slice(0, 2)).toEqual(['12,000', '12,001.25']);
    expect((await columnTexts(page, 'result-grid', 'Pack Voltage')).slice(2, 5)).toEqual(['82.13', '-', '84.13']);
    await screenshot(page, 'can-report-results');

    // Sorting by Battery Charge runs on the server over all 150 rows: the highest first when descending.
    const sortedBy = async (direction: 'asc' | 'desc') => {
      await headerCell(page, 'result-grid', 'Battery Charge').click();
      await expect
        .poll(() =>
          page.getByTestId('result-grid').locator('.ag-header-cell[col-id="Battery Charge"]').getAttribute('aria-sort'),
        )
        .toBe(direction === 'asc' ? 'ascending' : 'descending');
    };
    await sortedBy('asc');
    await expect
      .poll(async () => (await columnTexts(page, 'result-grid', 'Battery Charge')).slice(0, 3))
      .toEqual(['0', '0.5', '1']);
    await sortedBy('desc');
    await expect
      .poll(async () => (await columnTexts(page, 'result-grid', 'Battery Charge')).slice(0, 3))
      .toEqual(['74.5', '74', '73.5']);

    // Page 2 continues the sorted order; the page size 100 leaves two pages.
    await page.getByTestId('pager').getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(async () => (await columnTexts(page, 'result-grid', 'Battery Charge'))[0]).toBe('49.5');
    await expectShowing(page, 51, 100);
    await page.getByTestId('page-size').selectOption('100');
    await expectShowing(page, 1, 100);
    await expect.poll(async () => (await columnTexts(page, 'result-grid', 'Battery Charge'))[0]).toBe('74.5');

    // The criteria survive a reload (session storage).
    await page.reload();
    await expectShowing(page, 1, 50);
    await expect.poll(() => headerTexts(page, 'result-grid')).toEqual(HEADERS);

    // A column change applies after its 3-second rest, then the report is fetched with it.
    await page.getByTestId('result-columns').click();
    await page.getByTestId('result-columns-list').getByRole('option', { name: 'Odometer (mi)', exact: true }).click();
    expect(await page.getByTestId('result-criteria').innerText()).toContain('applying the column change');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => headerTexts(page, 'result-grid'), { timeout: 10_000 })
      .toEqual(HEADERS.filter((h) => h !== 'Odometer (mi)'));

    // Back: to the report page, the form still holding the criteria.
    await page.getByTestId('back').click();
    await expectPath(page, '/report/can-history-report');
    await expect
      .poll(() => page.getByTestId('report-vehicle').innerText(), { timeout: WAIT_MS })
      .toBe(vehicle.friendlyName);
    await expect
      .poll(() => page.getByTestId('report-signals').innerText())
      .toBe(SIGNALS_SHOWN.replace('Odometer (mi), ', ''));
  });

  test('a range without readings says so', async ({ page }) => {
    await signIn(page, ADMIN);
    // A link may name the vehicle (as a vehicle's page would).
    await page.goto(`/report/can-history-report?vehicleId=${vehicle.id}`);
    await expect
      .poll(() => page.getByTestId('report-vehicle').innerText(), { timeout: WAIT_MS })
      .toBe(vehicle.friendlyName);
    // Every signal: the grid scrolls sideways through the fixed order, cells last.
    await page.getByTestId('report-signals').click();
    await page.getByTestId('report-signals-select-all').click();
    await page.keyboard.press('Escape');
    await pickDateTime(page, 'report-start', 'Start Date', daysAgo(10));
    await pickDateTime(page, 'report-end', 'End Date', new Date(daysAgo(10).getTime() + 3600_000));
    await page.getByTestId('view-result').click();
    await expectNoRows(page, 'result-grid', 'No Results Found.');
    const headers = await page
      .getByTestId('result-grid')
      .locator('.ag-header-cell')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('col-id')));
    expect(headers.slice(0, 4)).toEqual(['Date', 'Vehicle', 'Battery Charge', 'Pack Voltage']);
    await screenshot(page, 'can-report-no-results');
  });
});

describe('CAN report export (part 2 §4, §9)', () => {
  test('Download xls saves can-{vin}.xlsx with the columns in order and typed cells', async ({ page }) => {
    await stubSavePicker(page, 'none');
    await signIn(page, ADMIN);
    await openReport(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-xls').click()]);
    expect(download.suggestedFilename()).toBe(`can-${vehicle.name}.xlsx`);
    await expectToast(page, 'Saved');
    const sheet = await readWorkbook(await readFile(await download.path()));
    expect(sheet.header).toEqual(SHEET_HEADERS);
    expect(sheet.rows).toHaveLength(READINGS);
    const [date, name, battery, voltage, odometer, fan, tire] = sheet.rows[0];
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).getTime()).toBe(DAY.getTime());
    expect([name, battery, voltage, odometer]).toEqual([VEHICLE_NAME, batteryOf(0), packVoltageOf(0), odometerOf(0)]);
    expect([fan, tire]).toEqual([1200, 31]);
    expect(sheet.rows[3][3] ?? null).toBeNull();
  });

  test('with the save picker: a cancel stays silent, a chosen file gets the workbook and Saved', async ({ page }) => {
    await stubSavePicker(page, 'cancel');
    await signIn(page, ADMIN);
    await openReport(page);
    await page.getByTestId('download-xls').click();
    await expect.poll(() => page.getByTestId('export-overlay').count()).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await toasts(page).locator('.Toastify__toast').count()).toBe(0);

    await stubSavePicker(page, 'capture');
    await page.reload();
    await expectShowing(page, 1, 50);
    await page.getByTestId('download-xls').click();
    await expectToast(page, 'Saved');
    const saved =
      (await page.evaluate(
        () => (window as unknown as { savedFiles: { name: string; bytes: number[] }[] }).savedFiles,
      )) ?? [];
    expect(saved.map((f) => f.name)).toEqual([`can-${vehicle.name}.xlsx`]);
    const sheet = await readWorkbook(Buffer.from(saved[0].bytes));
    expect(sheet.rows).toHaveLength(READINGS);
  });

  test('a failed export says so', async ({ page }) => {
    await stubSavePicker(page, 'none');
    await signIn(page, ADMIN);
    await openReport(page);
    await page.route('**/api/canreport/downloadExcel', async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });
    await page.getByTestId('download-xls').click();
    // The export's own overlay while the file is made, then the failure.
    await expectVisible(page.getByTestId('export-overlay'));
    await screenshot(page, 'can-report-exporting');
    await expectToast(page, 'Failed to export');
    await expect.poll(() => page.getByTestId('export-overlay').count()).toBe(0);
  });
});

describe('saved templates (part 2 §2 "Saved template page", §7 saveTemplate, getTemplate)', () => {
  test('save the criteria as a template, open it from the list, page with Go to, download Saved Template.xlsx', async ({
    page,
    browser,
  }) => {
    await stubSavePicker(page, 'none');
    await signIn(page, ADMIN);
    await openReport(page);
    const name = `Battery day ${runId()}`;

    await page.getByTestId('save-template').click();
    const modal = dialog(page, 'Save as template');
    await expectVisible(modal);
    await modal.getByTestId('entity-save').click();
    await expectVisible(modal.getByText('Template name can not be empty!', { exact: true }));
    await modal.getByTestId('template-name').fill(name);
    await screenshot(page, 'can-report-save-template');
    await modal.getByTestId('entity-save').click();
    await expectToast(page, 'Template saved');
    await expect.poll(() => modal.count()).toBe(0);

    // The same name again: the server's refusal is shown and the dialog stays.
    await page.getByTestId('save-template').click();
    await modal.getByTestId('template-name').fill(name);
    await modal.getByTestId('entity-save').click();
    await expectToast(page, 'A template with this name already exists.');
    await modal.getByTestId('entity-cancel').click();

    // From the report page's list to the template page.
    await page.getByTestId('back').click();
    await page.getByTestId('saved-templates').getByRole('link', { name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/report/template');
    await expect.poll(() => page.getByTestId('template-title').innerText()).toBe(name);
    await expect.poll(async () => (await columnTexts(page, 'template-grid', 'Date'))[0]).toBe(dateText(DAY));
    await expect.poll(() => headerTexts(page, 'template-grid')).toEqual(HEADERS);
    expect(await textOf(page.getByTestId('template-page-info'))).toBe(`Page 1 of 3 · ${READINGS} rows`);
    await expect.poll(() => page.getByTestId('previous-page').isDisabled()).toBe(true);
    await screenshot(page, 'can-report-template');

    // 'Go to' 3: the last 50 readings, in time order.
    await page.getByTestId('go-to-page').fill('3');
    await page.getByTestId('go-to-confirm').click();
    await expect.poll(() => page.getByTestId('template-page-info').innerText()).toBe(`Page 3 of 3 · ${READINGS} rows`);
    await expect
      .poll(async () => (await columnTexts(page, 'template-grid', 'Date'))[0])
      .toBe(dateText(new Date(DAY.getTime() + 100 * STEP_MS)));
    await expect.poll(() => page.getByTestId('next-page').isDisabled()).toBe(true);
    await page.getByTestId('previous-page').click();
    await expect.poll(() => page.getByTestId('template-page-info').innerText()).toBe(`Page 2 of 3 · ${READINGS} rows`);

    // A schedule mails the template: weekly, at an hour of the vehicle's time zone, to the addresses given.
    const schedule = page.getByTestId('template-schedule');
    await expect.poll(() => schedule.getByTestId('schedule-status').innerText()).toMatch(/^Not scheduled\./);
    await schedule.getByTestId('schedule-save').click();
    await expectVisible(schedule.getByText('Add at least one recipient', { exact: true }));
    await schedule.getByText('Weekly', { exact: true }).click();
    await schedule.getByTestId('schedule-weekday').selectOption({ label: 'Wednesday' });
    await schedule.getByTestId('schedule-hour').selectOption({ label: '07:00' });
    await schedule.getByTestId('schedule-recipients').fill('fleet-ops@example.test');
    await schedule.getByTestId('schedule-recipients').press('Enter');
    await schedule.getByTestId('schedule-save').click();
    await expectToast(page, 'Schedule saved');
    await expect
      .poll(() => schedule.getByTestId('schedule-status').innerText())
      .toMatch(/^Mailed every Wednesday at 07:00 \(.+\) to fleet-ops@example\.test; next \d{4}\/\d\d\/\d\d 07:00\.$/);
    await screenshot(page, 'can-report-template-schedule');

    // The download of a template.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-xls').click()]);
    expect(download.suggestedFilename()).toBe('Saved Template.xlsx');
    await expectToast(page, 'Saved');
    const sheet = await readWorkbook(await readFile(await download.path()));
    expect(sheet.header).toEqual(SHEET_HEADERS);
    expect(sheet.rows).toHaveLength(READINGS);

    // The schedule is kept on the server: a reload shows it; removing it says so.
    await page.reload();
    await expect
      .poll(() => schedule.getByTestId('schedule-status').innerText())
      .toMatch(/^Mailed every Wednesday at 07:00 /);
    expect(await schedule.getByTestId('schedule-hour').inputValue()).toBe('7');
    await schedule.getByTestId('schedule-remove').click();
    await expectToast(page, 'Schedule removed');
    await expect.poll(() => schedule.getByTestId('schedule-status').innerText()).toMatch(/^Not scheduled\./);

    // Back link to the report page.
    await page.getByTestId('back').click();
    await expectPath(page, '/report/can-history-report');
    await expectVisible(page.getByTestId('saved-templates').getByRole('link', { name, exact: true }));

    // Templates are per user: another account's report page does not offer it.
    await withFreshPage(browser, 'can-report-other-user-templates', async (other) => {
      await signIn(other, USER, '/report/can-history-report');
      await expectVisible(other.locator('[data-testid="saved-templates"], [data-testid="no-templates"]').first());
      expect(await other.getByRole('link', { name, exact: true }).count()).toBe(0);
    });
  });
});
