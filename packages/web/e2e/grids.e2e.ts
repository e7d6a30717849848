import type { ConsoleMessage, Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { ADMIN, WAIT_MS, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { choose, daysAgo, reportVehicle, sendReadings } from './support/can-report';
import { pickDateTime } from './support/date-time';
import { Api, createDealer, createFleet, gridRows, runId } from './support/people';

/** Columns sized to their content, none cut or covered, the user's choices kept. */

const DAY = daysAgo(9);
const VEHICLE_NAME = 'EV Cart 21';

let api: Api;

beforeAll(async () => {
  api = await Api.signIn(ADMIN);
  const run = runId('g');
  const dealer = await createDealer(api, run);
  await createFleet(api, run, dealer.id);
  const vehicle = await reportVehicle(api, VEHICLE_NAME);
  // Every list of the Action-column test has a row.
  await api.call('POST', '/api/vehicle-logs', {
    vehicle: { id: vehicle.id },
    warningType: 'WARNING',
    message: `grids ${run}`,
  });
  await sendReadings(
    api,
    vehicle.id,
    Array.from({ length: 12 }, (_, i) => ({
      ts: new Date(DAY.getTime() + i * 60_000).toISOString(),
      batteryCharge: 50 + i,
      packVoltage: 80.5,
      odometer: 12_345.25 + i,
    })),
  );
});

/** Every console message of AG Grid (its warnings and errors start 'AG Grid:'). */
function gridWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/AG Grid/i.test(message.text())) warnings.push(`${message.type()}: ${message.text()}`);
  });
  return warnings;
}

/** Waits until the grid has drawn rows and its columns were fitted (widths settle). */
async function gridDrawn(page: Page, testId: string): Promise<void> {
  await expect.poll(() => gridRows(page, testId).count(), { timeout: WAIT_MS }).toBeGreaterThan(0);
  await page.waitForTimeout(300);
}

/** The header cells whose text does not fit their cell (cut with an ellipsis or clipped). */
const cutHeaders = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.ag-header-cell-text')
    .evaluateAll((texts) =>
      texts.filter((text) => text.scrollWidth > text.clientWidth + 1).map((text) => text.textContent ?? ''),
    );

async function openReportResult(page: Page): Promise<void> {
  await page.goto('/report/can-history-report');
  await choose(
    page,
    'report-vehicle',
    'Filter by Vehicle',
    [(await reportVehicle(api, VEHICLE_NAME)).friendlyName],
    VEHICLE_NAME,
  );
  await choose(page, 'report-signals', 'Filter by Notification Settings', [
    'Battery Charge (%)',
    'Pack Voltage (V)',
    'Odometer (mi)',
  ]);
  await pickDateTime(page, 'report-start', 'Start Date', DAY);
  await pickDateTime(page, 'report-end', 'End Date', new Date(DAY.getTime() + 23 * 3600_000));
  await page.getByTestId('view-result').click();
  await gridDrawn(page, 'result-grid');
}

