import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { ADMIN, WAIT_MS, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { Api, runId } from './support/people';
import { sendReadings } from './support/readings';
import { createVehicle, vehicleOwners, type OwnVehicle } from './support/vehicles';

/**
 * People read signal names, never code keys or misspellings. The signal
 * dictionary (domain) names every signal in the CAN record form, the report's pickers, the signal
 * chart and the threshold editor; what a field means sits under it, not in its label.
 */

/** camelCase or a comma: a code key or a unit note in what should be a name. */
const RAW = /[a-z][A-Z]|,/;

let admin: Api;
let vehicle: OwnVehicle;

beforeAll(async () => {
  admin = await Api.signIn(ADMIN);
  const run = runId();
  vehicle = await createVehicle(
    admin,
    await vehicleOwners(admin, run),
    `Names ${run}`,
    `NAM${run}`.toUpperCase().slice(0, 17),
  );
  // heading and cellPackTemp have no report column of their own: the report offers them as reported keys.
  await sendReadings(vehicle.device, [{ ts: Date.now() - 60_000, speed: 12, heading: 90, cellPackTemp: 77 }]);
});

/** The texts of the open options of a Mantine select or picker list. */
const optionTexts = (scope: Page | Locator) => scope.getByRole('option').allInnerTexts();

describe('signal names', () => {
  test('the CAN record form labels fields by name and unit and puts the description under the input', async ({
    page,
  }) => {
    await signIn(page, ADMIN, '/vehicle-can/new');
    const form = page.getByTestId('record-form');
    await expectVisible(form.getByTestId('field-battryCurrent'));

    // The label names the input; the description is what the input is described by, outside the label.
    const current = page.getByLabel('Battery Current (A)', { exact: true });
    expect(await current.getAttribute('data-testid')).toBe('field-battryCurrent');
    const describedBy = (await current.getAttribute('aria-describedby'))!.split(' ');
    const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(descriptions).toContain('Current drawn from the traction battery; negative while charging.');

    const labels = (await form.locator('label').allInnerTexts()).map((l) => l.replace(/\s*\*$/, '').trim());
    expect(labels).toContain('Cell 27 (V)');
    expect(labels).toContain('GPS Latitude (°)');
    expect(labels.filter((l) => RAW.test(l) || /battry|\bbt\d/i.test(l))).toEqual([]);
    await screenshot(page, 'signal-names-can-form');

    // The list is named properly too.
    await page.goto('/vehicle-can?view=records');
    await expect
      .poll(() => page.getByTestId('list-title').innerText(), { timeout: WAIT_MS })
      .toBe('Vehicle CAN Records');
  });

  test('the CAN record detail page shows names as written, not shouted, with no help text inside', async ({ page }) => {
    const recordedTime = new Date(Date.now() - 3_600_000).toISOString();
    const saved = await admin.call<{ id: string }>('POST', '/api/vehicle-cans', {
      vehicle: { id: vehicle.id },
      recordedTime,
      battryCurrent: -12.5,
    });
    await signIn(page, ADMIN, `/vehicle-can/${saved.id}`);
    expect(await textOf(page.getByTestId('detail-battryCurrent'))).toBe('-12.5');
    const label = page.getByText('Battery Current (A)', { exact: true });
    await expectVisible(label);
    expect(await label.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    expect(await page.getByText(/battry|negative while charging/i).count()).toBe(0);
    await admin.call('DELETE', `/api/vehicle-cans/${saved.id}`);
  });

  test("the report's signal picker names signals a vehicle reported beyond the fixed columns", async ({ page }) => {
    await signIn(page, ADMIN, '/report/can-history-report');
    await page.getByTestId('report-vehicle').click();
    const vehicles = page.getByTestId('report-vehicle-list');
    await vehicles.getByPlaceholder('Filter by Vehicle', { exact: true }).fill(vehicle.name);
    await vehicles.getByRole('option', { name: `${vehicle.name} - VIN: ${vehicle.vin}`, exact: true }).click();

    await page.getByTestId('report-signals').click();
    const signals = page.getByTestId('report-signals-list');
    await expectVisible(signals.getByRole('option', { name: 'Heading (°)', exact: true }));
    const texts = await optionTexts(signals);
    expect(texts).toContain('Cell Pack Temperature (°F)');
    expect(texts).toContain('Battery Charge (%)');
    expect(texts.filter((t) => RAW.test(t) || t === 'heading')).toEqual([]);
    // Whoever knows the key finds it by the key, and learns what it measures on the option.
    await signals.getByPlaceholder('Filter by Notification Settings', { exact: true }).fill('cellPackTemp');
    const option = signals.getByRole('option', { name: 'Cell Pack Temperature (°F)', exact: true });
    await expectVisible(option);
    expect(await option.getAttribute('title')).toBe('Temperature of the battery cell pack.');
    await screenshot(page, 'signal-names-report-picker');
  });

  test("the vehicle's signal chart offers names with units and says what the chosen one measures", async ({ page }) => {
    await signIn(page, ADMIN, `/vehicle/${vehicle.id}?tab=signals`);
    await page.getByTestId('signal-select').click();
    await expectVisible(page.getByRole('option', { name: 'Heading (°)', exact: true }));
    const texts = await optionTexts(page);
    expect(texts).toContain('Cell Pack Temperature (°F)');
    expect(texts.filter((t) => RAW.test(t))).toEqual([]);
    await page.getByRole('option', { name: 'Cell Pack Temperature (°F)', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('signal')).toBe('cellPackTemp');
    await expectVisible(page.getByText('Temperature of the battery cell pack.', { exact: true }));
    await screenshot(page, 'signal-names-chart-picker');
  });

  test('alert metrics are named in the email template form and the threshold editor', async ({ page }) => {
    await signIn(page, ADMIN, '/email-template/new');
    const attribute = page.getByTestId('record-form').getByTestId('field-attributeName');
    await expectVisible(attribute);
    const options = await attribute.locator('option').allInnerTexts();
    expect(options).toContain('Battery Percentage');
    expect(options).toContain('12V Battery');
    expect(options.filter((o) => RAW.test(o))).toEqual([]);
    // The value sent is still the key.
    await attribute.selectOption({ label: 'Cell Pack Temperature' });
    expect(await attribute.inputValue()).toBe('cellPackTemp');

    await page.goto(`/vehicle/${vehicle.id}/edit`);
    await page.getByTestId('notifications-toggle').click();
    const name = page.getByTestId('metric-cellPackTemp-name');
    await expect.poll(() => name.innerText(), { timeout: WAIT_MS }).toBe('Cell Pack Temperature (°F)');
    expect(await textOf(page.getByTestId('metric-12vBattery-name'))).toBe('12V Battery (V)');
  });
});
