import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { ADMIN, USER, expect, expectVisible, screenshot, signIn, test, textOf, WAIT_MS } from './support/fixtures';
import { pickDay } from './support/vehicles';
import { Api, expectNoRows, expectToast, gridRow, gridRows } from './support/people';
import { pickDateTime } from './support/date-time';
import { deviceCredential, everyMinute, sendReadings } from './support/readings';

/** A demo vehicle no other browser test drives (EV Cart 21, in Denver's zone). */
const VIN = 'EVDEMO00000000021';
const CELLS = 32;
const MIN = 60_000;
/** The live feed brings new readings and warning-log entries within seconds: well before the 40 s poll. */
const LIVE_WAIT_MS = 20_000;

interface MapItem {
  vehicle_id: number;
  src_ip: string;
  vehicle_name: string;
  srv_date_time: string | null;
}

let admin: Api;
let vehicle: { id: number; name: string };
let device: { vin: string; token: string };

/** A cell pack with one weak cell (WARNING by the default thresholds). */
const cells = Array.from({ length: CELLS }, (_, i) => (i === 4 ? 2.8 : 3.3));
/** Readings within every default threshold but the weak cell; `moving` decides speed and gear. */
const normal = (moving: boolean, step: number) => ({
  speed: moving ? 12 : 0,
  gear: moving ? 1 : 4,
  gpsLat: 39.7392 + step / 2000,
  gpsLong: -104.9903 + step / 3000,
  batteryCharge: 50,
  chargeStatus: 0,
  milesToEmpty: 40,
  odometer: 1234,
  battery12v: 12.6,
  packVoltage: 88,
  vehicleCurrent: 35,
  cabinTemp: 70,
  motorCurrent: 100,
  heading: 90,
  gpsSignal: 2,
  lteSignal: 4,
  cells,
});

/** Two days ago at 10:00 in Denver (17:00 UTC): 12 minutes moving, a 20-minute stop, 8 minutes moving. */
const dayStart = (() => {
  const d = new Date(Date.now() - 2 * 86_400_000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 17, 0);
})();
const DAY = new Date(dayStart).toISOString().slice(0, 10);
const SECOND_TRIP_POINTS = 8;

async function openDetail(page: Page): Promise<void> {
  await page.goto(`/vehicle/${vehicle.id}`);
  expect(await textOf(page.getByTestId('vehicle-detail-name'))).toBe(vehicle.name);
}