describe('grids', () => {
  test('the vehicles, report result and dealers grids size their columns without an AG Grid warning', async ({
    page,
  }) => {
    const warnings = gridWarnings(page);
    await signIn(page, ADMIN, '/vehicle');
    await gridDrawn(page, 'vehicles-grid');
    expect(await cutHeaders(page, 'vehicles-grid')).toEqual([]);
    await screenshot(page, 'grid-vehicles');
    await openReportResult(page);
    expect(await cutHeaders(page, 'result-grid')).toEqual([]);
    // Sized to content: report columns are not all one fixed width.
    const widths = await page
      .getByTestId('result-grid')
      .locator('.ag-header-cell')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)));
    expect(new Set(widths).size).toBeGreaterThan(1);
    await screenshot(page, 'grid-report-result');
    await page.goto('/dealer');
    await gridDrawn(page, 'dealers-grid');
    expect(await cutHeaders(page, 'dealers-grid')).toEqual([]);
    expect(warnings).toEqual([]);
  });

  test('the ID column of the vehicle list is not covered by the pinned Action column', async ({ page }) => {
    await signIn(page, ADMIN, '/vehicle');
    await gridDrawn(page, 'vehicles-grid');
    const grid = page.getByTestId('vehicles-grid');
    // Scrolled to its right end, the last column before Action shows whole beside it.
    await grid.locator('.ag-body-horizontal-scroll-viewport').evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await page.waitForTimeout(300);
    const idHeader = await grid.locator('.ag-header-cell[col-id="id"]').boundingBox();
    const idCell = await gridRows(page, 'vehicles-grid').first().locator('[col-id="id"]').boundingBox();
    const pinned = await grid.locator('.ag-pinned-right-header').boundingBox();
    expect(idHeader && idCell && pinned).toBeTruthy();
    expect(idHeader!.x + idHeader!.width).toBeLessThanOrEqual(pinned!.x + 1);
    expect(idCell!.x + idCell!.width).toBeLessThanOrEqual(pinned!.x + 1);
    const idText = await gridRows(page, 'vehicles-grid').first().locator('[col-id="id"]').innerText();
    expect(idText.trim()).toMatch(/^\d+$/);
    expect(await cutHeaders(page, 'vehicles-grid')).toEqual([]);
  });

  test('every list keeps its Action column in view at 1280 px, without scrolling sideways', async ({ page }) => {
    await signIn(page, ADMIN, '/vehicle');
    const lists = [
      ['/vehicle', 'vehicles-grid'],
      ['/dealer', 'dealers-grid'],
      ['/fleet', 'fleets-grid'],
      ['/vehicle-template', 'templates-grid'],
      ['/admin/user-management', 'users-grid'],
      ['/vehicle-log', 'vehicle-log-grid'],
    ] as const;
    for (const [path, testId] of lists) {
      await page.goto(path);
      await gridDrawn(page, testId);
      const grid = await page.getByTestId(testId).boundingBox();
      const action = await page.getByTestId(testId).locator('.ag-row [col-id="actions"]').first().boundingBox();
      expect(grid && action, path).toBeTruthy();
      expect(action!.x, path).toBeGreaterThanOrEqual(grid!.x);
      expect(action!.x + action!.width, path).toBeLessThanOrEqual(grid!.x + grid!.width + 1);
    }
  });

  test('a column the user hides stays hidden after a reload, until the columns are reset', async ({ page }) => {
    await signIn(page, ADMIN, '/dealer');
    await gridDrawn(page, 'dealers-grid');
    const address = page.getByTestId('dealers-grid').locator('.ag-header-cell[col-id="address"]');
    await expectVisible(address);
    await page.getByTestId('dealers-grid-columns').click();
    const menu = page.getByTestId('dealers-grid-columns-menu');
    // Stored once the user stops: wait for the PUT before reloading.
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/account/preferences/gridColumns') && r.request().method() === 'PUT',
    );
    await menu.getByLabel('Address', { exact: true }).uncheck();
    await expect.poll(() => address.count()).toBe(0);
    await saved;
    await page.reload();
    await gridDrawn(page, 'dealers-grid');
    expect(await address.count()).toBe(0);
    expect(await textOf(page.getByTestId('dealers-grid').locator('.ag-header-cell[col-id="company"]'))).toBe('Company');
    await page.getByTestId('dealers-grid-columns').click();
    await page.getByTestId('dealers-grid-columns-reset').click();
    await expectVisible(address);
    await page.reload();
    await gridDrawn(page, 'dealers-grid');
    await expectVisible(address);
  });

  test('at 375 px a grid scrolls sideways inside its box instead of widening the page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, ADMIN, '/dealer');
    await gridDrawn(page, 'dealers-grid');
    const grid = page.getByTestId('dealers-grid');
    const box = await grid.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    const scroll = await grid
      .locator('.ag-body-horizontal-scroll-viewport')
      .evaluate((el) => ({ content: el.scrollWidth, shown: el.clientWidth }));
    expect(scroll.content).toBeGreaterThan(scroll.shown);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'grid-dealers-375');
  });
});
