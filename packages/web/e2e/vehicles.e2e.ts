import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { ADMIN, expect, expectPath, expectVisible, screenshot, signIn, test, textOf, USER } from './support/fixtures';
import { Api, columnTexts, createDealer, dialog, expectRowCount, expectToast, gridRow, runId } from './support/people';
import { createVehicle, expectMarkerAt, mapMarker, placeAt, vehicleOwners, type OwnVehicle } from './support/vehicles';

const GRID = 'vehicles-grid';
/** Five vehicles a few miles apart in Montana (one cluster at zoom 3) and one alone in the Nevada desert. */
const MONTANA: readonly (readonly [number, number])[] = [0, 1, 2, 3, 4].map(
  (i) => [47.05 + i * 0.02, -109.45 + i * 0.03] as const,
);
const NEVADA = [38.52, -116.95] as const;
const ARIZONA = [33.41, -111.93] as const;
/** The password support/people.ts gives the dealers it creates. */
const DEALER_PASSWORD = 'Dealer-123';

let admin: Api;
let run: string;
let owners: Awaited<ReturnType<typeof vehicleOwners>>;
let grouped: OwnVehicle[];
let lone: OwnVehicle;

async function openList(page: Page, account: { email: string; password: string } = ADMIN): Promise<void> {
  await signIn(page, account, '/vehicle');
  expect(await textOf(page.getByTestId('list-title'))).toBe('Vehicle List');
}

/**
 * Clicks a cluster of the list map: the one `pick` chooses by the clusters' counts, or the one nearest
 * the map's centre (a cluster click centres the map on it), then waits for the zoom to settle.
 */
async function clickCluster(page: Page, pick: ((counts: number[]) => number) | 'nearest the centre'): Promise<void> {
  const clusters = page.locator('[data-testid="map-cluster"]');
  await expectVisible(clusters.first());
  const boxes = await clusters.evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const map = el.closest('[data-testid="vehicle-map"]')!.getBoundingClientRect();
      return {
        count: Number(el.getAttribute('data-count')),
        offset: Math.hypot(
          box.x + box.width / 2 - (map.x + map.width / 2),
          box.y + box.height / 2 - (map.y + map.height / 2),
        ),
      };
    }),
  );
  const index =
    pick === 'nearest the centre'
      ? boxes.indexOf(boxes.reduce((a, b) => (b.offset < a.offset ? b : a)))
      : pick(boxes.map((box) => box.count));
  await clusters.nth(index).click();
  await page.waitForTimeout(800);
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('search-box').fill(text);
}

// Both groups use the vehicles made here: five in Montana, one in Nevada.
beforeAll(async () => {
  admin = await Api.signIn(ADMIN);
  run = runId('v');
  owners = await vehicleOwners(admin, run);
  grouped = [];
  for (const [i, position] of MONTANA.entries()) {
    const vehicle = await createVehicle(admin, owners, `Montana ${run} ${i + 1}`, `MT${run}${i}`.toUpperCase());
    await placeAt(vehicle, position);
    grouped.push(vehicle);
  }
  lone = await createVehicle(admin, owners, `Nevada ${run}`, `NV${run}`.toUpperCase());
  await placeAt(lone, NEVADA);
});

