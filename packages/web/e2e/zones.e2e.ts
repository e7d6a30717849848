import type { ZoneVisitRow } from '@evfleet/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { ADMIN, expect, expectPath, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { chargingStay, MIN } from './support/depot-charging';
import { pagePoint } from './support/map-pixels';
import {
  Api,
  createDealer,
  createDriver,
  createFleet,
  expectToast,
  gridRow,
  runId,
  type Named,
} from './support/people';
import { pollUntil, sendReadings } from './support/readings';
import { createFleetVehicle, createVehicle, placeAt, vehicleOwners } from './support/vehicles';

/**
 * The zones screens (docs/zones.md): an administrator draws a depot on the editor's map and saves it,
 * a vehicle of its fleet charges there and the visit with its cost shows on the zone's and the
 * vehicle's pages, then the administrator finds the depot in the list and changes it; a fleet owner sees its own fleet's zones only; the vehicle
 * map outlines the zones.
 */
const EDITOR_MAP = 'zone-map';
const GRID = 'zones-grid';
/** Where this file's zones lie: the middle of Kansas, where the maps look first. */
const HERE = [39.83, -98.58] as const;

interface ZoneAnswer {
  id: number;
  name: string;
  kind: string;
  fleetId: number | null;
  timeZone: string;
  speedLimitMph: number | null;
  geometry: { type: string; coordinates: number[][][] };
}

let admin: Api;
let run: string;
let dealer: Named;
let ownFleet: Named;
let owner: { email: string; password: string };
let othersZone: { name: string };
let ownersZone: { id: number; name: string };

/** A circle zone through the API, owned by a fleet. */
const circleZone = (
  name: string,
  fleetId: number,
  kind: string,
  [lat, lng]: readonly [number, number],
  radiusM: number,
) =>
  admin.call<ZoneAnswer>('POST', '/api/zones', {
    name,
    kind,
    fleetId,
    geometry: { type: 'Point', coordinates: [lng, lat], radiusM },
  });

beforeAll(async () => {
  admin = await Api.signIn(ADMIN);
  run = runId('z');
  dealer = await createDealer(admin, run, 'ZDealer');
  ownFleet = await createFleet(admin, run, dealer.id, 'ZOwned');
  const otherFleet = await createFleet(admin, run, dealer.id, 'ZOther');
  owner = { email: ownFleet.email, password: 'Owner-789' };
  await admin.call('POST', '/api/account/update-password-prototype', {
    email: owner.email,
    newPassword: owner.password,
    confirmNewPassword: owner.password,
  });
  ownersZone = await circleZone(`Yard ${run}`, ownFleet.id, 'zone', [HERE[0] + 0.3, HERE[1] - 0.4], 20_000);
  othersZone = await circleZone(`Keep out ${run}`, otherFleet.id, 'no-go', [HERE[0] - 0.3, HERE[1] + 0.4], 25_000);
});

/** Zooms the map in with its + button until it shows `zoom`. */
async function zoomTo(page: Page, testId: string, zoom: number): Promise<void> {
  const map = page.getByTestId(testId);
  while (Number(await map.getAttribute('data-zoom')) < zoom) {
    const before = Number(await map.getAttribute('data-zoom'));
    await map.locator('.leaflet-control-zoom-in').click();
    await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeGreaterThan(before);
  }
}

/**
 * Draws a polygon on the editor's map with one of Geoman's tools (a new polygon, or a cut that makes
 * a hole): a click at each corner, then the first again.
 */
async function drawPolygon(page: Page, corners: (readonly [number, number])[], tool = 'polygon'): Promise<void> {
  await page.locator(`.leaflet-pm-icon-${tool}`).click();
  const points = await Promise.all(corners.map(([lat, lng]) => pagePoint(page, EDITOR_MAP, lat, lng)));
  for (const [x, y] of [...points, points[0]]) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
  }
  await expectVisible(page.getByTestId(EDITOR_MAP).locator('path.leaflet-interactive').first());
}

/**
 * A vehicle of the fleet charges at `depot`: readings sent as its device does, over HTTP, from three
 * hours ago; answers the zone's visit once it is closed and priced.
 */
async function chargeAtDepot(zoneId: number, depot: readonly [number, number]) {
  const vehicle = await createFleetVehicle(
    admin,
    { dealer, fleet: ownFleet },
    `Depot cart ${run}`,
    `DC${run}`.toUpperCase().slice(0, 17),
  );
  const start = Math.floor((Date.now() - 180 * MIN) / MIN) * MIN;
  const [lat, lng] = depot;
  await sendReadings(vehicle.device, chargingStay(start, { lat, lng }, { lat: lat + 0.5, lng }));
  const [visit] = await pollUntil<ZoneVisitRow[]>(
    admin,
    `/api/zones/${zoneId}/visits`,
    (visits) => visits.length === 1 && visits[0].exitedAt !== null && visits[0].chargeCost !== null,
  );
  expect(visit).toMatchObject({ vehicleId: vehicle.id, vehicleName: vehicle.name, currency: 'USD' });
  expect(visit.chargedKwh).toBeGreaterThan(2);
  return { vehicle, cost: `${visit.chargeCost!.toFixed(2)} USD` };
}

