import { describe } from 'vitest';
import { ADMIN, expect, expectPath, expectVisible, signIn, test, textOf } from './support/fixtures';
import { expectFocusWithin, tabThrough, tabTo } from './support/keyboard';
import { Api, dialog, runId } from './support/people';
import { field } from './support/records';

/**
 * Keyboard paths (accessibility): Tab reaches every field and button of a form or modal,
 * in order and with a focus the user can see; Enter submits; Escape closes a modal and gives the
 * focus back. One of each kind: the login form, a create modal, a record form, a delete dialog.
 */
describe('keyboard paths through forms and modals', () => {
  test('the login form: Tab goes through email, password, remember me, the reset link and Sign in; Enter signs in', async ({
    page,
  }) => {
    await page.goto('/login');
    const email = page.getByTestId('username');
    await tabTo(page, email);
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    // From the email box: the rest of the form, in reading order.
    await email.focus();
    const order = await tabThrough(page, 4);
    expect(order).toEqual(['password', 'remember-me', 'forgot-password', 'login-submit']);

    await page.getByTestId('password').focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('sidebar-user'));
  });

  test('a create modal: Enter on Add New opens it with the focus inside, Tab reaches each field and both buttons, Escape closes it', async ({
    page,
  }) => {
    await signIn(page, ADMIN, '/fleet');
    const add = page.getByTestId('add-new');
    await tabTo(page, add, 80);
    await page.keyboard.press('Enter');
    const modal = dialog(page, 'Add Fleet');
    await expectVisible(modal);
    await expectFocusWithin(modal);
    expect(await page.getByTestId('fleet-name').evaluate((el) => el === document.activeElement)).toBe(true);

    const order = await tabThrough(page, 8);
    for (const stop of ['fleet-email', 'fleet-dealerId', 'entity-cancel', 'entity-save'])
      expect(order, `Tab reaches ${stop}`).toContain(stop);
    expect(order.indexOf('fleet-email')).toBeLessThan(order.indexOf('entity-save'));
    // The modal keeps the focus: Tab never leaves it for the page beneath.
    await expectFocusWithin(modal);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page, 'Add Fleet').count()).toBe(0);
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('a record form: Tab reaches the field, Back and Save; Enter in the field saves the record', async ({ page }) => {
    await signIn(page, ADMIN, '/car/new');
    const name = field(page, 'name');
    await tabTo(page, name, 80);
    const order = await tabThrough(page, 2);
    expect(order).toEqual(['back', 'save']);

    const carName = `Keyboard car ${runId()}`;
    await name.focus();
    await page.keyboard.type(carName);
    await page.keyboard.press('Enter');
    await expectPath(page, '/car');
    await expectVisible(page.getByText(carName, { exact: true }));
  });

  test('a delete dialog: the focus starts inside, Tab moves between Cancel and Delete, Escape closes it without deleting', async ({
    page,
  }) => {
    const api = await Api.signIn(ADMIN);
    const carName = `Keyboard delete ${runId()}`;
    const car = await api.call<{ id: number }>('POST', '/api/cars', { name: carName });
    await signIn(page, ADMIN, `/car/${car.id}/delete`);
    const modal = dialog(page, 'Confirm delete operation');
    await expectVisible(modal);
    await expectFocusWithin(modal);
    expect(await textOf(modal.getByTestId('delete-question'))).toBe('Are you sure you want to delete this Car?');

    const order = await tabThrough(page, 3);
    for (const stop of ['confirm-no', 'confirm-yes']) expect(order, `Tab reaches ${stop}`).toContain(stop);
    await expectFocusWithin(modal);

    await page.keyboard.press('Escape');
    await expectPath(page, '/car');
    await expect.poll(() => dialog(page, 'Confirm delete operation').count()).toBe(0);
    expect((await api.call<{ name: string }>('GET', `/api/cars/${car.id}`)).name).toBe(carName);
    await api.call('DELETE', `/api/cars/${car.id}`);
  });
});
