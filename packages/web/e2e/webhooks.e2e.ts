import { afterAll, beforeAll, describe } from 'vitest';
import {
  ADMIN,
  WAIT_MS,
  authenticate,
  baseUrl,
  expect,
  expectVisible,
  openMenuGroup,
  screenshot,
  signIn,
  test,
  textOf,
} from './support/fixtures';
import { chooseLanguage } from './support/languages';
import {
  Api,
  createDealer,
  createFleet,
  dialog,
  expectNoRows,
  expectToast,
  gridRow,
  rowActions,
  runId,
} from './support/people';
import { startWebhookReceiver } from './support/webhook-receiver';

describe('Webhooks (Administration → Webhooks, docs/integrations.md)', () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  test('an administrator makes a hook, sees its secret once, tests it, reads its deliveries, pauses, resumes and deletes it', async ({
    page,
  }) => {
    const url = `${receiver.url}?run=${runId()}`;
    await signIn(page, ADMIN);
    await openMenuGroup(page, 'administration');
    await page.getByTestId('menu-webhooks').click();
    await expect.poll(() => textOf(page.getByTestId('list-title'))).toBe('Webhooks');
    await expect.poll(() => page.title()).toBe('Webhooks · evfleet');

    await page.getByTestId('webhook-create').click();
    const form = dialog(page, 'New webhook');
    await expectVisible(form);
    // No URL and no event are refused at their fields, in the domain's words.
    await form.getByTestId('entity-save').click();
    await expectVisible(form.getByText('must be an http or https URL', { exact: true }));
    await expectVisible(form.getByText(/^must name at least one of alert\.raised/));
    await form.getByTestId('webhook-url').fill(url);
    await form.getByTestId('webhook-event-alert.raised').check();
    await form.getByTestId('webhook-event-zone.entered').check();
    expect(await textOf(form.getByTestId('webhook-format'))).toContain('Microsoft Teams');
    await screenshot(page, 'webhook-form');
    await form.getByTestId('entity-save').click();

    const shown = dialog(page, "Your webhook's secret");
    await expectVisible(shown);
    expect(await textOf(shown.getByTestId('webhook-secret'))).toMatch(/^\S{16,}$/);
    expect(await textOf(shown.getByTestId('webhook-warning'))).toContain('not shown again');
    await shown.getByTestId('webhook-created-close').click();
    await expect.poll(() => dialog(page, "Your webhook's secret").count()).toBe(0);

    const row = gridRow(page, 'webhooks-grid', url);
    await expectVisible(row);
    expect(await textOf(row.locator('[col-id="events"]'))).toMatch(/alert\.raised\s+zone\.entered/);
    expect(await textOf(row.locator('[col-id="format"]'))).toBe('JSON');
    expect(await textOf(row.locator('[col-id="scope"]'))).toBe('All vehicles');
    expect(await textOf(row.locator('[col-id="owner"]'))).toBe(ADMIN.login);
    expect(await textOf(row.locator('[col-id="status"]'))).toMatch(/^Active$/i);

    // Edit from the list: the form starts from the hook, and an empty secret keeps its own.
    await rowActions(page, 'webhooks-grid', url).getByLabel(`Edit ${url}`, { exact: true }).click();
    const edit = dialog(page, 'Edit webhook');
    await expectVisible(edit);
    expect(await edit.getByTestId('webhook-url').inputValue()).toBe(url);
    expect(await edit.getByTestId('webhook-event-zone.entered').isChecked()).toBe(true);
    await edit.getByText('Slack', { exact: true }).click();
    await edit.getByTestId('entity-save').click();
    await expect.poll(() => textOf(row.locator('[col-id="format"]'))).toBe('Slack');

    // Test from the list: the receiver answers 200, with the delivery's headers.
    await rowActions(page, 'webhooks-grid', url).getByLabel(`Send a test to ${url}`, { exact: true }).click();
    await expectToast(page, 'The test was delivered: HTTP 200');
    await expect.poll(() => receiver.received.length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    const request = receiver.received.at(-1)!;
    expect(request.headers['evfleet-event']).toBe('webhook.test');
    expect(request.headers['evfleet-delivery']).toBeTruthy();
    expect(request.headers['evfleet-signature']).toBeTruthy();
    await screenshot(page, 'webhooks-list');

    // The detail page lists the test delivery.
    await row.getByRole('link', { name: url, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/webhooks\/\d+$/);
    await expect.poll(() => page.title()).toBe('Webhook · evfleet');
    expect(await textOf(page.getByTestId('webhook-detail-url'))).toBe(url);
    const delivery = gridRow(page, 'webhook-deliveries-grid', 'webhook.test');
    await expectVisible(delivery);
    expect(await textOf(delivery.locator('[col-id="status"]'))).toMatch(/^Delivered$/i);
    expect(await textOf(delivery.locator('[col-id="statusCode"]'))).toBe('200');
    expect(await textOf(delivery.locator('[col-id="attempts"]'))).toBe('1');
    // The row is the delivery the receiver got: its id is the evfleet-delivery header.
    expect(await delivery.getAttribute('row-id')).toBe(request.headers['evfleet-delivery']);
    await page.getByTestId('webhook-deliveries-refresh').click();
    await expectVisible(delivery);
    await screenshot(page, 'webhook-detail');

    // Pause and resume.
    await page.getByTestId('webhook-toggle').click();
    await expectToast(page, `The webhook to ${url} is paused`);
    await expect.poll(() => textOf(page.getByTestId('detail-title').locator('..'))).toContain('Paused');
    await page.getByTestId('webhook-toggle').click();
    await expectToast(page, `The webhook to ${url} is active again`);
    await expect.poll(() => page.getByTestId('webhook-toggle').innerText()).toBe('Pause');

    // Delete from the list.
    await page.getByTestId('back').click();
    await expectVisible(gridRow(page, 'webhooks-grid', url));
    await rowActions(page, 'webhooks-grid', url).getByLabel(`Delete ${url}`, { exact: true }).click();
    const question = dialog(page, 'Delete webhook');
    expect(await textOf(question)).toContain(`Delete the webhook to ${url}?`);
    await question.getByTestId('confirm-yes').click();
    await expectToast(page, `The webhook to ${url} is deleted`);
    await expect.poll(() => gridRow(page, 'webhooks-grid', url).count()).toBe(0);
  });

  test("a refused test is told with the receiver's status, and its delivery shows as failed", async ({ page }) => {
    const url = `${receiver.refusingUrl}?run=${runId()}`;
    const token = await authenticate(ADMIN);
    const response = await fetch(`${baseUrl}/api/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['trip.ended'], format: 'slack' }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };

    await signIn(page, ADMIN, `/webhooks/${id}`);
    expect(await textOf(page.getByTestId('webhook-detail-format'))).toBe('Slack');
    await expectNoRows(page, 'webhook-deliveries-grid', 'No deliveries yet');
    await page.getByTestId('webhook-test').click();
    await expectToast(page, 'The test failed: HTTP 500');
    const delivery = gridRow(page, 'webhook-deliveries-grid', 'webhook.test');
    await expectVisible(delivery);
    expect(await textOf(delivery.locator('[col-id="status"]'))).toMatch(/^Failed$/i);
    expect(await textOf(delivery.locator('[col-id="statusCode"]'))).toBe('500');
    await screenshot(page, 'webhook-detail-failed');
    await fetch(`${baseUrl}/api/webhooks/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  });

  test('a dealer scopes a hook to one of its fleets; a fleet owner has no scope to choose', async ({ page }) => {
    const run = runId();
    const admin = await Api.signIn(ADMIN);
    const dealer = await createDealer(admin, run, 'HookDealer');
    const fleet = await createFleet(admin, run, dealer.id, 'HookFleet');
    const otherFleet = await createFleet(admin, run, (await createDealer(admin, run, 'OtherDealer')).id, 'OtherFleet');
    const url = `${receiver.url}?run=${run}`;

    await signIn(page, { email: dealer.email, password: 'Dealer-123' });
    await openMenuGroup(page, 'administration');
    await page.getByTestId('menu-webhooks').click();
    await page.getByTestId('webhook-create').click();
    const form = dialog(page, 'New webhook');
    const scope = form.getByTestId('webhook-scope');
    await expect.poll(() => scope.locator('option').allInnerTexts()).toEqual(['Your whole dealership', fleet.name]);
    expect(await scope.locator('option').allInnerTexts()).not.toContain(otherFleet.name);
    await form.getByTestId('webhook-url').fill(url);
    await form.getByTestId('webhook-event-trip.ended').check();
    await scope.selectOption({ label: fleet.name });
    await form.getByTestId('entity-save').click();
    await dialog(page, "Your webhook's secret").getByTestId('webhook-created-close').click();
    const row = gridRow(page, 'webhooks-grid', url);
    expect(await textOf(row.locator('[col-id="scope"]'))).toBe(`Fleet: ${fleet.name}`);
    expect(await page.getByTestId('webhooks-grid').locator('[col-id="owner"]').count()).toBe(0);

    await admin.call('POST', '/api/account/update-password-prototype', {
      email: fleet.email,
      newPassword: 'Fleet-12345',
      confirmNewPassword: 'Fleet-12345',
    });
    await signIn(page, { email: fleet.email, password: 'Fleet-12345' }, '/webhooks');
    // Another person's hooks are not listed.
    await expectNoRows(page, 'webhooks-grid', 'No webhooks yet');
    await page.getByTestId('webhook-create').click();
    await expectVisible(dialog(page, 'New webhook').getByTestId('webhook-url'));
    expect(await dialog(page, 'New webhook').getByTestId('webhook-scope').count()).toBe(0);
  });

  test('the page speaks German', async ({ page }) => {
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      await page.goto('/webhooks');
      await expect.poll(() => textOf(page.getByTestId('webhook-create')), { timeout: WAIT_MS }).toBe('Neuer Webhook');
      await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Webhooks · evfleet');
      await page.getByTestId('webhook-create').click();
      const form = dialog(page, 'Neuer Webhook');
      await expectVisible(form);
      expect(await textOf(form.getByTestId('webhook-events'))).toContain('Alarm ausgelöst');
      await form.getByTestId('entity-save').click();
      await expectVisible(form.getByText('muss eine http- oder https-URL sein', { exact: true }));
      await screenshot(page, 'webhooks-german');
    } finally {
      await chooseLanguage(page, 'en');
    }
  });
});
