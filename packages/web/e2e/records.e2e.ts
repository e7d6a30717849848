import { describe } from 'vitest';
import {
  ADMIN,
  USER,
  expect,
  expectPath,
  expectVisible,
  openMenuGroup,
  screenshot,
  signIn,
  test,
  textOf,
} from './support/fixtures';
import { pickDateTime } from './support/date-time';
import { Api, expectNoRows, freeVehicles, gridRow, rowActions, runId } from './support/people';
import {
  deleteFromList,
  expectHeading,
  field,
  fieldError,
  headerTexts,
  pickVehicle,
  recordGrid,
  rowId,
} from './support/records';

/** Part 2 §2 "Generic record screens", §3, §4, §5, §8: create, view, edit and delete on each screen. */
describe('the generic record screens', () => {
  test('cars: empty text, create, view, edit with a read-only ID, delete with the exact confirmation', async ({
    page,
  }) => {
    const api = await Api.signIn(ADMIN);
    // This spec owns the cars: start from none so the empty text shows.
    for (const car of await api.call<{ id: number }[]>('GET', '/api/cars?size=1000'))
      await api.call('DELETE', `/api/cars/${car.id}`);
    const name = `Cart ${runId()}`;

    await signIn(page, ADMIN);
    // The record screens are in the Administration menu.
    await openMenuGroup(page, 'administration');
    for (const id of ['vehicle-log', 'notification', 'email-template'])
      await expectVisible(page.getByTestId(`menu-${id}`));
    await page.getByTestId('menu-car').click();
    await expectPath(page, '/car');
    await expectHeading(page, 'list-title', 'Cars');
    await expectNoRows(page, recordGrid('car'), 'No Cars found');
    await screenshot(page, 'records-cars-empty');

    await page.getByTestId('add-new').click();
    await expectPath(page, '/car/new');
    expect(await page.getByTestId('record-form').getByTestId('field-id').count(), 'a new record has no ID').toBe(0);
    await field(page, 'name').fill(name);
    await page.getByTestId('save').click();
    await expectPath(page, '/car');
    const id = await rowId(page, 'car', name);
    expect(id).toMatch(/^\d+$/);

    await rowActions(page, recordGrid('car'), name).getByTestId(`view-${id}`).click();
    await expectPath(page, `/car/${id}`);
    expect(await textOf(page.getByTestId('detail-id'))).toBe(id);
    expect(await textOf(page.getByTestId('detail-name'))).toBe(name);
    await page.getByTestId('edit').click();
    await expectPath(page, `/car/${id}/edit`);
    const idInput = field(page, 'id');
    expect(await idInput.inputValue()).toBe(id);
    expect(await idInput.getAttribute('readonly')).not.toBeNull();
    await field(page, 'name').fill(`${name} renamed`);
    await screenshot(page, 'records-car-edit');
    await page.getByTestId('save').click();
    await expectPath(page, '/car');
    await expectVisible(gridRow(page, recordGrid('car'), `${name} renamed`));

    await deleteFromList(page, {
      key: 'car',
      entity: 'Car',
      rowText: `${name} renamed`,
      id,
      listPath: '/car',
      emptyText: 'No Cars found',
    });
  });

  test('vehicle logs: a manual SEVERE log for a vehicle, its link, edit and delete', async ({ page }) => {
    const api = await Api.signIn(ADMIN);
    const [vehicle, quiet] = await freeVehicles(api, 2);
    const message = `Brake check ${runId()}`;

    await signIn(page, ADMIN, '/vehicle-log');
    await expectHeading(page, 'list-title', 'Vehicle Logs');
    const headers = await headerTexts(page, 'vehicle-log');
    expect(headers).toEqual(['ID', 'Log Time', 'Warning Type', 'Message', 'Vehicle', 'Action']);
    // A vehicle with no logs: the empty text.
    await pickVehicle(page, page.getByTestId('vehicle-filter'), quiet.name);
    await expectNoRows(page, recordGrid('vehicle-log'), 'No Vehicle Logs found');

    await page.goto('/vehicle-log/new');
    await expectHeading(page, 'record-form-title', 'Create a new Vehicle Log');
    expect(await field(page, 'warningType').inputValue(), 'Warning type defaults to WARNING').toBe('WARNING');
    expect(await field(page, 'warningType').locator('option').allInnerTexts()).toEqual(['WARNING', 'SEVERE', 'GOOD']);
    // The vehicle is required by the server's description: the form says so before sending.
    await field(page, 'message').fill(message);
    await page.getByTestId('save').click();
    expect(await fieldError(page, 'vehicle')).toBe('A vehicle is required.');
    await field(page, 'warningType').selectOption('SEVERE');
    await pickVehicle(page, field(page, 'vehicle'), vehicle.name);
    // Far ahead, so the list (newest first) shows it on its first page whatever other tests logged.
    await pickDateTime(page, 'field-logTime', 'Log Time', new Date(2099, 2, 4, 5, 6));
    // On the user's clock (24 hours unless they chose 12), to the second.
    expect(await textOf(field(page, 'logTime'))).toBe('2099/03/04 05:06:00');
    await screenshot(page, 'records-vehicle-log-new');
    await page.getByTestId('save').click();
    await expectPath(page, '/vehicle-log');

    const row = gridRow(page, recordGrid('vehicle-log'), message);
    const actions = rowActions(page, recordGrid('vehicle-log'), message);
    await expectVisible(row);
    const id = await rowId(page, 'vehicle-log', message);
    expect(await textOf(row.locator('[col-id="warningType"]'))).toBe('SEVERE');
    // The specification's list date, DD/MM/YY HH:mm, on a 24-hour clock by default.
    expect(await textOf(row.locator('[col-id="logTime"]'))).toBe('04/03/99 05:06');
    await screenshot(page, 'records-vehicle-logs');
    // The vehicle column links to the vehicle.
    expect(await row.locator('[col-id="vehicle"] a').getAttribute('href')).toBe(`/vehicle/${vehicle.id}`);
    expect(await textOf(row.locator('[col-id="vehicle"] a'))).toBe(vehicle.name);

    await actions.getByTestId(`view-${id}`).click();
    await expectPath(page, `/vehicle-log/${id}`);
    expect(await textOf(page.getByTestId('detail-message'))).toBe(message);
    expect(await textOf(page.getByTestId('detail-manual')), 'a log entered here is marked as manual').toBe('Yes');
    await screenshot(page, 'records-vehicle-log-detail');
    await page.getByTestId('back').click();
    await expectPath(page, '/vehicle-log');

    await actions.getByTestId(`edit-${id}`).click();
    await expectPath(page, `/vehicle-log/${id}/edit`);
    expect(await field(page, 'id').getAttribute('readonly')).not.toBeNull();
    expect(await field(page, 'warningType').inputValue()).toBe('SEVERE');
    expect(await field(page, 'vehicle').inputValue()).toContain(vehicle.name);
    await field(page, 'warningType').selectOption('GOOD');
    await field(page, 'message').fill(`${message} done`);
    await page.getByTestId('save').click();
    await expectPath(page, '/vehicle-log');
    const edited = gridRow(page, recordGrid('vehicle-log'), `${message} done`);
    expect(await textOf(edited.locator('[col-id="warningType"]'))).toBe('GOOD');

    await deleteFromList(page, {
      key: 'vehicle-log',
      entity: 'Vehicle Log',
      rowText: `${message} done`,
      id,
      listPath: '/vehicle-log',
    });
  });

  test('email templates: placeholder help, an unknown placeholder refused, create, edit, delete', async ({ page }) => {
    const text = `{band} on {vehicleName} ({vin}): {metric} at {value}{unit}, {time} ${runId()}`;
    await signIn(page, ADMIN, '/email-template');
    await expectHeading(page, 'list-title', 'Email Templates');
    const headers = await headerTexts(page, 'email-template');
    expect(headers.slice(0, 3)).toEqual(['ID', 'Template', 'Type']);

    await page.getByTestId('add-new').click();
    await expectPath(page, '/email-template/new');
    const help = page.getByTestId('placeholder-help');
    for (const name of ['vehicleName', 'vin', 'metric', 'value', 'band', 'time'])
      await expectVisible(help.getByText(`{${name}}`, { exact: true }));
    expect(await field(page, 'type').inputValue()).toBe('WARNING');
    expect(await field(page, 'type').locator('option').allInnerTexts()).toEqual(['WARNING', 'SEVERE']);
    await field(page, 'template').fill('Alert for {vehicleNmae}');
    await page.getByTestId('save').click();
    expect(await fieldError(page, 'template')).toBe('Unknown placeholder: {vehicleNmae}');
    await expectPath(page, '/email-template/new');

    await field(page, 'template').fill(text);
    await field(page, 'type').selectOption('SEVERE');
    await screenshot(page, 'records-email-template-new');
    await page.getByTestId('save').click();
    await expectPath(page, '/email-template');
    const row = gridRow(page, recordGrid('email-template'), text);
    const id = await rowId(page, 'email-template', text);
    expect(await textOf(row.locator('[col-id="type"]'))).toBe('SEVERE');
    await screenshot(page, 'records-email-templates');

    await rowActions(page, recordGrid('email-template'), text).getByTestId(`view-${id}`).click();
    expect(await textOf(page.getByTestId('detail-template'))).toBe(text);
    await page.getByTestId('edit').click();
    await expectPath(page, `/email-template/${id}/edit`);
    expect(await field(page, 'id').inputValue()).toBe(id);
    await field(page, 'type').selectOption('WARNING');
    await page.getByTestId('save').click();
    await expectPath(page, '/email-template');
    // The list shows its cached page first and the saved row a refetch later.
    await expect.poll(() => textOf(row.locator('[col-id="type"]'))).toBe('WARNING');

    await deleteFromList(page, {
      key: 'email-template',
      entity: 'Email Template',
      rowText: text,
      id,
      listPath: '/email-template',
    });
  });

  test('notifications: a named recipient list with addresses, numbers and vehicles; edit and delete', async ({
    page,
  }) => {
    const api = await Api.signIn(ADMIN);
    const [first, second] = await freeVehicles(api, 2);
    const name = `Night shift ${runId()}`;

    await signIn(page, ADMIN, '/notification');
    await expectHeading(page, 'list-title', 'Notifications');
    await page.getByTestId('add-new').click();
    await expectPath(page, '/notification/new');
    await field(page, 'name').fill(name);
    await field(page, 'emails').fill('ops@example.test\nnot-an-address');
    await field(page, 'smsNumbers').fill('+1 555 0100');
    await pickVehicle(page, field(page, 'vehicles'), first.name);
    await pickVehicle(page, field(page, 'vehicles'), second.name);
    await page.getByTestId('save').click();
    expect(await fieldError(page, 'emails')).toBe('Invalid Email');
    await field(page, 'emails').fill('ops@example.test\nlead@example.test');
    await screenshot(page, 'records-notification-new');
    await page.getByTestId('save').click();
    await expectPath(page, '/notification');

    const id = await rowId(page, 'notification', name);
    await rowActions(page, recordGrid('notification'), name).getByTestId(`view-${id}`).click();
    await expectPath(page, `/notification/${id}`);
    expect(await textOf(page.getByTestId('detail-emails'))).toBe('ops@example.test, lead@example.test');
    expect(await textOf(page.getByTestId('detail-smsNumbers'))).toBe('+1 555 0100');
    const vehicles = page.getByTestId('detail-vehicles');
    await expectVisible(vehicles.getByRole('link', { name: first.name, exact: true }));
    await expectVisible(vehicles.getByRole('link', { name: second.name, exact: true }));
    await screenshot(page, 'records-notification-detail');

    await page.getByTestId('edit').click();
    await expectPath(page, `/notification/${id}/edit`);
    expect(await field(page, 'emails').inputValue()).toBe('ops@example.test\nlead@example.test');
    // Take the second vehicle off the list (its pill's remove button).
    await page
      .getByTestId('record-form')
      .locator('.mantine-Pill-root', { hasText: second.name })
      .locator('.mantine-Pill-remove')
      .click();
    await field(page, 'name').fill(`${name} B`);
    await page.getByTestId('save').click();
    await expectPath(page, '/notification');
    const stored = await api.call<{ name: string; vehicles: { id: number }[] }>('GET', `/api/notification-lists/${id}`);
    expect(stored.name).toBe(`${name} B`);
    expect(stored.vehicles.map((v) => v.id)).toEqual([first.id]);

    await deleteFromList(page, {
      key: 'notification',
      entity: 'Notification',
      rowText: `${name} B`,
      id,
      listPath: '/notification',
    });
  });

  test('vehicle CAN records: the unassigned list stays the index; a reading is entered, checked as numbers, edited and deleted', async ({
    page,
  }) => {
    const api = await Api.signIn(ADMIN);
    const [vehicle] = await freeVehicles(api, 1);
    await signIn(page, ADMIN, '/vehicle-can');
    await expectHeading(page, 'list-title', 'Unassigned Vehicles');
    await page.getByTestId('tab-records').click();
    await expectPath(page, '/vehicle-can?view=records');
    await expectHeading(page, 'list-title', 'Vehicle CAN Records');
    await expectVisible(page.getByTestId('choose-vehicle'));
    await pickVehicle(page, page.getByTestId('vehicle-filter'), vehicle.name);
    await expectPath(page, `/vehicle-can?view=records&vehicleId=${vehicle.id}`);
    await expectNoRows(page, recordGrid('vehicle-can'), 'No Vehicle CAN Records found');

    await page.getByTestId('add-new').click();
    await expectPath(page, `/vehicle-can/new?view=records&vehicleId=${vehicle.id}`);
    await pickVehicle(page, field(page, 'vehicle'), vehicle.name);
    // Ten months back: within the 400 days a reading may be old, and far enough that the calendar
    // climbs to the year and the month instead of stepping back a month at a time.
    const recorded = new Date(Date.now() - 300 * 86_400_000);
    recorded.setHours(10, 20, 30, 0);
    await pickDateTime(page, 'field-recordedTime', 'Recorded Time', recorded);
    await field(page, 'batteryCharged').fill('eighty');
    await field(page, 'packVoltage').fill('88.5');
    const charging = field(page, 'chargeStatus');
    expect(await charging.isChecked(), 'charge status defaults to off').toBe(false);
    await charging.check();
    await page.getByTestId('save').click();
    expect(await fieldError(page, 'batteryCharged')).toBe('This field should be a number.');
    await field(page, 'batteryCharged').fill('80');
    await screenshot(page, 'records-vehicle-can-new');
    await page.getByTestId('save').click();
    await expectPath(page, `/vehicle-can?view=records&vehicleId=${vehicle.id}`);

    const id = `${vehicle.id}-${recorded.getTime()}`;
    const row = gridRow(page, recordGrid('vehicle-can'), id);
    const actions = rowActions(page, recordGrid('vehicle-can'), id);
    await expectVisible(row);
    expect(await textOf(row.locator('[col-id="batteryCharged"]'))).toBe('80');
    expect(await textOf(row.locator('[col-id="packVoltage"]'))).toBe('88.5');
    expect(await textOf(row.locator('[col-id="chargeStatus"]'))).toBe('Yes');
    await screenshot(page, 'records-vehicle-cans');
    // Stored as numbers, not text.
    const stored = await api.call<{ batteryCharged: unknown; packVoltage: unknown; chargeStatus: unknown }>(
      'GET',
      `/api/vehicle-cans/${id}`,
    );
    expect(stored).toMatchObject({ batteryCharged: 80, packVoltage: 88.5, chargeStatus: true });

    await actions.getByTestId(`view-${id}`).click();
    await expectPath(page, `/vehicle-can/${id}?view=records&vehicleId=${vehicle.id}`);
    expect(await textOf(page.getByTestId('detail-packVoltage'))).toBe('88.5');
    await screenshot(page, 'records-vehicle-can-detail');
    await page.getByTestId('edit').click();
    expect(await field(page, 'id').inputValue()).toBe(id);
    expect(await field(page, 'id').getAttribute('readonly')).not.toBeNull();
    await field(page, 'odometer').fill('1234.5');
    await page.getByTestId('save').click();
    await expectPath(page, `/vehicle-can?view=records&vehicleId=${vehicle.id}`);
    await actions.getByTestId(`view-${id}`).click();
    expect(await textOf(page.getByTestId('detail-odometer'))).toBe('1234.5');
    // Back goes to /vehicle-can (the records tab, as left).
    await page.getByTestId('back').click();
    await expectPath(page, `/vehicle-can?view=records&vehicleId=${vehicle.id}`);

    await deleteFromList(page, {
      key: 'vehicle-can',
      entity: 'Vehicle CAN Record',
      rowText: id,
      id,
      listPath: `/vehicle-can?view=records&vehicleId=${vehicle.id}`,
      emptyText: 'No Vehicle CAN Records found',
    });
  });

  test('a user who may only read sees the records without Add New, Edit or Delete, and the write pages refuse', async ({
    page,
  }) => {
    const api = await Api.signIn(ADMIN);
    const name = `Read-only cart ${runId()}`;
    const car = await api.call<{ id: number }>('POST', '/api/cars', { name });

    await signIn(page, USER);
    // While the list is on its way the screen says 'Loading...' (§2).
    await page.route('**/api/cars?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/car');
    expect(await textOf(page.getByTestId('records-loading'))).toBe('Loading...');
    await expectHeading(page, 'list-title', 'Cars');
    const actions = rowActions(page, recordGrid('car'), name);
    await expectVisible(actions.getByTestId(`view-${car.id}`));
    expect(await actions.getByTestId(`edit-${car.id}`).count()).toBe(0);
    expect(await actions.getByTestId(`delete-${car.id}`).count()).toBe(0);
    expect(await page.getByTestId('add-new').count()).toBe(0);
    await page.goto(`/car/${car.id}`);
    expect(await textOf(page.getByTestId('detail-name'))).toBe(name);
    expect(await page.getByTestId('edit').count()).toBe(0);
    for (const path of ['/car/new', `/car/${car.id}/edit`, `/car/${car.id}/delete`]) {
      await page.goto(path);
      await expectVisible(page.getByTestId('not-authorized'));
    }
    await api.call('DELETE', `/api/cars/${car.id}`);
  });
});
