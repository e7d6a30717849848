import type { Page } from 'playwright-core';
import { expect, screenshot, WAIT_MS } from './fixtures';
import { assignToFleet, createDealer, type Api } from './people';
import { deviceCredential, sendReadings } from './readings';

/** A vehicle this run created through the API, with its device credential for sending readings. */
export interface OwnVehicle {
  id: number;
  name: string;
  vin: string;
  device: { vin: string; token: string };
}

/** The first template the server offers (a default one). */
async function defaultTemplate(admin: Api): Promise<{ id: number; name: string }> {
  const templates = await admin.call<{ data: { id: number; name: string }[] }>(
    'GET',
    '/api/vehicle-templates?pageNo=0&pageSize=10',
  );
  if (templates.data.length === 0) throw new Error('the server offers no vehicle template');
  return templates.data[0];
}

/** A dealer of this run and the first template the server offers. */
export async function vehicleOwners(admin: Api, run: string) {
  return { dealer: await createDealer(admin, run, 'VDealer'), template: await defaultTemplate(admin) };
}

/** POST api/vehicles as the administrator, then a device credential for it. */
export async function createVehicle(
  admin: Api,
  owners: { dealer: { id: number }; template: { id: number } },
  name: string,
  vin: string,
): Promise<OwnVehicle> {
  const created = await admin.call<{ id: number }>('POST', '/api/vehicles', {
    name,
    vin,
    dealerId: owners.dealer.id,
    templateId: owners.template.id,
    cells: 32,
    timeZone: 'America/Denver',
    status: true,
  });
  return { id: created.id, name, vin, device: await deviceCredential(admin, created.id) };
}

/** A vehicle of a fleet: created under the fleet's dealer with the first template, then assigned to the fleet. */
export async function createFleetVehicle(
  admin: Api,
  owners: { dealer: { id: number }; fleet: { id: number } },
  name: string,
  vin: string,
): Promise<OwnVehicle> {
  const vehicle = await createVehicle(admin, { ...owners, template: await defaultTemplate(admin) }, name, vin);
  await assignToFleet(admin, owners.fleet.id, [vehicle]);
  return vehicle;
}

/** One reading now, at this position (what moves a vehicle on the map). */
export const placeAt = (vehicle: OwnVehicle, [lat, lng]: readonly [number, number]) =>
  sendReadings(vehicle.device, [
    { ts: Date.now(), gpsLat: lat, gpsLong: lng, batteryCharge: 64, chargeStatus: 1, odometer: 1500, milesToEmpty: 42 },
  ]);

/** The list map's marker of one vehicle (drawn only while the vehicle is outside every cluster). */
export const mapMarker = (page: Page, vehicleId: number) =>
  page.locator(`[data-testid="map-marker"][data-id="${vehicleId}"]`);

/** Waits until the vehicle's marker is drawn at (about) this position. */
export async function expectMarkerAt(
  page: Page,
  vehicleId: number,
  [lat, lng]: readonly [number, number],
  timeout = WAIT_MS,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const marker = mapMarker(page, vehicleId);
        if ((await marker.count()) === 0) return 'not drawn';
        const at = [Number(await marker.getAttribute('data-lat')), Number(await marker.getAttribute('data-lng'))];
        return Math.abs(at[0] - lat) < 1e-4 && Math.abs(at[1] - lng) < 1e-4 ? 'there' : `at ${at.join(', ')}`;
      },
      { timeout },
    )
    .toBe('there');
}

/**
 * Picks `day` (YYYY-MM-DD) in the detail page's 'Select Date', going back a month when it lies in the
 * previous one; `screen` names a screenshot of the open calendar.
 */
export async function pickDay(page: Page, day: string, screen?: string): Promise<void> {
  await page.getByTestId('select-date').click();
  const [y, m, d] = day.split('-').map(Number);
  const label = `${d} ${new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${y}`;
  const button = page.getByRole('button', { name: label, exact: true });
  // count() does not wait: the calendar must be open before a missing day means the previous month.
  await page.locator('button[data-direction="previous"]').first().waitFor();
  if ((await button.count()) === 0) await page.locator('button[data-direction="previous"]').first().click();
  // Only days with movement can be picked (§2).
  expect(await button.getAttribute('data-disabled')).toBeNull();
  if (screen) await screenshot(page, screen);
  await button.click();
}