describe('zones', () => {
  test("an administrator draws a depot, sees a charge there priced on its page and the vehicle's, and changes it", async ({
    page,
  }) => {
    await signIn(page, ADMIN, '/zones');
    await expectVisible(page.getByTestId('zones-map'));
    await expectVisible(page.getByTestId('menu-zones'));
    await page.getByTestId('add-new').click();
    await expectPath(page, '/zones/new');
    await expectVisible(page.locator(`[data-testid="${EDITOR_MAP}"][data-map-ready="true"]`));

    // Saving with no shape is refused at the map.
    await page.getByTestId('zone-name').fill(`Depot ${run}`);
    await page.getByTestId('zone-save').click();
    await expectVisible(page.getByTestId('zone-geometry-error'));

    await zoomTo(page, EDITOR_MAP, 9);
    const [lat, lng] = HERE;
    await drawPolygon(page, [
      [lat + 0.1, lng - 0.15],
      [lat + 0.12, lng + 0.15],
      [lat - 0.1, lng + 0.12],
      [lat - 0.08, lng - 0.14],
    ]);
    await expect.poll(() => page.getByTestId('zone-geometry-error').count()).toBe(0);
    await page.getByTestId('zone-kind').selectOption('depot');
    await page.getByTestId('zone-owner').selectOption(`fleet:${ownFleet.id}`);
    await page.getByTestId('zone-time-zone').selectOption('America/Chicago');
    await page.getByTestId('zone-speed-limit').fill('12');
    await page.getByTestId('zone-tariff').check({ force: true });
    await page.getByTestId('zone-per-kwh').fill('0.14');
    await page.getByTestId('zone-band-add').click();
    await page.getByTestId('zone-title').scrollIntoViewIfNeeded();
    await screenshot(page, 'zones-editor');
    await page.getByTestId('zone-save').click();
    await expectToast(page, `Zone Depot ${run} created`);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/zones\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    const saved = await admin.call<ZoneAnswer>('GET', `/api/zones/${id}`);
    expect(saved).toMatchObject({
      name: `Depot ${run}`,
      kind: 'depot',
      fleetId: ownFleet.id,
      timeZone: 'America/Chicago',
      speedLimitMph: 12,
    });
    expect(saved.geometry.type).toBe('Polygon');
    expect(saved.geometry.coordinates[0]).toHaveLength(5);
    expect(await textOf(page.getByTestId('zone-visits-empty'))).toBe('No visits in this period');

    // A vehicle of the depot's fleet charges inside it (clear of the hole cut below): the depot's page lists the visit.
    const { vehicle, cost } = await chargeAtDepot(id, [lat + 0.06, lng]);
    await page.reload();
    const visits = page.getByTestId('zone-visits');
    const row = visits.getByTestId('zone-visits-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await textOf(row.getByTestId('zone-visits-vehicle'))).toBe(vehicle.name);
    expect(await textOf(row.getByTestId('zone-visits-cost'))).toBe(cost);
    expect(await textOf(visits.getByTestId('zone-visits-day-total'))).toContain(cost);
    await visits.scrollIntoViewIfNeeded();
    await screenshot(page, 'zones-visits');

    // The vehicle's name opens its page, whose Battery tab lists the same visit under the depot's name.
    await row.getByTestId('zone-visits-vehicle').click();
    await expectPath(page, `/vehicle/${vehicle.id}`);
    await page.getByTestId('tab-battery').click();
    const own = page.getByTestId('zone-visits').getByTestId('zone-visits-row');
    await expect.poll(() => own.count()).toBe(1);
    expect(await textOf(own.getByTestId('zone-visits-zone'))).toBe(`Depot ${run}`);
    expect(await textOf(own.getByTestId('zone-visits-cost'))).toBe(cost);

    // The list shows it, outlined on its map; its name opens it again.
    await page.goto(`/zones/${id}`);
    await page.getByTestId('editor-back').click();
    await expectVisible(gridRow(page, GRID, `Depot ${run}`));
    await expectVisible(page.locator('[data-testid="zones-map"] path.evf-zone-depot').first());
    await screenshot(page, 'zones-list');
    await page.getByTestId(`zone-open-${id}`).click();
    await expectPath(page, `/zones/${id}`);
    await expectVisible(page.locator(`[data-testid="${EDITOR_MAP}"][data-map-ready="true"]`));

    // A corner dragged in edit mode, and a new name.
    await page.locator('.leaflet-pm-icon-edit').click();
    const corner = page.getByTestId(EDITOR_MAP).locator('.marker-icon:not(.marker-icon-middle)').first();
    await expectVisible(corner);
    const box = (await corner.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 40, y - 30, { steps: 8 });
    await page.mouse.up();
    await page.locator('.leaflet-pm-icon-edit').click();
    // A hole cut into the middle.
    await drawPolygon(
      page,
      [
        [lat + 0.03, lng - 0.03],
        [lat + 0.03, lng + 0.03],
        [lat - 0.03, lng + 0.03],
        [lat - 0.03, lng - 0.03],
      ],
      'cut',
    );
    await screenshot(page, 'zones-editor-hole');
    await page.getByTestId('zone-name').fill(`Depot ${run} moved`);
    await page.getByTestId('zone-save').click();
    await expectToast(page, `Zone Depot ${run} moved saved`);

    const changed = await admin.call<ZoneAnswer>('GET', `/api/zones/${id}`);
    expect(changed.name).toBe(`Depot ${run} moved`);
    expect(changed.geometry.coordinates[0]).not.toEqual(saved.geometry.coordinates[0]);
    expect(changed.geometry.coordinates).toHaveLength(2);
  });

  test("a fleet owner sees its fleet's zones only", async ({ page }) => {
    await signIn(page, owner, '/zones');
    await expectVisible(gridRow(page, GRID, ownersZone.name));
    await expect.poll(() => page.getByTestId(GRID).getByText(othersZone.name).count()).toBe(0);
    await expectVisible(page.getByTestId('menu-zones'));
  });

  test('staff read the zones without changing them; a driver reads its fleet’s', async ({ page }) => {
    const staff = { email: `staff-${run}@example.test`, password: 'Staff-789' };
    await admin.call('POST', '/api/users', {
      login: `staff-${run}`,
      email: staff.email,
      authorities: ['ROLE_USER'],
      staff: true,
      password: staff.password,
    });
    await signIn(page, staff, '/zones');
    await expectVisible(gridRow(page, GRID, ownersZone.name));
    await expectVisible(gridRow(page, GRID, othersZone.name));
    expect(await page.getByTestId('add-new').count()).toBe(0);
    await page.getByTestId(`detail-${ownersZone.id}`).click();
    await expectPath(page, `/zones/${ownersZone.id}`);
    await expectVisible(page.getByTestId(EDITOR_MAP).locator('path.evf-zone-zone'));
    expect(await page.getByTestId('zone-save').count()).toBe(0);
    expect(await page.locator('.leaflet-pm-toolbar').count()).toBe(0);

    const driver = { ...(await createDriver(admin, run, ownFleet.id, 'ZDriver')), password: 'Driver-789' };
    await admin.call('POST', '/api/account/update-password-prototype', {
      email: driver.email,
      newPassword: driver.password,
      confirmNewPassword: driver.password,
    });
    await signIn(page, driver, '/zones');
    await expectVisible(gridRow(page, GRID, ownersZone.name));
    await expect.poll(() => page.getByTestId(GRID).getByText(othersZone.name).count()).toBe(0);
    expect(await page.getByTestId('add-new').count()).toBe(0);
    expect(await page.getByTestId('menu-zones').count()).toBe(0);
  });

  test('the vehicle maps outline the zones an administrator sees, each named when pointed at', async ({ page }) => {
    const owners = await vehicleOwners(admin, run);
    const vehicle = await createVehicle(admin, owners, `Zoned ${run}`, `ZN${run}`.toUpperCase());
    await placeAt(vehicle, HERE);
    // The list map shows once a vehicle has a position: the reading is stored a moment after it is accepted.
    await expect
      .poll(async () => {
        const items = await admin.call<{ vehicle_id: number; gps_lat: number | null }[]>(
          'GET',
          '/api/vehicles/details',
        );
        return items.find((item) => item.vehicle_id === vehicle.id)?.gps_lat ?? null;
      })
      .not.toBeNull();
    await signIn(page, ADMIN, '/vehicle');
    const map = page.getByTestId('vehicle-map');
    await expectVisible(map.locator('path.evf-zone-no-go').first());
    await zoomTo(page, 'vehicle-map', 8);
    const [x, y] = await pagePoint(page, 'vehicle-map', HERE[0] - 0.3, HERE[1] + 0.4);
    await page.mouse.move(x, y, { steps: 4 });
    await expectVisible(page.locator('.leaflet-tooltip', { hasText: othersZone.name }));
    await screenshot(page, 'zones-vehicle-map');

    // The vehicle's own page: its map (zoomed in on the vehicle, the zones beside it out of view) outlines them too.
    await page.goto(`/vehicle/${vehicle.id}`);
    await expect
      .poll(async () => Number(await page.getByTestId('vehicle-map').getAttribute('data-zones')))
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('vehicle-map').locator('path.evf-zone-no-go').count()).toBeGreaterThan(0);
  });
});
