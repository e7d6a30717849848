import { beforeAll, describe } from 'vitest';
import { headerTexts } from './support/can-report';
import { ADMIN, WAIT_MS, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { chooseLanguage } from './support/languages';
import { Api, expectNoRows, expectTitle, runId } from './support/people';
import { createVehicle, placeAt, vehicleOwners, type OwnVehicle } from './support/vehicles';

let vehicle: OwnVehicle;
let run: string;

beforeAll(async () => {
  const admin = await Api.signIn(ADMIN);
  run = runId('de');
  vehicle = await createVehicle(
    admin,
    await vehicleOwners(admin, run),
    `DE Vehicle ${run}`,
    `DEV${run}`.toUpperCase().slice(0, 17),
  );
  await placeAt(vehicle, [47.1, -109.5]);
});

describe('the vehicle screens in German', () => {
  test('the list, its map, the detail tabs, the form and the unassigned vehicles speak German', async ({ page }) => {
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      // The list: its title, columns, map card and empty state.
      await page.goto('/vehicle');
      await expectTitle(page, 'Fahrzeugliste');
      await expect
        .poll(() => headerTexts(page, 'vehicles-grid'), { timeout: WAIT_MS })
        .toEqual(expect.arrayContaining(['Fahrzeugname', 'FIN', 'Zuletzt verbunden', 'GPS-Signal', 'Händler']));
      expect(await textOf(page.getByTestId('vehicle-map-card').locator('h4'))).toBe('Karte');
      expect(await textOf(page.getByTestId('map-toggle'))).toBe('Ausblenden');
      await page.getByTestId('search-box').fill(`nothing-${run}`);
      await expectNoRows(page, 'vehicles-grid', 'Keine Fahrzeuge gefunden');
      await screenshot(page, 'vehicles-german');

      // The detail page: its tabs, the readings card and the warning log.
      await page.goto(`/vehicle/${vehicle.id}`);
      await expectVisible(page.getByTestId('vehicle-detail'));
      expect(await textOf(page.getByTestId('tab-overview'))).toBe('Übersicht');
      expect(await textOf(page.getByTestId('tab-battery'))).toBe('Batterie');
      expect(await textOf(page.getByTestId('vehicle-info').locator('h4'))).toBe('Fahrzeuginformationen');
      expect(await textOf(page.getByTestId('warning-log-toggle'))).toBe('▾ Warnprotokoll des Fahrzeugs');
      expect(await textOf(page.getByTestId('download-logs'))).toBe('Als XLS herunterladen');
      await expect
        .poll(() => textOf(page.getByTestId('last-reported-gps_last_reported')), { timeout: WAIT_MS })
        .toMatch(/^GPS: vor /);
      await page.getByTestId('tab-battery').click();
      await expectVisible(page.getByTestId('battery-tab'));
      expect(await textOf(page.getByTestId('trips').locator('h5'))).toBe('Fahrten');
      await expectVisible(page.getByTestId('trips-table-empty'));
      expect(await textOf(page.getByTestId('trips-table-empty'))).toBe('Keine Fahrten in diesem Zeitraum');
      // The period's calendar names the weekdays in German (dayjs's locale through Mantine's DatesProvider).
      await page.getByTestId('battery-period').click();
      await expectVisible(page.locator('th').filter({ hasText: /^Di$/ }));
      await page.keyboard.press('Escape');

      // The form.
      await page.goto('/vehicle/new');
      await expect
        .poll(() => textOf(page.getByTestId('vehicle-form-title')), { timeout: WAIT_MS })
        .toBe('Fahrzeug anlegen');
      expect(await textOf(page.getByTestId('vehicle-save'))).toBe('Speichern');
      expect(await textOf(page.getByTestId('vehicle-back'))).toBe('Zurück');

      // The unassigned vehicles, this run's vehicle among them.
      await page.goto('/vehicle-can');
      await expectTitle(page, 'Nicht zugeordnete Fahrzeuge');
      await expect
        .poll(() => headerTexts(page, 'unassigned-grid'), { timeout: WAIT_MS })
        .toEqual(expect.arrayContaining(['FIN', 'Fahrzeugname', 'Händler', 'Status']));
      expect(await textOf(page.getByTestId('assign-open'))).toBe('Zuordnen');
      await screenshot(page, 'unassigned-vehicles-german');
    } finally {
      await chooseLanguage(page, 'en');
    }
    await page.goto('/vehicle');
    await expectTitle(page, 'Vehicle List');
  }, 180_000);
});