describe('vehicle list (/vehicle)', () => {
  test('the map clusters nearby vehicles, opens an info window, and moves a marker when a reading arrives', async ({
    page,
  }) => {
    await openList(page);
    await expectVisible(page.getByTestId('vehicle-map'));
    // The five Montana vehicles share one cluster at the default zoom; the Nevada one stands alone.
    await expect
      .poll(async () =>
        (
          await page
            .locator('[data-testid="map-cluster"]')
            .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))))
        ).some((n) => n >= 5),
      )
      .toBe(true);
    await expectMarkerAt(page, lone.id, NEVADA);
    for (const vehicle of grouped) expect(await mapMarker(page, vehicle.id).count()).toBe(0);
    await screenshot(page, 'vehicles-list-map');

    // A reading moves the lone vehicle: the socket brings it, no reload.
    await placeAt(lone, ARIZONA);
    await expectMarkerAt(page, lone.id, ARIZONA);

    // Its info window shows the map item and links to the vehicle.
    await mapMarker(page, lone.id).click();
    const info = page.getByTestId('map-info-window');
    await expectVisible(info);
    expect(await textOf(info.getByTestId('info-charge-status'))).toBe('On');
    expect(await textOf(info.getByTestId('info-battery-charge'))).toBe('64 %');
    expect(await textOf(info.getByTestId('info-odometer'))).toBe('1,500 Mi');
    expect(await textOf(info.getByTestId('info-miles-remaining'))).toBe('42');
    expect(await textOf(info.getByTestId('info-gps-last-reported'))).toMatch(/(seconds?|minutes?) ago/);
    await page.waitForTimeout(400); // the popup fades in
    await screenshot(page, 'vehicles-map-info-window');
    await info.getByTestId('map-info-link').click();
    await expectPath(page, `/vehicle/${lone.id}`);

    // A cluster opens on click: it zooms to where the Montana vehicles part, each a marker of its own.
    await page.goto('/vehicle');
    await clickCluster(page, (counts) => counts.indexOf(Math.min(...counts.filter((n) => n >= grouped.length))));
    for (let i = 0; i < 4 && (await mapMarker(page, grouped[0].id).count()) === 0; i++)
      await clickCluster(page, 'nearest the centre');
    await expectMarkerAt(page, grouped[0].id, MONTANA[0]);
  });

  test('search filters the grid on the server; page sizes are 100, 500 and 1000', async ({ page }) => {
    await openList(page);
    expect(await page.getByTestId('page-size').locator('option').allInnerTexts()).toEqual(['100', '500', '1000']);
    expect(await page.getByTestId('page-size').inputValue()).toBe('100');
    await search(page, `Montana ${run}`);
    await expectRowCount(page, GRID, grouped.length);
    expect((await columnTexts(page, GRID, 'name')).sort()).toEqual(grouped.map((v) => v.name).sort());
    expect(await columnTexts(page, GRID, 'vin')).toContain(grouped[0].vin);
    expect(await columnTexts(page, GRID, 'templateName')).toEqual(grouped.map(() => owners.template.name));
    expect(await columnTexts(page, GRID, 'dealerName')).toEqual(grouped.map(() => owners.dealer.name));
    expect((await columnTexts(page, GRID, 'gpsLastReported'))[0]).toMatch(/ago$/);
    await search(page, `Nevada ${run}`);
    await expectRowCount(page, GRID, 1);
    await screenshot(page, 'vehicles-list-search');
  });

  test('the status toggle asks first, then changes the status and reloads the list', async ({ page }) => {
    await openList(page);
    await search(page, lone.name);
    await expectRowCount(page, GRID, 1);
    const toggle = page.getByTestId(`status-${lone.id}`);
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    const confirm = page.getByTestId('confirm-modal');
    expect(await textOf(confirm.getByTestId('status-question'))).toBe('Are you sure you want to change the status?');
    await screenshot(page, 'vehicles-status-confirm');
    await confirm.getByTestId('confirm-yes').click();
    await expectToast(page, 'Vehicle Status Updated Successfully');
    await expect.poll(() => toggle.isChecked()).toBe(false);
    const stored = await admin.call<{ status: boolean }>('GET', `/api/vehicles/${lone.id}`);
    expect(stored.status).toBe(false);
    // No changes the answer back: nothing is sent.
    await toggle.click({ force: true });
    await page.getByTestId('confirm-modal').getByTestId('confirm-no').click();
    expect((await admin.call<{ status: boolean }>('GET', `/api/vehicles/${lone.id}`)).status).toBe(false);
  });

  test("a dealer sees only its own vehicles: none yet, so the map says 'NA' and the grid is empty", async ({
    page,
  }) => {
    const dealer = await createDealer(admin, runId('na'), 'Lonely');
    await openList(page, { email: dealer.email, password: DEALER_PASSWORD });
    expect(await textOf(page.getByTestId('map-no-markers'))).toBe('NA');
    await expectRowCount(page, GRID, 0);
    await screenshot(page, 'vehicles-dealer-no-markers');
  });

  test('a user who is not an administrator sees the reduced grid and no changes', async ({ page }) => {
    await openList(page, USER);
    await expectVisible(page.getByTestId(GRID).locator('.ag-header-cell').first());
    const headers = await page.getByTestId(GRID).locator('.ag-header-cell-text').allInnerTexts();
    expect(headers).toEqual([
      'Vehicle Name',
      'VIN#',
      'GPS Last Reported',
      'Last Connected',
      'GPS Signal',
      'LTE Signal',
      'Action',
    ]);
    expect(await page.getByTestId('add-new').count()).toBe(0);
    await search(page, lone.name);
    await expectRowCount(page, GRID, 1);
    // The Action column (pinned right) offers only the view.
    await expectVisible(page.getByTestId(GRID).getByLabel(`Open ${lone.name}`, { exact: true }));
    expect(await page.getByTestId(GRID).getByLabel(`Edit ${lone.name}`, { exact: true }).count()).toBe(0);
    expect(await page.getByTestId(GRID).getByLabel(`Delete ${lone.name}`, { exact: true }).count()).toBe(0);
    await page.goto('/vehicle/new');
    await expectVisible(page.getByTestId('not-authorized'));
  });
});

