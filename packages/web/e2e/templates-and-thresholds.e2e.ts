import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  ADMIN,
  expect,
  expectPath,
  expectVisible,
  screenshot,
  signIn,
  test,
  textOf,
  USER,
  WAIT_MS,
} from './support/fixtures';
import {
  Api,
  createDealer,
  createFleet,
  dialog,
  expectTitle,
  expectToast,
  gridRow,
  rowActions,
  runId,
  selectRow,
} from './support/people';
import { solidPng } from './support/png';
import { sendReadings } from './support/readings';
import { createVehicle, vehicleOwners } from './support/vehicles';

interface Template {
  id: number;
  name: string;
  defaultTemplate: boolean;
  attributes: {
    name: string;
    normal: { low: number; high: number }[];
    warning: { low: number; high: number }[];
    notificationFrequencyHour: number;
    minutesBackward: number;
  }[];
}

const TEMPLATES = '/vehicle-template';
const GRID = 'templates-grid';
const IMAGE = solidPng(48, [40, 140, 90]);

const templateByName = async (api: Api, name: string) =>
  (
    await api.call<{ data: Template[] }>(
      'GET',
      `/api/vehicle-templates/search/?name=${encodeURIComponent(name)}&pageNo=0&pageSize=10`,
    )
  ).data.find((t) => t.name === name);
const metric = (template: Template, name: string) => template.attributes.find((a) => a.name === name)!;

/** Opens one metric's section of the threshold accordion and returns it. */
async function openMetric(page: Page, name: string): Promise<Locator> {
  const section = page.getByTestId(`metric-${name}`);
  await section.locator('button').first().click();
  await expectVisible(section.getByTestId(`${name}-normal-0-low`));
  return section;
}

/** Types into one of the editor's number boxes (replacing what is there). */
async function typeInto(scope: Page | Locator, testId: string, value: string): Promise<void> {
  const input = scope.getByTestId(testId);
  await input.fill(value);
  await input.blur();
}

/** Lists the template list's rows for `name` only (server-side search). */
async function searchList(page: Page, name: string): Promise<void> {
  await page.getByTestId('search-box').fill(name);
  await expect.poll(() => gridRow(page, GRID, name).count(), { timeout: WAIT_MS }).toBe(1);
}

/** The grid row with `text`, scrolling the grid down until AG Grid draws it (it draws only the rows in view). */
async function scrollToRow(page: Page, testId: string, text: string): Promise<Locator> {
  const row = gridRow(page, testId, text);
  const viewport = page.getByTestId(testId).locator('.ag-body-viewport');
  await expectVisible(gridRow(page, testId, '').first());
  await expect
    .poll(
      async () => {
        if ((await row.count()) > 0) return true;
        await viewport.evaluate((element) => element.scrollBy(0, element.clientHeight / 2));
        return false;
      },
      { timeout: WAIT_MS, interval: 100 },
    )
    .toBe(true);
  await row.scrollIntoViewIfNeeded();
  return row;
}

/** Chooses a file for the threshold upload and presses Upload. */
async function uploadSheet(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByTestId('threshold-file-input')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByTestId('threshold-upload-button').click();
}

