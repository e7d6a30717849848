import { afterAll, describe } from 'vitest';
import { ADMIN, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { daysAgo } from './support/can-report';
import { pickDay } from './support/date-time';
import { Api, assignToFleet, createDealer, createFleet, dialog, freeVehicles, gridRow, runId } from './support/people';
import { recordGrid } from './support/records';

/** One way of writing times, sentences that do not run together. */

const DAY = daysAgo(3);
const ymd = `${DAY.getFullYear()}/${String(DAY.getMonth() + 1).padStart(2, '0')}/${String(DAY.getDate()).padStart(2, '0')}`;

afterAll(async () => {
  // The administrator's clock goes back to the default for the other test files.
  const api = await Api.signIn(ADMIN);
  await api.call('PUT', '/api/account/preferences/hourCycle', { value: '24h' });
  await api.call('PUT', '/api/account/preferences/dateStyle', { value: 'specification' });
});

describe('formatting', () => {
  test('date-time pickers write midnight and the last minute on a valid clock, 24-hour or 12-hour as chosen', async ({
    page,
  }) => {
    await signIn(page, ADMIN, '/report/can-history-report');
    expect(await pickDay(page, 'report-start', 'Start Date', DAY)).toBe(`${ymd} 00:00`);
    expect(await pickDay(page, 'report-end', 'End Date', DAY)).toBe(`${ymd} 23:59`);

    await page.goto('/account/settings');
    const clock = page.getByTestId('settings-hour-cycle');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/account/preferences/hourCycle') && r.request().method() === 'PUT',
    );
    await clock.getByText('12-hour', { exact: false }).click();
    await saved;
    await screenshot(page, 'settings-hour-cycle');
    await page.reload();
    await expect.poll(() => clock.locator('input:checked').inputValue()).toBe('12h');

    await page.goto('/report/can-history-report');
    expect(await pickDay(page, 'report-start', 'Start Date', DAY)).toBe(`${ymd} 12:00 AM`);
    expect(await pickDay(page, 'report-end', 'End Date', DAY)).toBe(`${ymd} 11:59 PM`);
    // A record's moment is written on the same clock, to the second (not the browser's own clock).
    await page.goto('/vehicle-log/new');
    expect(await pickDay(page, 'field-logTime', 'Log Time', DAY)).toMatch(
      new RegExp(`^${ymd} \\d{2}:\\d{2}:\\d{2} [AP]M$`),
    );
  });

  test("dates are written day first as the specification has them, or in the language's order when chosen", async ({
    page,
  }) => {
    const api = await Api.signIn(ADMIN);
    // The clock the test above left on 12 hours goes back to 24.
    await api.call('PUT', '/api/account/preferences/hourCycle', { value: '24h' });
    const message = `date style ${runId('d')}`;
    const vehicle = (await freeVehicles(api, 1))[0];
    await api.call('POST', '/api/vehicle-logs', {
      vehicle: { id: vehicle.id },
      warningType: 'WARNING',
      message,
      // 4 March 2098, 05:06 on this machine's clock, which the browser shares.
      logTime: new Date(2098, 2, 4, 5, 6).toISOString(),
    });
    const logTime = async () => {
      await page.goto('/vehicle-log');
      return textOf(gridRow(page, recordGrid('vehicle-log'), message).locator('[col-id="logTime"]'));
    };
    await signIn(page, ADMIN, '/account/settings');
    const order = page.getByTestId('settings-date-style');
    await expect.poll(() => order.locator('input:checked').inputValue()).toBe('specification');
    // The list date of part 2: DD/MM/YY HH:mm.
    expect(await logTime()).toBe('04/03/98 05:06');

    await page.goto('/account/settings');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/account/preferences/dateStyle') && r.request().method() === 'PUT',
    );
    await order.getByText("In the language's order (11/28/2026)").click();
    await saved;
    await screenshot(page, 'settings-date-style');
    await page.reload();
    await expect.poll(() => order.locator('input:checked').inputValue()).toBe('language');
    expect(await logTime()).toBe('03/04/2098 05:06');
  });

  test('a dealer with fleets and vehicles is refused in sentences that each end, one under the other', async ({
    page,
  }) => {
    const api = await Api.signIn(ADMIN);
    const run = runId('f');
    const dealer = await createDealer(api, run);
    const fleet = await createFleet(api, run, dealer.id);
    await assignToFleet(api, fleet.id, await freeVehicles(api, 1));
    await signIn(page, ADMIN, `/dealer/${dealer.id}/delete`);
    const blocked = dialog(page, 'Confirm delete operation').getByTestId('delete-blocked');
    await expectVisible(blocked);
    const sentences = await blocked.locator('p').allInnerTexts();
    expect(sentences).toHaveLength(2);
    expect(sentences[0]).toBe(
      `Dealer can't be deleted. For deletion, please assign the ${fleet.name} to other dealer and all the assigned vehicles to the fleets will be unassigned.`,
    );
    for (const sentence of sentences) expect(sentence).toMatch(/unassigned\.$/);
    // Apart on the screen, not run together on one line.
    const boxes = await blocked.locator('p').evaluateAll((ps) => ps.map((p) => p.getBoundingClientRect().top));
    expect(boxes[1]).toBeGreaterThan(boxes[0]);
    await screenshot(page, 'dealer-delete-sentences');
  });
});