describe('vehicle form (/vehicle/new, /vehicle/{id}/edit)', () => {
  test('adding a vehicle with a template: required messages, the template thresholds, then the list shows it', async ({
    page,
  }) => {
    const name = `Added ${run}`;
    const vin = `ADD${run}`.toUpperCase();
    await openList(page);
    await page.getByTestId('add-new').click();
    await expectPath(page, '/vehicle/new');
    expect(await textOf(page.getByTestId('vehicle-form-title'))).toBe('Add Vehicle');

    await page.getByTestId('vehicle-save').click();
    for (const message of [
      'Vehicle name can not be empty!',
      'Vin  can not be empty!',
      'Dealer Name can not be empty!',
      'Template Name can not be empty!',
    ]) {
      await expectVisible(page.getByText(message, { exact: true }));
    }
    await screenshot(page, 'vehicle-form-errors');

    await page.getByTestId('vehicle-name').fill(name);
    await page.getByTestId('vehicle-vin').fill(vin);
    await page.getByTestId('vehicle-dealer').click();
    await page.getByRole('option', { name: owners.dealer.name, exact: true }).click();
    await page.getByTestId('vehicle-template').click();
    await page.getByRole('option', { name: owners.template.name, exact: true }).click();
    await page.getByTestId('vehicle-cells').click();
    await page.getByRole('option', { name: '28', exact: true }).click();
    await page.getByTestId('vehicle-iotVersion').fill('IOT-2.1');
    await page.getByTestId('vehicle-notificationEmailAddress').fill(`fleet-${run}@example.test`);
    await page.getByTestId('vehicle-timeZone').click();
    await page.getByTestId('vehicle-timeZone').fill('America/Phoenix');
    await page.getByRole('option', { name: 'America/Phoenix', exact: true }).click();
    await page.getByTestId('vehicle-emailNotification').check();
    await page.getByTestId('notifications-toggle').click();
    await expectVisible(page.getByTestId('threshold-editor'));
    await screenshot(page, 'vehicle-form-add');
    await page.getByTestId('vehicle-save').click();
    await expectToast(page, 'Vehicle Created Successfully');
    await expectPath(page, '/vehicle');

    await search(page, name);
    await expectRowCount(page, GRID, 1);
    const row = gridRow(page, GRID, name);
    expect(await textOf(row.locator('[col-id="templateName"]'))).toBe(owners.template.name);
    const [stored] = (
      await admin.call<{ data: { id: number }[] }>(
        'GET',
        `/api/vehicles/search?name=${encodeURIComponent(name)}&pageNo=0&pageSize=100`,
      )
    ).data;
    const vehicle = await admin.call<{
      cells: number;
      timeZone: string;
      emailNotification: boolean;
      iotVersion: string;
      attributes: unknown[];
    }>('GET', `/api/vehicles/${stored.id}`);
    expect(vehicle).toMatchObject({
      cells: 28,
      timeZone: 'America/Phoenix',
      emailNotification: true,
      iotVersion: 'IOT-2.1',
    });
    const template = await admin.call<{ attributes: unknown[] }>('GET', `/api/vehicle-templates/${owners.template.id}`);
    expect(vehicle.attributes).toEqual(template.attributes);
  });

  test('configuring a vehicle shows its name and VIN, saves, stays and shows the stored values; the device token rotates', async ({
    page,
  }) => {
    const vehicle = grouped[1];
    await signIn(page, ADMIN, `/vehicle/${vehicle.id}/edit`);
    expect(await textOf(page.getByTestId('vehicle-form-title'))).toBe(
      `Configure Vehicle - ${vehicle.name}(${vehicle.vin})`,
    );
    expect(await page.getByTestId('vehicle-name').inputValue()).toBe(vehicle.name);
    await page.getByTestId('vehicle-pcmVersion').fill('PCM-7');
    await page.getByTestId('vehicle-status-inactive').check();
    await page.getByTestId('vehicle-ratedCapacityKwh').fill('2500');
    await page.getByTestId('vehicle-save').click();
    await expectVisible(page.getByText('Rated capacity must be more than 0 and at most 2000 kWh.', { exact: true }));
    await page.getByTestId('vehicle-ratedCapacityKwh').fill('64.5');
    await page.getByTestId('vehicle-save').click();
    await expectToast(page, 'Vehicle Updated Successfully');
    await expectPath(page, `/vehicle/${vehicle.id}/edit`);
    expect(await page.getByTestId('vehicle-pcmVersion').inputValue()).toBe('PCM-7');
    expect(await page.getByTestId('vehicle-ratedCapacityKwh').inputValue()).toBe('64.5');
    expect(
      await admin.call<{ pcmVersion: string; status: boolean; ratedCapacityKwh: number | null }>(
        'GET',
        `/api/vehicles/${vehicle.id}`,
      ),
    ).toMatchObject({ pcmVersion: 'PCM-7', status: false, ratedCapacityKwh: 64.5 });

    await page.getByTestId('rotate-token').click();
    await page.getByTestId('confirm-modal').getByTestId('confirm-yes').click();
    const token = await textOf(page.getByTestId('device-token'));
    expect(token).toMatch(/^evd_/);
    await page.waitForTimeout(400); // the confirmation fades out
    await screenshot(page, 'vehicle-form-configure');
    // The new token works for the device at once; the old one no longer does.
    await placeAt({ ...vehicle, device: { vin: vehicle.vin, token } }, MONTANA[1]);
    await expect(placeAt(vehicle, MONTANA[1])).rejects.toThrow(/401/);
  });

  test("a thresholds spreadsheet uploaded on the configure form becomes the vehicle's at once", async ({ page }) => {
    const vehicle = grouped[2];
    await signIn(page, ADMIN, `/vehicle/${vehicle.id}/edit`);
    await page.getByTestId('notifications-toggle').click();
    const sheet = 'Metric,Band,Low,High\nspeedAlert,Normal,0,30\nspeedAlert,Warning,31,40\nspeedAlert,Severe,41,50\n';
    await page
      .getByTestId('threshold-file-input')
      .setInputFiles({ name: 'speed.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await page.getByTestId('threshold-upload-button').click();
    await expectToast(page, 'Upload File Successfully.');
    const stored = await admin.call<{
      attributes: { name: string; normal: unknown[]; warning: unknown[]; sever: unknown[] }[];
    }>('GET', `/api/vehicles/${vehicle.id}`);
    expect(stored.attributes.find((a) => a.name === 'speedAlert')).toMatchObject({
      normal: [{ low: 0, high: 30 }],
      warning: [{ low: 31, high: 40 }],
      sever: [{ low: 41, high: 50 }],
    });
    // The editor shows what the sheet set.
    await page.getByTestId('metric-speedAlert').getByRole('button').first().click();
    await expect
      .poll(() =>
        page
          .getByTestId('speedAlert-normal')
          .locator('input')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      )
      .toContain('30');
    await screenshot(page, 'vehicle-form-upload');
  });

  test('deleting a vehicle from its row asks first, then removes it', async ({ page }) => {
    const doomed = await createVehicle(admin, owners, `Doomed ${run}`, `DEL${run}`.toUpperCase());
    await openList(page);
    await search(page, doomed.name);
    await expectRowCount(page, GRID, 1);
    await page.getByLabel(`Delete ${doomed.name}`, { exact: true }).click();
    await expectPath(page, `/vehicle/${doomed.id}/delete`);
    const confirm = dialog(page, 'Confirm delete operation');
    expect(await textOf(confirm.getByTestId('delete-question'))).toBe(
      `Are you sure you want to delete this vehicle (${doomed.name})?`,
    );
    await confirm.getByTestId('confirm-yes').click();
    await expectToast(page, 'Vehicle Deleted Successfully');
    await expectPath(page, '/vehicle');
    await expectRowCount(page, GRID, 0);
  });
});
