import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { ADMIN, expect, expectPath, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import {
  Api,
  assignToDriver,
  assignToFleet,
  columnTexts,
  createDealer,
  createDriver,
  createFleet,
  dialog,
  expectNoRows,
  expectRowCount,
  expectToast,
  freeVehicles,
  gridRow,
  gridRows,
  runId,
  selectRow,
  type Vehicle,
} from './support/people';

const UNASSIGN_QUESTION = 'Are you sure you want to Unassign following vehicles:';

/** A dealer with one fleet and one driver in it, made through the API; the fleet gets `vehicles` free demo vehicles. */
async function world(api: Api, vehicles: number) {
  const run = runId();
  const dealer = await createDealer(api, run);
  const fleet = await createFleet(api, run, dealer.id);
  const driver = await createDriver(api, run, fleet.id);
  const cars = vehicles > 0 ? await freeVehicles(api, vehicles) : [];
  if (cars.length > 0) await assignToFleet(api, fleet.id, cars);
  return { run, dealer, fleet, driver, cars };
}

/** The 'Unassign Vehicle' confirmation, answered Yes, after checking that it lists exactly `vehicles`. */
async function confirmUnassign(page: Page, vehicles: Vehicle[]): Promise<void> {
  await page.getByTestId('unassign-vehicle').click();
  const confirm = dialog(page, 'Unassign Vehicle');
  await expectVisible(confirm);
  await expectVisible(confirm.getByText(UNASSIGN_QUESTION, { exact: true }));
  expect(await confirm.getByTestId('unassign-list').locator('li').allInnerTexts()).toEqual(
    vehicles.map((v) => `${v.vin} — ${v.name}`),
  );
  await confirm.getByTestId('confirm-yes').click();
}

/** Opens the delete dialog of a list row (its trash icon) and returns it. */
async function openDelete(page: Page, listPath: string, name: string) {
  await page.goto(listPath);
  await page.getByLabel(`Delete ${name}`, { exact: true }).click();
  const confirm = dialog(page, 'Confirm delete operation');
  await expectVisible(confirm);
  return confirm;
}

/** The delete dialog refuses with exactly `text` and offers only Close. */
/** The delete dialog refuses with exactly these sentences, each on its own line. */
async function expectBlocked(page: Page, listPath: string, name: string, ...sentences: string[]): Promise<void> {
  const confirm = await openDelete(page, listPath, name);
  expect((await textOf(confirm.getByTestId('delete-blocked'))).split(/\n+/)).toEqual(sentences);
  expect(await confirm.getByTestId('confirm-yes').count()).toBe(0);
  await confirm.getByTestId('delete-blocked-close').click();
  await expectPath(page, listPath);
  await expect.poll(() => dialog(page, 'Confirm delete operation').count()).toBe(0);
}

/** The delete dialog asks exactly `question`; Yes deletes, with the toast `done`, and the row goes. */
async function deleteFromList(
  page: Page,
  listPath: string,
  grid: string,
  name: string,
  question: string,
  done: string,
): Promise<void> {
  const confirm = await openDelete(page, listPath, name);
  expect(await textOf(confirm.getByTestId('delete-question'))).toBe(question);
  await confirm.getByTestId('confirm-yes').click();
  await expectToast(page, done);
  await expectPath(page, listPath);
  await expect.poll(() => gridRow(page, grid, name).count()).toBe(0);
}

/** The spec's sentence, shown as its own paragraph with its full stop. */
const dealerBlock = (names: string) =>
  `Dealer can't be deleted. For deletion, please assign the ${names} to other dealer and all the assigned vehicles to the fleets will be unassigned.`;

describe('assigning vehicles on the fleet and driver details (part 1 §2.4, §2.5, §4)', () => {
  test('the fleet detail lists its vehicles, unassigns one after confirmation and assigns it back from the dealer', async ({
    page,
  }) => {
    const api = await Api.signIn();
    const { dealer, fleet, cars } = await world(api, 3);

    await signIn(page, ADMIN, `/fleet/${fleet.id}`);
    expect(await textOf(page.getByTestId('fleet-detail-name'))).toBe(fleet.name);
    expect(await textOf(page.getByTestId('fleet-detail-email'))).toBe(fleet.email);
    expect(await textOf(page.getByTestId('fleet-detail-dealer-name'))).toBe(dealer.name);
    expect(await textOf(page.getByTestId('fleet-detail-dealer-email'))).toBe(dealer.email);
    expect(await textOf(page.getByTestId('fleet-detail-status'))).toBe('Active');
    await expectVisible(page.getByRole('heading', { name: 'Vehicle List', exact: true }));
    await expectRowCount(page, 'assigned-vehicles-grid', 3);
    expect(await columnTexts(page, 'assigned-vehicles-grid', 'vin')).toEqual(cars.map((v) => v.vin));
    expect(await columnTexts(page, 'assigned-vehicles-grid', 'name')).toEqual(cars.map((v) => v.name));
    await screenshot(page, 'people-fleet-detail');

    // Unassign: disabled until a row is chosen, then a confirmation naming it.
    const unassign = page.getByTestId('unassign-vehicle');
    await expect.poll(() => unassign.isDisabled()).toBe(true);
    const [leaving, ...staying] = cars;
    await selectRow(gridRow(page, 'assigned-vehicles-grid', leaving.vin));
    await expect.poll(() => unassign.isEnabled()).toBe(true);
    await confirmUnassign(page, [leaving]);
    await expectToast(page, 'Vehicle Unassigned Successfully');
    await expectRowCount(page, 'assigned-vehicles-grid', 2);
    expect(await columnTexts(page, 'assigned-vehicles-grid', 'vin')).toEqual(staying.map((v) => v.vin));
    await expect.poll(() => unassign.isDisabled()).toBe(true);

    // It stays with the dealer: 'Add More Vehicle' offers it, and only it (no other dealer's or nobody's vehicle).
    await page.getByTestId('assign-vehicle').click();
    const add = dialog(page, 'Add More Vehicle');
    await expectVisible(add);
    await expectRowCount(add, 'unassigned-vehicles-grid', 1);
    expect(await columnTexts(add, 'unassigned-vehicles-grid', 'vin')).toEqual([leaving.vin]);
    const assign = add.getByTestId('assign-submit');
    await expect.poll(() => assign.isDisabled()).toBe(true);
    await selectRow(gridRow(add, 'unassigned-vehicles-grid', leaving.vin));
    await expect.poll(() => assign.isEnabled()).toBe(true);
    await assign.click();
    await expectToast(page, 'Vehicle Assigned Successfully');
    await expect.poll(() => dialog(page, 'Add More Vehicle').count()).toBe(0);
    await expectRowCount(page, 'assigned-vehicles-grid', 3);
    expect(await columnTexts(page, 'assigned-vehicles-grid', 'vin')).toEqual(cars.map((v) => v.vin));

    // The server agrees.
    const assigned = await api.call<{ data: Vehicle[] }>(
      'GET',
      `/api/vehicles/assigned?fleetId=${fleet.id}&pageNo=0&pageSize=10`,
    );
    expect(assigned.data.map((v) => v.id)).toEqual(cars.map((v) => v.id));
  });

  test("the driver detail assigns the fleet's free vehicles and unassigns one", async ({ page }) => {
    const api = await Api.signIn();
    const { fleet, driver, cars } = await world(api, 3);

    await signIn(page, ADMIN, `/driver/${driver.id}`);
    expect(await textOf(page.getByTestId('driver-detail-name'))).toBe(driver.name);
    expect(await textOf(page.getByTestId('driver-detail-email'))).toBe(driver.email);
    expect(await textOf(page.getByTestId('driver-detail-fleet'))).toBe(fleet.name);
    await expectVisible(page.getByRole('heading', { name: 'Vehicle List', exact: true }));
    await expectNoRows(page, 'assigned-vehicles-grid', 'No vehicles assigned');
    await expect.poll(() => page.getByTestId('unassign-vehicle').isDisabled()).toBe(true);

    // 'Assign Vehicle': the fleet's vehicles no driver holds.
    expect(await textOf(page.getByTestId('assign-vehicle'))).toBe('Assign Vehicle');
    await page.getByTestId('assign-vehicle').click();
    const add = dialog(page, 'Add Vehicles');
    await expectVisible(add);
    await expectRowCount(add, 'unassigned-vehicles-grid', 3);
    expect(await columnTexts(add, 'unassigned-vehicles-grid', 'vin')).toEqual(cars.map((v) => v.vin));
    const assign = add.getByTestId('assign-submit');
    await expect.poll(() => assign.isDisabled()).toBe(true);
    const [first, second, third] = cars;
    await selectRow(gridRow(add, 'unassigned-vehicles-grid', first.vin));
    await selectRow(gridRow(add, 'unassigned-vehicles-grid', second.vin));
    await expect.poll(() => assign.isEnabled()).toBe(true);
    await assign.click();
    await expectToast(page, 'Vehicle assigned successfully');
    await expect.poll(() => dialog(page, 'Add Vehicles').count()).toBe(0);
    await expectRowCount(page, 'assigned-vehicles-grid', 2);
    expect(await columnTexts(page, 'assigned-vehicles-grid', 'vin')).toEqual([first.vin, second.vin]);
    await screenshot(page, 'people-driver-detail');

    // Unassign one.
    await selectRow(gridRow(page, 'assigned-vehicles-grid', first.vin));
    await confirmUnassign(page, [first]);
    await expectToast(page, 'Vehicle unassigned successfully');
    await expectRowCount(page, 'assigned-vehicles-grid', 1);
    expect(await columnTexts(page, 'assigned-vehicles-grid', 'vin')).toEqual([second.vin]);

    // The freed vehicle is offered again, the held one is not.
    await page.getByTestId('assign-vehicle').click();
    await expectRowCount(dialog(page, 'Add Vehicles'), 'unassigned-vehicles-grid', 2);
    expect(await columnTexts(dialog(page, 'Add Vehicles'), 'unassigned-vehicles-grid', 'vin')).toEqual([
      first.vin,
      third.vin,
    ]);
    await dialog(page, 'Add Vehicles').getByTestId('assign-cancel').click();
    await expect.poll(() => dialog(page, 'Add Vehicles').count()).toBe(0);
  });
});

describe('delete guards of drivers, fleets and dealers (part 1 §4, §8)', () => {
  test('a fleet with drivers, a dealer with fleets and vehicles, a driver with vehicles and a fleet with vehicles are each handled as §8 says', async ({
    page,
  }) => {
    const api = await Api.signIn();
    const { dealer, fleet, driver, cars } = await world(api, 2);
    // A second driver, so that the block names both.
    const partner = await createDriver(api, runId(), fleet.id, 'Partner');
    await assignToDriver(api, driver.id, [cars[0]]);

    await signIn(page, ADMIN);

    // The fleet still has drivers: refused, naming them (the dialog lists the fleet's drivers as the server returns them).
    const fleetDrivers = (
      await api.call<{ driverIdANdName: { name: string }[] }>('GET', `/api/fleets/${fleet.id}`)
    ).driverIdANdName.map((d) => d.name);
    expect([...fleetDrivers].sort()).toEqual([driver.name, partner.name].sort());
    await expectBlocked(
      page,
      '/fleet',
      fleet.name,
      `Fleet can't be deleted. For deletion, please assign the ${fleetDrivers.join(', ')} to other Fleets.`,
    );

    // The dealer has a fleet and (through it) vehicles: both sentences.
    await expectBlocked(
      page,
      '/dealer',
      dealer.name,
      dealerBlock(fleet.name),
      dealerBlock(cars.map((v) => v.name).join(', ')),
    );

    // The driver holds a vehicle: the warning says it will be unassigned; Yes deletes with the confirm flag.
    await deleteFromList(
      page,
      '/driver',
      'drivers-grid',
      driver.name,
      `${driver.name} has vehicles assigned. All of them will be unassigned. Are you sure you want to delete this driver?`,
      'Driver deleted successfully',
    );
    // A driver without vehicles is simply asked about.
    await deleteFromList(
      page,
      '/driver',
      'drivers-grid',
      partner.name,
      `Are you sure you want to delete this driver (${partner.name})?`,
      'Driver deleted successfully',
    );
    // The vehicle went back to the fleet, free for its drivers.
    const free = await api.call<{ data: Vehicle[] }>(
      'GET',
      `/api/vehicles/assigned?fleetId=${fleet.id}&pageNo=0&pageSize=10`,
    );
    expect(free.data.map((v) => v.id)).toEqual(cars.map((v) => v.id));

    // No drivers left, but vehicles: the other refusal.
    await expectBlocked(
      page,
      '/fleet',
      fleet.name,
      "Fleet can't be deleted. For deletion, please unassign all the vehicle from the fleet.",
    );

    // Unassign them all on the fleet detail (the header checkbox selects the page).
    await page.goto(`/fleet/${fleet.id}`);
    await expectRowCount(page, 'assigned-vehicles-grid', 2);
    const header = page.getByTestId('assigned-vehicles-grid').locator('.ag-header-select-all input.ag-checkbox-input');
    await header.click();
    await expect.poll(() => header.isChecked()).toBe(true);
    await confirmUnassign(page, cars);
    await expectToast(page, 'Vehicle Unassigned Successfully');
    await expectNoRows(page, 'assigned-vehicles-grid', 'No vehicles assigned');

    // Now the fleet may go.
    await deleteFromList(
      page,
      '/fleet',
      'fleets-grid',
      fleet.name,
      `Are you sure you want to delete this fleet (${fleet.name})?`,
      'Fleet Deleted Successfully',
    );

    // The vehicles stay with the dealer (§2.5, §8): the dealer is still refused, now for its vehicles alone.
    await expectBlocked(page, '/dealer', dealer.name, dealerBlock(cars.map((v) => v.name).join(', ')));
    expect(await gridRows(page, 'dealers-grid').filter({ hasText: dealer.email }).count()).toBe(1);
  });

  test('in the allowed order (driver, then fleet, then dealer) everything is deleted', async ({ page }) => {
    const api = await Api.signIn();
    // No vehicles: nothing the people screens cannot take back (a dealer's vehicles would need the vehicle screens).
    const { dealer, fleet, driver } = await world(api, 0);

    await signIn(page, ADMIN);
    await expectBlocked(page, '/dealer', dealer.name, dealerBlock(fleet.name));
    await deleteFromList(
      page,
      '/driver',
      'drivers-grid',
      driver.name,
      `Are you sure you want to delete this driver (${driver.name})?`,
      'Driver deleted successfully',
    );
    await deleteFromList(
      page,
      '/fleet',
      'fleets-grid',
      fleet.name,
      `Are you sure you want to delete this fleet (${fleet.name})?`,
      'Fleet Deleted Successfully',
    );
    await deleteFromList(
      page,
      '/dealer',
      'dealers-grid',
      dealer.name,
      `Are you sure you want to delete this dealer (${dealer.name})?`,
      'Dealer deleted successfully',
    );
    // Gone on the server too, with their sign-in accounts.
    await expect(api.call('GET', `/api/dealers/${dealer.id}`)).rejects.toThrow(/answered 404/);
    expect(await Api.signInStatus({ email: dealer.email, password: 'Dealer-123' })).toBe(401);
  });
});