describe('vehicle configuration templates and the threshold editor (part 2 §2, §4, §5, §8)', () => {
  test('a template is created with an image, configured, uploaded to, and refused deletion while a vehicle uses it', async ({
    page,
  }) => {
    const api = await Api.signIn();
    const run = runId('T');
    const name = `Template ${run}`;

    await signIn(page, ADMIN, TEMPLATES);
    await expectTitle(page, 'Vehicle Configuration Template');

    // Add: the two required messages, then an image, a name and a description.
    await page.getByTestId('add-new').click();
    await expectPath(page, `${TEMPLATES}/new`);
    const add = dialog(page, 'Add Vehicle Configuration Template');
    await expectVisible(add);
    await add.getByTestId('entity-save').click();
    await expectVisible(add.getByText('Template Name can not be empty!', { exact: true }));
    await expectVisible(add.getByText('Template Description can not be empty!', { exact: true }));
    await add
      .getByTestId('template-image-input')
      .setInputFiles({ name: 'cart.png', mimeType: 'image/png', buffer: IMAGE });
    await expect
      .poll(() => add.getByTestId('template-image-preview').locator('img').getAttribute('src'))
      .toBe(`data:image/png;base64,${IMAGE.toString('base64')}`);
    await add.getByTestId('template-name').fill(name);
    await add.getByTestId('template-description').fill('Carts of the north yard');
    await screenshot(page, 'templates-add-modal');
    await add.getByTestId('entity-save').click();
    await expectToast(page, 'Vehicle Template Created Successfully');
    await expectPath(page, TEMPLATES);

    const created = await templateByName(api, name);
    expect(created).toBeDefined();
    const id = created!.id;
    await searchList(page, name);
    const row = gridRow(page, GRID, name);
    expect(await row.locator('[col-id="description"]').innerText()).toBe('Carts of the north yard');
    await expect
      .poll(() => row.getByTestId(`template-image-${id}`).locator('img').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    const actions = rowActions(page, GRID, name);
    await expectVisible(actions.getByLabel(`Edit ${name}`, { exact: true }));
    await expectVisible(actions.getByLabel(`Delete ${name}`, { exact: true }));
    await screenshot(page, 'templates-list');

    // A built-in template offers neither edit nor delete.
    const builtIn = (
      await api.call<{ data: Template[] }>('GET', '/api/vehicle-templates?pageNo=0&pageSize=100')
    ).data.find((t) => t.defaultTemplate);
    if (builtIn) {
      await page.getByTestId('search-box').fill(builtIn.name);
      const builtInActions = rowActions(page, GRID, builtIn.name).first();
      await expectVisible(builtInActions);
      expect(await builtInActions.locator('a, button').count()).toBe(0);
      // Its detail shows its thresholds, read-only, with nothing to save.
      await page.goto(`${TEMPLATES}/${builtIn.id}`);
      const section = await openMetric(page, 'packVoltage');
      expect(await section.getByTestId('packVoltage-normal-0-low').getAttribute('readonly')).not.toBeNull();
      expect(await page.getByTestId('template-save').count()).toBe(0);
      expect(await page.getByTestId('threshold-upload').count()).toBe(0);
      await screenshot(page, 'template-detail-built-in');
    }

    // The detail: the defaults of §5, the second range, a refused overlap, the upload, one signal saved alone.
    await page.goto(`${TEMPLATES}/${id}`);
    expect(await textOf(page.getByTestId('detail-title'))).toBe('Vehicle Configuration Template Details');
    await expectVisible(page.getByRole('heading', { name: 'Configure Template', exact: true }));
    const cell = await openMetric(page, 'cellVoltage');
    expect(await cell.getByTestId('cellVoltage-normal-0-low').inputValue()).toBe('3.1');
    expect(await cell.getByTestId('cellVoltage-normal-0-high').inputValue()).toBe('3.69');
    expect(await cell.getByTestId('cellVoltage-warning-1-high').inputValue()).toBe('3.9');
    expect(await page.getByTestId('template-changed').count()).toBe(0);
    await cell.getByTestId('cellVoltage-warning-toggle').click();
    expect(await cell.getByTestId('cellVoltage-warning-1-low').count()).toBe(0);
    await expectVisible(page.getByTestId('template-changed'));
    await cell.getByTestId('cellVoltage-warning-toggle').click();
    // The added range starts at the first value no range holds, not at 1-1, which lies below Cell
    // Voltage's 1.5-5; and a range the user has not set yet shows no overlap error.
    expect(await cell.getByTestId('cellVoltage-warning-1-low').inputValue()).toBe('5');
    expect(await cell.getByTestId('cellVoltage-warning-1-high').inputValue()).toBe('5');
    expect(await cell.getByTestId('metric-cellVoltage-problems').count()).toBe(0);
    // Never a third range: the button now removes.
    expect(await cell.getByTestId('cellVoltage-warning-toggle').getAttribute('aria-label')).toMatch(/^Remove/);
    await typeInto(cell, 'cellVoltage-warning-1-low', '3.7');
    await typeInto(cell, 'cellVoltage-warning-1-high', '3.9');
    await typeInto(cell, 'cellVoltage-normal-0-high', '3.8');
    const problems = cell.getByTestId('metric-cellVoltage-problems');
    expect(await textOf(problems)).toContain('Cannot set this range for Cell Voltage');
    await expect.poll(() => cell.getByTestId('metric-cellVoltage-save-one').isDisabled()).toBe(true);
    await screenshot(page, 'template-detail-overlap');
    await typeInto(cell, 'cellVoltage-normal-0-high', '3.69');
    await expect.poll(() => problems.count()).toBe(0);

    // Upload: no file, a bad cell (named by row and column, nothing changes), then a good sheet.
    await page.getByTestId('threshold-upload-button').click();
    await expectToast(page, 'Please select an Excel file to upload !!');
    await uploadSheet(page, 'notes.txt', 'speedAlert,Normal,0,30');
    await expectToast(page, 'Upload File Failed. Choose a .csv or .xlsx file of at most 2 MB.');
    await uploadSheet(page, 'bad.csv', 'Metric,Band,Low,High\nspeedAlert,Normal,abc,30\n');
    await expectToast(page, 'Row 2, column C: Low must be a number, not "abc".');
    expect(metric((await templateByName(api, name))!, 'speedAlert').normal).toEqual([{ low: 0, high: 37 }]);
    await uploadSheet(
      page,
      'speed.csv',
      'Metric,Band,Low,High\nspeedAlert,Normal,0,30\nspeedAlert,Warning,31,45\nspeedAlert,Severe,46,50\n',
    );
    await expectToast(page, 'Upload File Successfully.');
    const speed = await openMetric(page, 'speedAlert');
    await expect.poll(() => speed.getByTestId('speedAlert-normal-0-high').inputValue()).toBe('30');
    expect(metric((await templateByName(api, name))!, 'speedAlert').warning).toEqual([{ low: 31, high: 45 }]);

    // 'Update This Signal Only' saves that metric alone; the overlap fix above waits for Save.
    await typeInto(speed, 'metric-speedAlert-frequency', '15');
    await speed.getByTestId('metric-speedAlert-save-one').click();
    await expectToast(page, 'Speed Alert: Vehicle Template Updated Successfully');
    const afterOne = (await templateByName(api, name))!;
    expect(metric(afterOne, 'speedAlert').notificationFrequencyHour).toBe(15);
    await screenshot(page, 'template-detail');

    // Save: everything, then back to the list.
    await typeInto(cell, 'metric-cellVoltage-minutes-backward', '2');
    await page.getByTestId('template-save').click();
    await expectToast(page, 'Vehicle Template Updated Successfully');
    await expectPath(page, TEMPLATES);
    expect(metric((await templateByName(api, name))!, 'cellVoltage').minutesBackward).toBe(2);

    // Delete while a vehicle uses it: the exact text, No keeps it; Yes forces it.
    const dealer = await createDealer(api, run, 'TDealer');
    const vehicle = await createVehicle(
      api,
      { dealer, template: { id } },
      `Templated ${run}`,
      `TPL${run}`.toUpperCase(),
    );
    await searchList(page, name);
    await rowActions(page, GRID, name).getByLabel(`Delete ${name}`, { exact: true }).click();
    await expectPath(page, `${TEMPLATES}/${id}/delete`);
    const confirm = dialog(page, 'Confirm delete operation');
    expect(await textOf(confirm.getByTestId('delete-question'))).toBe(
      `${name} can't be deleted as it is assigned to vehicle(s).`,
    );
    await screenshot(page, 'template-delete-assigned');
    await confirm.getByTestId('confirm-no').click();
    await expectPath(page, TEMPLATES);
    expect(await templateByName(api, name)).toBeDefined();

    await page.goto(`${TEMPLATES}/${id}/delete`);
    await confirm.getByTestId('confirm-yes').click();
    await expectToast(page, 'Vehicle Template Deleted Successfully');
    await expectPath(page, TEMPLATES);
    expect(await templateByName(api, name)).toBeUndefined();
    // The vehicle stays, without the template.
    expect((await api.call<{ templateId: number | null }>('GET', `/api/vehicles/${vehicle.id}`)).templateId).toBeNull();
  });

  test('a template no vehicle uses is deleted after the confirm question', async ({ page }) => {
    const api = await Api.signIn();
    const name = `Spare ${runId('S')}`;
    const { id } = await api.call<{ id: number }>('POST', '/api/vehicle-templates', { name, description: 'Unused' });
    await signIn(page, ADMIN, `${TEMPLATES}/${id}/delete`);
    const confirm = dialog(page, 'Confirm delete operation');
    expect(await textOf(confirm.getByTestId('delete-question'))).toBe(
      `Are you sure you want to delete this Vehicle Template (${name})?`,
    );
    await confirm.getByTestId('confirm-yes').click();
    await expectToast(page, 'Vehicle Template Deleted Successfully');
    expect(await templateByName(api, name)).toBeUndefined();
  });

  test("thresholds edited on the vehicle form judge the next reading: it lands in the vehicle's warning log", async ({
    page,
  }) => {
    const api = await Api.signIn();
    const run = runId('W');
    const owners = await vehicleOwners(api, run);
    const vehicle = await createVehicle(api, owners, `Watched ${run}`, `WAT${run}`.toUpperCase());

    await signIn(page, ADMIN, `/vehicle/${vehicle.id}/edit`);
    const settings = page.getByTestId('notifications-settings');
    await expectVisible(settings);
    const toggle = settings.getByTestId('notifications-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    // Speed 30 is Normal by the defaults (0-37); here Normal ends at 20 and Moderate runs 21-45, judged at once.
    const speed = await openMetric(page, 'speedAlert');
    await typeInto(speed, 'speedAlert-normal-0-high', '20');
    await typeInto(speed, 'speedAlert-warning-0-low', '21');
    await typeInto(speed, 'metric-speedAlert-minutes-backward', '0');
    await screenshot(page, 'vehicle-form-thresholds');
    await page.getByTestId('vehicle-save').click();
    await expectToast(page, 'Vehicle Updated Successfully');

    await sendReadings(vehicle.device, [{ ts: Date.now(), speed: 30 }]);
    await expect
      .poll(
        async () => {
          const log = await api.call<{ data: { type: string; attributeName: string; value: number }[] }>(
            'GET',
            `/api/notifications?vehicleId=${vehicle.id}&pageNo=0&pageSize=10`,
          );
          return log.data
            .filter((entry) => entry.attributeName === 'speedAlert')
            .map((entry) => `${entry.type} ${entry.value}`);
        },
        { timeout: WAIT_MS },
      )
      .toEqual(['WARNING 30']);
  });
});

describe('unassigned vehicles (/vehicle-can, part 2 §2, §4)', () => {
  test('a vehicle in no fleet is assigned to a fleet of its dealer and leaves the list', async ({ page }) => {
    const api = await Api.signIn();
    const run = runId('U');
    const owners = await vehicleOwners(api, run);
    const { dealer } = owners;
    const fleet = await createFleet(api, run, dealer.id, 'UFleet');
    const vehicle = await createVehicle(api, owners, `Loose ${run}`, `UNA${run}`.toUpperCase());

    await signIn(page, ADMIN, '/vehicle-can');
    await expectTitle(page, 'Unassigned Vehicles');
    await page.getByTestId('page-size').selectOption('1000');
    const row = await scrollToRow(page, 'unassigned-grid', vehicle.vin);
    expect(await row.locator('[col-id="name"]').innerText()).toBe(vehicle.name);
    expect(await row.locator('[col-id="dealerName"]').innerText()).toBe(dealer.name);
    expect(await row.locator('[col-id="status"]').innerText()).toBe('Active');

    const open = page.getByTestId('assign-open');
    await expect.poll(() => open.isDisabled()).toBe(true);
    await selectRow(row);
    await expect.poll(() => open.isEnabled()).toBe(true);
    await screenshot(page, 'unassigned-vehicles');
    await open.click();
    const modal = dialog(page, 'Assign Vehicle');
    await expectVisible(modal.getByTestId(`assign-row-${vehicle.id}`));
    const submit = modal.getByTestId('assign-submit');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await modal.getByTestId(`assign-fleet-${vehicle.id}`).click();
    await page.getByRole('option', { name: fleet.name, exact: true }).click();
    await screenshot(page, 'unassigned-vehicles-assign');
    await submit.click();
    await expectToast(page, 'Vehicle Assigned Successfully');
    await expect.poll(() => dialog(page, 'Assign Vehicle').count()).toBe(0);
    await expect.poll(() => row.count()).toBe(0);

    const inFleet = await api.call<{ data: { id: number }[] }>(
      'GET',
      `/api/vehicles/assigned?fleetId=${fleet.id}&pageNo=0&pageSize=10`,
    );
    expect(inFleet.data.map((v) => v.id)).toEqual([vehicle.id]);
  });
  test('a dealer whose role may not assign sees its free vehicles without the Assign button', async ({ page }) => {
    const api = await Api.signIn();
    const run = runId('D');
    const owners = await vehicleOwners(api, run);
    const vehicle = await createVehicle(api, owners, `Held ${run}`, `HLD${run}`.toUpperCase());
    await api.call('PUT', '/api/role-permissions/ROLE_DEALER', { permissions: { assignVehicle: false } });
    try {
      await signIn(page, { email: owners.dealer.email, password: 'Dealer-123' }, '/vehicle-can');
      await expectTitle(page, 'Unassigned Vehicles');
      await scrollToRow(page, 'unassigned-grid', vehicle.vin);
      expect(await page.getByTestId('assign-open').count()).toBe(0);
    } finally {
      await api.call('PUT', '/api/role-permissions/ROLE_DEALER', { permissions: { assignVehicle: true } });
    }
  });
});

describe('role permissions (part 2 §2 "Role-permission pages")', () => {
  test('the administrator switches a fleet-owner permission, it stays after a reload, and sub-toggles follow their parent', async ({
    page,
  }) => {
    await signIn(page, ADMIN, '/roles-permission/fleet-owner');
    expect(await textOf(page.getByTestId('permissions-title'))).toBe('Fleet Owner');
    const template = page.getByTestId('permission-vehicleConfigurationTemplate');
    await expectVisible(page.getByTestId('permission-driverScreen'));
    const before = await template.isChecked();
    await template.click();
    await expectToast(page, `Fleet Owner: Vehicle Configuration Template ${before ? 'disabled' : 'enabled'}`);
    await page.reload();
    await expect.poll(() => page.getByTestId('permission-vehicleConfigurationTemplate').isChecked()).toBe(!before);

    // A sub-toggle counts only under its parent: off, the parent leaves them shown but not changeable.
    const vehicle = page.getByTestId('permission-vehicle');
    const canDetails = page.getByTestId('permission-vehicle.canDetails');
    expect(await vehicle.isChecked()).toBe(true);
    await expect.poll(() => canDetails.isEnabled()).toBe(true);
    await vehicle.click();
    await expectToast(page, 'Fleet Owner: Vehicle disabled');
    await expect.poll(() => canDetails.isDisabled()).toBe(true);
    await screenshot(page, 'roles-permission-fleet-owner');
    // Back as it was, for the other tests of the run.
    await vehicle.click();
    await expectToast(page, 'Fleet Owner: Vehicle enabled');
    await page.getByTestId('permission-vehicleConfigurationTemplate').click();
    await expectToast(page, `Fleet Owner: Vehicle Configuration Template ${before ? 'enabled' : 'disabled'}`);

    await page.goto('/roles-permission/dealer-role');
    expect(await textOf(page.getByTestId('permissions-title'))).toBe('Dealer');
    for (const key of ['assignVehicle', 'unassignVehicle']) {
      await expectVisible(page.getByTestId(`permission-${key}`));
      for (const access of ['canDetails', 'canHistory', 'canHistoryExport', 'warningLogs'])
        expect(await page.getByTestId(`permission-${key}.${access}`).isChecked()).toBe(true);
    }
    await screenshot(page, 'roles-permission-dealer');
  });

  test('anyone but an administrator sees the toggles, disabled', async ({ page }) => {
    await signIn(page, USER, '/roles-permission/dealer-role');
    expect(await textOf(page.getByTestId('permissions-read-only'))).toBe(
      'Only administrators can change role permissions.',
    );
    await expectVisible(page.getByTestId('permission-assignVehicle'));
    await expect.poll(() => page.getByTestId('permission-assignVehicle').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('permission-unassignVehicle.warningLogs').isDisabled()).toBe(true);
  });
});