describe('vehicle detail (/vehicle/{id})', () => {
  beforeAll(async () => {
    admin = await Api.signIn(ADMIN);
    const item = (await admin.call<MapItem[]>('GET', '/api/vehicles/details')).find((v) => v.src_ip === VIN);
    if (!item) throw new Error(`demo vehicle ${VIN} is missing`);
    vehicle = { id: item.vehicle_id, name: item.vehicle_name };
    device = await deviceCredential(admin, vehicle.id);
    await sendReadings(device, [
      ...everyMinute(dayStart, 12, (i) => normal(true, i)),
      ...everyMinute(dayStart + 12 * MIN, 20, () => normal(false, 12)),
      ...everyMinute(dayStart + 32 * MIN, SECOND_TRIP_POINTS, (i) => normal(true, 12 + i)),
    ]);
    // Trips are cut as readings are stored; wait until the day shows both.
    const deadline = Date.now() + WAIT_MS;
    while ((await admin.call<string[]>('GET', `/api/vehicle/mapTimeSlot/${vehicle.id}?date=${DAY}`)).length < 2) {
      if (Date.now() > deadline) throw new Error(`the two trips of ${DAY} did not show within ${WAIT_MS} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  test('shows the readings in tiles, picks a day and a range and draws its route', async ({ page }) => {
    await signIn(page, ADMIN);
    await openDetail(page);
    expect(await page.getByRole('link', { name: 'DATA History' }).getAttribute('href')).toBe(
      `/report/can-history-report?vehicleId=${vehicle.id}`,
    );
    await expectVisible(page.getByTestId('edit-vehicle'));

    const tile = (key: string) => page.getByTestId(`tile-${key}-value`);
    expect(await textOf(tile('batteryCharged'))).toBe('50 %');
    expect(await textOf(tile('chargeStatus'))).toBe('Off');
    expect(await textOf(tile('gearSelector'))).toBe('Drive');
    expect(await textOf(tile('odometer'))).toBe('1,234 Mi');
    expect(await tile('vehicleCurrent').locator('[data-current-color]').getAttribute('data-current-color')).toBe('red');
    expect(await textOf(tile('packVoltage'))).toContain('88 V');
    expect(await page.getByTestId('tile-headingMag').count()).toBe(0);
    expect(await page.getByTestId('gps-signal').getAttribute('data-signal')).toBe('G');

    // Refresh: pulse placeholders on the tiles until the readings are back (the answer is held up here).
    await page.route('**/api/vehicles/device-can-data?*', async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await page.getByTestId('refresh-vehicle-info').click();
    await expectVisible(page.getByTestId('tile-batteryCharged-loading'));
    expect(await textOf(tile('batteryCharged'))).toBe('50 %');
    await page.unroute('**/api/vehicles/device-can-data?*');

    // Last reported: relative, then (click) the full local date-time with its zone.
    const gpsTime = page.getByTestId('last-reported-gps_last_reported');
    expect(await textOf(gpsTime)).toMatch(/^GPS: .+ ago$/);
    await page.getByTestId('last-reported-toggle').click();
    expect(await textOf(gpsTime)).toMatch(/^GPS: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \S+/);

    await page.getByTestId('view-cells').click();
    const cellRows = page.getByTestId('cell-row');
    await expect.poll(() => cellRows.count()).toBe(CELLS);
    expect(await textOf(cellRows.nth(4))).toMatch(/Cell 5\s+WARNING\s+2\.8 V/);
    await page.keyboard.press('Escape');

    await expect.poll(() => page.getByTestId('clear-range').isDisabled()).toBe(true);
    await pickDay(page, DAY, 'vehicle-detail-date-picker');
    await page.getByTestId('select-range').click();
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    expect(await options.nth(1).innerText()).toMatch(/^\d{2}:\d{2} - \d{2}:\d{2} - 2$/);
    await options.nth(1).click();

    // The route is an SVG polyline in the page, drawn point by point (50 ms a step) until all 8 are on.
    const map = page.getByTestId('vehicle-map');
    const route = map.locator('path.leaflet-interactive');
    const drawnPoints = () => map.getAttribute('data-route-points');
    await expect.poll(drawnPoints, { timeout: WAIT_MS }).toBe(String(SECOND_TRIP_POINTS));
    expect(await route.getAttribute('d')).toMatch(/^M[\d.-]+ [\d.-]+L/);
    await screenshot(page, 'vehicle-detail-route');

    // The choice is in the address: a reload draws the same route.
    await page.reload();
    await expect.poll(drawnPoints, { timeout: WAIT_MS }).toBe(String(SECOND_TRIP_POINTS));

    await page.getByTestId('clear-range').click();
    await expect.poll(() => route.count()).toBe(0);
    expect(await page.getByTestId('select-date').innerText()).not.toMatch(/\d/);
    await expect.poll(() => page.getByTestId('clear-range').isDisabled()).toBe(true);
  });

  test("'Download CAN History' checks the criteria like the report page, then opens the vehicle's readings as a result", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await openDetail(page);
    await page.getByTestId('download-can-history').click();
    const modal = page.getByRole('dialog', { name: 'Download CAN History' });
    await expectVisible(modal);
    await modal.getByTestId('history-download').click();
    await expectToast(page, 'Please select at least one signal setting');
    await modal.getByRole('checkbox', { name: 'Battery Charge (%)', exact: true }).check();
    await modal.getByRole('checkbox', { name: 'Speed (mph)', exact: true }).check();
    await modal.getByTestId('history-view-result').click();
    await expectToast(page, 'Please select start date');
    await pickDateTime(page, 'history-from', 'Date From', new Date(dayStart - 60 * MIN));
    await pickDateTime(page, 'history-to', 'Date To', new Date(dayStart + 60 * MIN));
    await screenshot(page, 'vehicle-detail-download-can-history');
    await modal.getByTestId('history-view-result').click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT_MS }).toBe('/report/view-result');
    await expect
      .poll(async () => (await page.getByText('Search Results').count()) > 0, { timeout: WAIT_MS })
      .toBe(true);
  });

  test('shows and hides tiles, and the choice survives a reload', async ({ page }) => {
    await signIn(page, ADMIN);
    await openDetail(page);
    await expectVisible(page.getByTestId('tile-odometer'));
    await page.getByTestId('tile-settings').click();
    const popover = page.getByTestId('tile-visibility');
    await expectVisible(popover.getByText('Show/Hide Tiles', { exact: true }));
    await popover.getByLabel('Odometer', { exact: true }).click();
    await popover.getByLabel('Cabin Temperature', { exact: true }).click();
    await expect.poll(() => page.getByTestId('tile-odometer').count()).toBe(0);
    await expectVisible(page.getByTestId('tile-cabinTemperature'));
    expect(await textOf(page.getByTestId('tile-cabinTemperature-value'))).toBe('70 F');
    await screenshot(page, 'vehicle-detail-tiles');

    await page.reload();
    await expectVisible(page.getByTestId('tile-cabinTemperature-value'));
    expect(await page.getByTestId('tile-odometer').count()).toBe(0);

    // Back to the defaults, for the next run.
    await page.getByTestId('tile-settings').click();
    await popover.getByLabel('Odometer', { exact: true }).click();
    await popover.getByLabel('Cabin Temperature', { exact: true }).click();
    await expectVisible(page.getByTestId('tile-odometer'));
    await expect
      .poll(
        async () =>
          (await admin.call<{ value: Record<string, boolean> }>('GET', '/api/account/preferences/vehicleDetailTiles'))
            .value.odometer,
      )
      .toBe(true);
  });

  test('a reading outside its thresholds appears in the warning log, which downloads and clears', async ({ page }) => {
    await signIn(page, ADMIN);
    await openDetail(page);
    const grid = 'warning-log-grid';
    await expectVisible(page.getByTestId(grid).locator('.ag-root'));

    // Motor current at 300 A (SEVERE from 221 A) for six minutes: longer than its 5 minutes backward.
    const start = Date.now() - 7 * MIN;
    await sendReadings(
      device,
      everyMinute(start, 7, (i) => ({ ...normal(false, 20), motorCurrent: 300 + i })),
    );
    const severe = gridRow(page, grid, 'SEVERE');
    await severe.first().waitFor({ timeout: LIVE_WAIT_MS });
    const severeText = await severe.first().innerText();
    expect(severeText).toMatch(/SEVERE\s+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} GMT\s+.*motor current is 30\d A/);
    // The tiles followed the new readings without a reload.
    await expect
      .poll(() => page.getByTestId('tile-gearSelector-value').innerText(), { timeout: LIVE_WAIT_MS })
      .toBe('Park');
    expect(await textOf(page.getByTestId('tile-gpsSpeed-value'))).toBe('0 mph');
    await page.getByTestId('warning-log').scrollIntoViewIfNeeded();
    await screenshot(page, 'vehicle-detail-warning-log');

    // Back to normal: the NORMAL ('recovered') entry is stored but never shown.
    await sendReadings(device, [{ ts: Date.now() - 1000, ...normal(false, 20) }]);
    await expect
      .poll(
        async () =>
          (
            await admin.call<{ data: { type: string }[] }>(
              'GET',
              `/api/notifications?vehicleId=${vehicle.id}&pageSize=50`,
            )
          ).data.some((e) => e.type === 'NORMAL'),
        { timeout: WAIT_MS },
      )
      .toBe(true);
    await page.getByTestId('refresh-vehicle-info').click();
    await page.reload();
    await expectVisible(gridRow(page, grid, 'SEVERE').first());
    expect(await gridRows(page, grid).filter({ hasText: 'NORMAL' }).count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-logs').click()]);
    expect(download.suggestedFilename()).toBe('WarningLogs.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Type Of Warning',
      'Date & Time (GMT)',
      'Attribute',
      'Value',
      'Description',
    ]);
    const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
    const severeRow = rows.find((r) => r.getCell(1).value === 'SEVERE' && r.getCell(3).value === 'Motor Current');
    expect(severeRow?.getCell(4).value).toBeGreaterThanOrEqual(300);
    expect(severeRow?.getCell(2).value).toBeInstanceOf(Date);

    await page.getByTestId('clear-logs').click();
    await page.getByTestId('confirm-yes').click();
    await expectNoRows(page, grid, 'no rows to display');
  });

  test('a staff user who is not an administrator sees the vehicle without the edit or clear-log buttons', async ({
    page,
  }) => {
    await signIn(page, USER);
    await openDetail(page);
    await expectVisible(page.getByTestId('tile-batteryCharged-value'));
    await expectVisible(page.getByRole('link', { name: 'DATA History' }));
    await expectVisible(page.getByTestId('download-logs'));
    expect(await page.getByTestId('edit-vehicle').count()).toBe(0);
    expect(await page.getByTestId('clear-logs').count()).toBe(0);
  });

  test('a vehicle that never reported shows NA, no signal cards, no movement and an empty log', async ({ page }) => {
    const silent = (await admin.call<MapItem[]>('GET', '/api/vehicles/details')).find((v) => v.srv_date_time === null);
    if (!silent) throw new Error('every vehicle has reported: no silent one to look at');
    await signIn(page, ADMIN, `/vehicle/${silent.vehicle_id}`);
    expect(await textOf(page.getByTestId('vehicle-detail-name'))).toBe(silent.vehicle_name);
    expect(await textOf(page.getByTestId('tile-batteryCharged-value'))).toBe('NA');
    expect(await textOf(page.getByTestId('tile-gearSelector-value'))).toBe('NA');
    expect(await textOf(page.getByTestId('tile-packVoltage-value'))).toContain('NA');
    expect(await textOf(page.getByTestId('last-reported-last_reported'))).toBe('Checked in: NA');
    expect(await page.getByTestId('gps-signal').count()).toBe(0);
    await expectVisible(page.getByText('No movement in the last 90 days', { exact: true }));
    await expectVisible(page.getByTestId('no-position'));
    await expectNoRows(page, 'warning-log-grid', 'no rows to display');
    await expect.poll(() => page.getByTestId('clear-logs').isDisabled()).toBe(true);
    await screenshot(page, 'vehicle-detail-silent');
  });

  test('an unknown vehicle shows the not-found page', async ({ page }) => {
    await signIn(page, ADMIN, '/vehicle/99999999');
    await expectVisible(page.getByTestId('not-found'));
    await expectToast(page, 'Not found');
  });
});
