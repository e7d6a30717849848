import { describe } from 'vitest';
import {
  ADMIN,
  expect,
  expectPath,
  expectVisible,
  fillLogin,
  mailedLink,
  signIn,
  test,
  textOf,
} from './support/fixtures';
import {
  Api,
  createDealer,
  createDriver,
  createFleet,
  dialog,
  expectRowCount,
  expectTitle,
  expectToast,
  gridRow,
  runId,
  withFreshPage,
} from './support/people';

describe("resetting a fleet owner's and a driver's password (part 1 §2.5, §2.6)", () => {
  test('the key icon on the Fleets List sets the owner a password; the owner signs in and sees only that fleet', async ({
    page,
    browser,
  }) => {
    const run = runId();
    const api = await Api.signIn();
    const dealer = await createDealer(api, run);
    const fleet = await createFleet(api, run, dealer.id, 'Owned');
    const other = await createFleet(api, run, dealer.id, 'Other');
    const owner = { email: fleet.email, password: 'Owner-789' };
    // A new fleet's owner has no password until one is set.
    expect(await Api.signInStatus(owner)).toBe(401);

    await signIn(page, ADMIN, '/fleet');
    await expectVisible(gridRow(page, 'fleets-grid', other.email));
    await page.getByLabel(`Reset password of ${fleet.name}`, { exact: true }).click();
    const reset = dialog(page, 'Reset Password');
    await expectVisible(reset);
    expect(await textOf(reset.getByTestId('reset-target'))).toBe(fleet.name);
    // The dialog opens on 'Email'; 'Generate Now' has the two password boxes, Reset and Cancel.
    expect(await reset.getByRole('tab', { name: 'Email', exact: true }).getAttribute('aria-selected')).toBe('true');
    await reset.getByRole('tab', { name: 'Generate Now', exact: true }).click();
    expect(await textOf(reset.getByTestId('reset-cancel'))).toBe('Cancel');
    await reset.getByTestId('reset-newPassword').fill(owner.password);
    await reset.getByTestId('reset-confirmNewPassword').fill(owner.password);
    expect(await textOf(reset.getByTestId('reset-submit'))).toBe('Reset');
    await reset.getByTestId('reset-submit').click();
    await expectToast(page, 'password updated Successfully');
    await expect.poll(() => dialog(page, 'Reset Password').count()).toBe(0);

    await withFreshPage(browser, 'people-passwords-fleet-owner', async (ownerPage) => {
      await signIn(ownerPage, owner);
      expect(await textOf(ownerPage.getByTestId('header-login'))).toBe(owner.email);
      // The fleet owner's menu: drivers, but no dealers (nor fleets) (§2.3, §6).
      await expectVisible(ownerPage.getByTestId('menu-driver'));
      expect(await ownerPage.getByTestId('menu-dealer').count()).toBe(0);
      expect(await ownerPage.getByTestId('menu-fleet').count()).toBe(0);

      await ownerPage.goto('/fleet');
      await expectTitle(ownerPage, 'Fleets List');
      await expectVisible(gridRow(ownerPage, 'fleets-grid', fleet.email));
      await expectRowCount(ownerPage, 'fleets-grid', 1);
      expect(await textOf(ownerPage.getByTestId('pager').locator('p'))).toBe('Showing 1 - 1 of 1 items.');
      // A fleet owner may not create fleets: no 'Add New'.
      expect(await ownerPage.getByTestId('add-new').count()).toBe(0);
    });
  });

  test("the 'Email' tab's Send Link mails the driver a reset link; the driver sets a password with it and signs in", async ({
    page,
    browser,
  }) => {
    const run = runId();
    const api = await Api.signIn();
    const dealer = await createDealer(api, run);
    const fleet = await createFleet(api, run, dealer.id);
    const driver = await createDriver(api, run, fleet.id);
    const newPassword = 'Driver-246';

    await signIn(page, ADMIN, '/driver');
    await page.getByLabel(`Reset password of ${driver.name}`, { exact: true }).click();
    const reset = dialog(page, 'Reset Password');
    await expectVisible(reset);
    expect(await textOf(reset.getByTestId('reset-target'))).toBe(driver.name);
    expect(await reset.getByTestId('reset-link-email').inputValue()).toBe(driver.email);
    expect(await textOf(reset.getByTestId('reset-send-link'))).toBe('Send Link');
    await reset.getByTestId('reset-send-link').click();
    await expectToast(page, 'Reset link sent.');

    const link = await mailedLink(driver.email, '/account/reset/finish');
    expect(link.startsWith(`${new URL(page.url()).origin}/account/reset/finish?key=`)).toBe(true);

    await withFreshPage(browser, 'people-passwords-driver', async (driverPage) => {
      await driverPage.goto(link);
      await driverPage.getByTestId('reset-new-password').fill(newPassword);
      await driverPage.getByTestId('reset-confirm-password').fill(newPassword);
      await driverPage.getByTestId('reset-finish-submit').click();
      expect(await textOf(driverPage.getByTestId('reset-finish-success'))).toContain('Your password has been reset.');

      await driverPage.goto('/login');
      await fillLogin(driverPage, driver.email, newPassword);
      await expectPath(driverPage, '/vehicle');
      expect(await textOf(driverPage.getByTestId('header-login'))).toBe(driver.email);
      expect(await textOf(driverPage.getByTestId('sidebar-role'))).toBe('User');
    });
  });
});
