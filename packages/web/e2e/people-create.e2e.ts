import { describe } from 'vitest';
import { ADMIN, expect, expectPath, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import {
  Api,
  columnTexts,
  createDealer,
  dialog,
  expectNoRows,
  expectRowCount,
  expectTitle,
  expectToast,
  gridRow,
  gridRows,
  runId,
} from './support/people';

/** A real 1x1 PNG (opaque red pixel). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('creating a dealer, a fleet under it and a driver with a photo (part 1 §2.4, §2.5, §2.7)', () => {
  test('the administrator creates a dealer, then a fleet of that dealer, then a driver of that fleet with a photo', async ({
    page,
  }) => {
    const run = runId();
    const dealer = {
      name: `Dana Dealer ${run}`,
      email: `dana-${run}@example.test`,
      mobile: '5550001234',
      company: `Voltworks ${run}`,
    };
    const fleet = { name: `North Fleet ${run}`, email: `north-${run}@example.test` };
    const driver = {
      name: `Drew Driver ${run}`,
      email: `drew-${run}@example.test`,
      mobile: '55500012345',
      address: '12 Charge Lane',
    };

    await signIn(page, ADMIN);

    // ---- the dealer (§2.7)
    await page.getByTestId('menu-dealer').click();
    await expectPath(page, '/dealer');
    await expectTitle(page, 'Dealers List');
    await page.getByTestId('add-new').click();
    await expectPath(page, '/dealer/new');
    const dealerModal = dialog(page, 'Add Dealer');
    await expectVisible(dealerModal);
    await dealerModal.getByTestId('dealer-name').fill(dealer.name);
    await dealerModal.getByTestId('dealer-email').fill(dealer.email);
    await dealerModal.getByTestId('dealer-mobileNumber').fill(dealer.mobile);
    await dealerModal.getByTestId('dealer-company').fill(dealer.company);

    // The generator fills in 7 to 15 characters of its alphabet and shows them (§5, §9).
    const password = dealerModal.getByTestId('dealer-password');
    expect(await password.getAttribute('type')).toBe('password');
    await dealerModal.getByTestId('dealer-password-generate').click();
    await expect.poll(() => password.inputValue()).toMatch(/^[a-z1-9!@#_]{7,15}$/);
    expect(await password.getAttribute('type')).toBe('text');

    // 'Require Authentication' on: 'Verification is enabled.' in green for about 1.5 s (§2.7, §9).
    const notice = dealerModal.getByTestId('dealer-activation-notice');
    expect(await notice.innerText()).toBe('');
    const activation = dealerModal.getByRole('switch', { name: 'Require Authentication', exact: true });
    expect(await activation.getAttribute('data-testid')).toBe('dealer-activation');
    expect(await activation.isChecked()).toBe(false);
    await activation.check();
    const shownAt = Date.now();
    expect(await textOf(notice)).toBe('Verification is enabled.');
    const [red, green] = (await notice.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    expect(green, 'the enabled notice is green').toBeGreaterThan(red);
    await screenshot(page, 'people-add-dealer-modal');
    await expect.poll(() => notice.innerText(), { timeout: 5_000, interval: 100 }).toBe('');
    const shownFor = Date.now() - shownAt;
    expect(shownFor, `the notice stayed ${shownFor} ms`).toBeGreaterThanOrEqual(1_300);
    expect(shownFor, `the notice stayed ${shownFor} ms`).toBeLessThan(3_000);

    await dealerModal.getByTestId('entity-save').click();
    await expectToast(page, 'Dealer Created Successfully');
    await expectPath(page, '/dealer');
    expect(await dialog(page, 'Add Dealer').count()).toBe(0);
    const dealerRow = gridRow(page, 'dealers-grid', dealer.email);
    await expectVisible(dealerRow);
    expect(await textOf(dealerRow.locator('[col-id="name"]'))).toBe(dealer.name);
    expect(await textOf(dealerRow.locator('[col-id="company"]'))).toBe(dealer.company);
    expect(await textOf(dealerRow.locator('[col-id="mobileNumber"]'))).toBe(dealer.mobile);
    // §2.7: the address is always sent as 'Default'.
    expect(await textOf(dealerRow.locator('[col-id="address"]'))).toBe('Default');
    await screenshot(page, 'people-dealers-list');

    // ---- the fleet under it (§2.5)
    await page.getByTestId('menu-fleet').click();
    await expectPath(page, '/fleet');
    await expectTitle(page, 'Fleets List');
    await page.getByTestId('add-new').click();
    const fleetModal = dialog(page, 'Add Fleet');
    await expectVisible(fleetModal);
    await fleetModal.getByTestId('fleet-name').fill(fleet.name);
    await fleetModal.getByTestId('fleet-email').fill(fleet.email);
    // The dealer's email is read-only and follows the chosen dealer.
    const dealerEmail = fleetModal.getByTestId('fleet-dealerEmail');
    expect(await dealerEmail.getAttribute('readonly')).not.toBeNull();
    expect(await dealerEmail.inputValue()).toBe('');
    await fleetModal.getByTestId('fleet-dealerId').selectOption({ label: dealer.name });
    await expect.poll(() => dealerEmail.inputValue()).toBe(dealer.email);
    await fleetModal.getByTestId('fleet-dealerId').selectOption('');
    await expect.poll(() => dealerEmail.inputValue()).toBe('');
    await fleetModal.getByTestId('fleet-dealerId').selectOption({ label: dealer.name });
    await expect.poll(() => dealerEmail.inputValue()).toBe(dealer.email);
    await fleetModal.getByTestId('entity-save').click();
    await expect.poll(() => dialog(page, 'Add Fleet').count()).toBe(0);
    const fleetRow = gridRow(page, 'fleets-grid', fleet.email);
    await expectVisible(fleetRow);
    expect(await textOf(fleetRow.locator('[col-id="name"]'))).toBe(fleet.name);
    expect(await textOf(fleetRow.locator('[col-id="dealerName"]'))).toBe(dealer.name);
    expect(await textOf(fleetRow.locator('[col-id="dealerEmail"]'))).toBe(dealer.email);
    // A new fleet is Active (§3).
    expect(await textOf(fleetRow.locator('[col-id="status"]'))).toBe('Active');
    await screenshot(page, 'people-fleets-list');

    // ---- the driver in that fleet, with a photo (§2.4)
    await page.getByTestId('menu-driver').click();
    await expectPath(page, '/driver');
    await expectTitle(page, 'Drivers List');
    await page.getByTestId('add-new').click();
    await expectPath(page, '/driver/new');
    const driverModal = dialog(page, 'Add Driver');
    await expectVisible(driverModal);
    await driverModal.getByTestId('driver-name').fill(driver.name);
    await driverModal.getByTestId('driver-email').fill(driver.email);
    await driverModal.getByTestId('driver-mobile').fill(driver.mobile);
    await driverModal.getByTestId('driver-address').fill(driver.address);
    await driverModal.getByTestId('driver-fleetId').selectOption({ label: fleet.name });
    await driverModal
      .getByTestId('driver-photo-input')
      .setInputFiles({ name: 'drew.png', mimeType: 'image/png', buffer: PNG_1X1 });
    // Uploaded at once: the preview shows the server's copy.
    const preview = driverModal.getByTestId('driver-photo-preview').locator('img');
    await expect.poll(() => preview.getAttribute('src')).toBe(`data:image/png;base64,${PNG_1X1.toString('base64')}`);
    await driverModal.getByTestId('entity-save').click();
    await expectToast(page, 'Driver Created Successfully');
    await expectPath(page, '/driver');
    const driverRow = gridRow(page, 'drivers-grid', driver.email);
    await expectVisible(driverRow);
    const nameCell = driverRow.locator('[col-id="name"]');
    // Full Name with the photo and the mobile under the name (§2.4).
    expect((await textOf(nameCell)).split(/\n+/)).toEqual([driver.name, driver.mobile]);
    expect(await textOf(driverRow.locator('[col-id="fleetName"]'))).toBe(fleet.name);
    // The photo shows in the list: the uploaded PNG, really decoded by the browser.
    const photo = nameCell.locator('img');
    await expectVisible(photo);
    expect(await photo.getAttribute('src')).toBe(`data:image/png;base64,${PNG_1X1.toString('base64')}`);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await screenshot(page, 'people-drivers-list');
  });
});

describe('searching the dealers (part 1 §2.7, §7)', () => {
  test('typing part of a company shows only the matching dealers, and clearing shows them all again', async ({
    page,
  }) => {
    const run = runId();
    const api = await Api.signIn();
    const ampere = await createDealer(api, `${run}a`, 'Ampere');
    const ohm = await createDealer(api, `${run}b`, 'Ohm');

    await signIn(page, ADMIN, '/dealer');
    await expectVisible(gridRow(page, 'dealers-grid', ampere.email));
    await expectVisible(gridRow(page, 'dealers-grid', ohm.email));
    const unfiltered = await gridRows(page, 'dealers-grid').count();
    expect(unfiltered).toBeGreaterThanOrEqual(2);

    // Part of the company, in other letter case: only that dealer.
    const search = page.getByTestId('search-box');
    await search.fill(`PERE MOTORS ${run}`.toLowerCase());
    await expectRowCount(page, 'dealers-grid', 1);
    expect(await columnTexts(page, 'dealers-grid', 'company')).toEqual([ampere.company]);

    // The run's suffix is in both companies: both, and nobody else's.
    await search.fill(`Motors ${run}`);
    await expectRowCount(page, 'dealers-grid', 2);
    expect((await columnTexts(page, 'dealers-grid', 'company')).sort()).toEqual([ampere.company, ohm.company].sort());

    await search.fill(`no such company ${run}`);
    await expectRowCount(page, 'dealers-grid', 0);
    await expectNoRows(page, 'dealers-grid', 'No dealers found');

    await search.fill('');
    await expectRowCount(page, 'dealers-grid', unfiltered);
  });
});
