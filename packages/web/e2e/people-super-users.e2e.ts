import { describe } from 'vitest';
import {
  ADMIN,
  expect,
  expectPath,
  expectVisible,
  openMenuGroup,
  screenshot,
  signIn,
  test,
  textOf,
} from './support/fixtures';
import { Api, dialog, expectTitle, expectToast, gridRow, mobile, runId, withFreshPage } from './support/people';

describe('super users (part 1 §2.6, §2.8)', () => {
  test('the administrator adds, edits and resets the password of a super user, who then signs in as an administrator, and deletes it', async ({
    page,
    browser,
  }) => {
    const run = runId();
    const user = {
      name: `Sam Super ${run}`,
      email: `sam-${run}@example.test`,
      mobile: mobile(10),
      password: 'First-123',
      address: '1 Admin Road',
    };
    const edited = { name: `Samantha Super ${run}`, mobile: mobile(12) };
    const newPassword = 'Second-456';

    await signIn(page, ADMIN);
    await openMenuGroup(page, 'administration');
    await page.getByTestId('menu-users').click();
    await expectPath(page, '/users-page');
    await expectTitle(page, 'Super Users List');

    // ---- Add User
    await page.getByTestId('add-new').click();
    const add = dialog(page, 'Add User');
    await expectVisible(add);
    await add.getByTestId('superuser-name').fill(user.name);
    await add.getByTestId('superuser-email').fill(user.email);
    await add.getByTestId('superuser-mobileNumber').fill(user.mobile);
    await add.getByTestId('superuser-password').fill(user.password);
    await add.getByTestId('superuser-address').fill(user.address);
    await add.getByTestId('entity-save').click();
    await expect.poll(() => dialog(page, 'Add User').count()).toBe(0);
    const row = gridRow(page, 'super-users-grid', user.email);
    await expectVisible(row);
    expect(await textOf(row.locator('[col-id="name"]'))).toBe(user.name);
    expect(await textOf(row.locator('[col-id="mobileNumber"]'))).toBe(user.mobile);
    expect(await textOf(row.locator('[col-id="address"]'))).toBe(user.address);
    // Its own password already works.
    expect(await Api.signInStatus({ email: user.email, password: user.password })).toBe(200);
    await screenshot(page, 'people-super-users-list');

    // ---- Edit User: the form holds the user, and has no password field.
    await page.getByLabel(`Edit ${user.name}`, { exact: true }).click();
    const edit = dialog(page, 'Edit User');
    await expectVisible(edit);
    expect(await edit.getByTestId('superuser-name').inputValue()).toBe(user.name);
    expect(await edit.getByTestId('superuser-email').inputValue()).toBe(user.email);
    expect(await edit.getByTestId('superuser-mobileNumber').inputValue()).toBe(user.mobile);
    expect(await edit.getByTestId('superuser-address').inputValue()).toBe(user.address);
    expect(await edit.getByTestId('superuser-password').count()).toBe(0);
    await edit.getByTestId('superuser-name').fill(edited.name);
    await edit.getByTestId('superuser-mobileNumber').fill(edited.mobile);
    await edit.getByTestId('entity-save').click();
    await expect.poll(() => dialog(page, 'Edit User').count()).toBe(0);
    await expect.poll(() => row.locator('[col-id="name"]').innerText()).toBe(edited.name);
    expect(await textOf(row.locator('[col-id="mobileNumber"]'))).toBe(edited.mobile);
    // Editing without a password kept it.
    expect(await Api.signInStatus({ email: user.email, password: user.password })).toBe(200);

    // ---- Reset Password: titled so, showing the user's email; 'Generate Now' sets a new one.
    await page.getByLabel(`Reset password of ${edited.name}`, { exact: true }).click();
    const reset = dialog(page, 'Reset Password');
    await expectVisible(reset);
    expect(await textOf(reset.getByTestId('reset-target'))).toBe(user.email);
    await reset.getByRole('tab', { name: 'Generate Now', exact: true }).click();
    await reset.getByTestId('reset-newPassword').fill(newPassword);
    await reset.getByTestId('reset-confirmNewPassword').fill(newPassword);
    await reset.getByTestId('reset-submit').click();
    await expectToast(page, 'password updated Successfully');
    await expect.poll(() => dialog(page, 'Reset Password').count()).toBe(0);
    expect(await Api.signInStatus({ email: user.email, password: user.password })).toBe(401);

    // ---- The super user signs in with the new password, elsewhere: an administrator's menu.
    await withFreshPage(browser, 'people-super-users-sign-in', async (other) => {
      await signIn(other, { email: user.email, password: newPassword });
      // Its account's login is its email; it holds ROLE_ADMIN and ROLE_USER (labelled by the higher).
      expect(await textOf(other.getByTestId('header-login'))).toBe(user.email);
      expect(await textOf(other.getByTestId('sidebar-role'))).toBe('Administrator');
      await openMenuGroup(other, 'administration');
      await expectVisible(other.getByTestId('menu-users'));
      await expectVisible(other.getByTestId('menu-dealer'));
      await other.getByTestId('menu-users').click();
      await expectVisible(gridRow(other, 'super-users-grid', user.email));
    });

    // ---- Delete, after the question with the name.
    await page.getByLabel(`Delete ${edited.name}`, { exact: true }).click();
    const confirm = dialog(page, 'Confirm delete operation');
    await expectVisible(confirm);
    expect(await textOf(confirm.getByTestId('delete-question'))).toBe(
      `Are you sure you want to delete(${edited.name})?`,
    );
    await confirm.getByTestId('confirm-yes').click();
    await expectToast(page, 'User deleted successfully');
    await expect.poll(() => dialog(page, 'Confirm delete operation').count()).toBe(0);
    await expect.poll(() => row.count()).toBe(0);
    // Its account went with it.
    expect(await Api.signInStatus({ email: user.email, password: newPassword })).toBe(401);
  });
});
