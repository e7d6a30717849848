import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { ADMIN, expect, expectVisible, screenshot, signIn, test, textOf, WAIT_MS } from './support/fixtures';
import { canvasPixels, mapView, pagePoint } from './support/map-pixels';
import { Api, runId } from './support/people';
import { createVehicle, placeAt, vehicleOwners, type OwnVehicle } from './support/vehicles';

/**
 * The maps: the world's outlines without stray bands where countries cross the
 * antimeridian, and a cluster of vehicles standing at one place that lists them to pick from. The
 * street basemap (MAP_PMTILES) has its own portal: map-streets.e2e.ts.
 */
const MAP = 'vehicle-map';
/** A depot in Maine, where no other test puts vehicles: three vehicles stand at exactly this place. */
const DEPOT = [45.25, -69.0] as const;
/** The outline pane's canvas (basemap.ts draws the countries there). */
const OUTLINES = '.leaflet-evf-basemap-pane canvas';

let depot: OwnVehicle[];

beforeAll(async () => {
  const admin = await Api.signIn(ADMIN);
  const run = runId('m');
  const owners = await vehicleOwners(admin, run);
  depot = [];
  for (const i of [1, 2, 3]) {
    const vehicle = await createVehicle(admin, owners, `Depot ${run} ${i}`, `DP${run}${i}`.toUpperCase());
    await placeAt(vehicle, DEPOT);
    depot.push(vehicle);
  }
});

async function openListMap(page: Page): Promise<void> {
  await signIn(page, ADMIN, '/vehicle');
  await expectVisible(page.getByTestId(MAP));
}

/** Alpha of the outline canvas at each place (0: nothing drawn there, the sea shows). */
async function outlineAlpha(page: Page, places: (readonly [number, number])[]): Promise<number[]> {
  const points = await Promise.all(places.map(([lat, lng]) => pagePoint(page, MAP, lat, lng)));
  return (await canvasPixels(page, OUTLINES, points)).map((rgba) => rgba[3]);
}

/** Places from `from` to `to` latitude at one longitude, every `step` degrees. */
const column = (lng: number, from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => [from + i * step, lng] as const);

describe('maps', () => {
  test('the world map draws no band across the oceans where Russia and Fiji cross the antimeridian', async ({
    page,
  }) => {
    const basemapCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('basemap.pmtiles')) basemapCalls.push(request.url());
    });
    await openListMap(page);
    const map = page.getByTestId(MAP);
    // Zoomed out to the whole world, where the coarse outlines are drawn.
    while ((await mapView(page, MAP)).zoom > 1) {
      const zoom = (await mapView(page, MAP)).zoom;
      await page.locator('.leaflet-control-zoom-out').click();
      await expect.poll(async () => (await mapView(page, MAP)).zoom, { timeout: WAIT_MS }).toBe(zoom - 1);
    }
    await expect.poll(() => map.getAttribute('data-outlines'), { timeout: WAIT_MS }).toBe('coarse');

    // Land is drawn where it is: Siberia, Brazil, and Chukotka beyond 180° (the piece the cut keeps).
    await expect
      .poll(() =>
        outlineAlpha(page, [
          [62, 100],
          [-10, -55],
          [66, -172],
        ]),
      )
      .toEqual([255, 255, 255]);

    // Open sea stays sea in the latitudes of the uncut rings: Russia's steps across 180° drew a band
    // from 65° to 69.5° N across the world (here the Norwegian Sea), Fiji's one near 16° S (here the
    // South Atlantic and the Indian Ocean).
    const sea = [...column(-3, 63.5, 70.5, 0.25), ...column(-25, -13, -19.5, 0.1), ...column(75, -13, -19.5, 0.1)];
    const alphas = await outlineAlpha(page, sea);
    expect(sea.filter((_, i) => alphas[i] > 0)).toEqual([]);
    await screenshot(page, 'map-world-outlines');

    // Without MAP_PMTILES the outlines are the whole basemap: no archive is asked for.
    expect(await map.getAttribute('data-streets')).toBeNull();
    expect(basemapCalls).toEqual([]);
  });

  test('a cluster of vehicles standing at one place lists them; picking one opens its info window', async ({
    page,
  }) => {
    await openListMap(page);
    // The depot's cluster: the one standing at the depot (supercluster keeps positions in single precision).
    const clusters = page.getByTestId('map-cluster');
    const depotIndex = () =>
      clusters.evaluateAll(
        (els, [lat, lng]) =>
          els.findIndex(
            (el) => Math.abs(Number(el.dataset.lat) - lat) < 1e-3 && Math.abs(Number(el.dataset.lng) - lng) < 1e-3,
          ),
        DEPOT,
      );
    await expect.poll(depotIndex, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(0);
    const atDepot = clusters.nth(await depotIndex());
    expect(await atDepot.getAttribute('data-count')).toBe(String(depot.length));
    const zoomBefore = (await mapView(page, MAP)).zoom;

    // No zoom can part them: the click lists them instead of zooming in.
    await atDepot.click();
    const list = page.getByTestId('cluster-pick-list');
    await expectVisible(list);
    const items = list.getByTestId('cluster-pick-item');
    expect(await items.allInnerTexts()).toEqual(depot.map((v) => v.name));
    expect((await mapView(page, MAP)).zoom).toBe(zoomBefore);
    await page.waitForTimeout(400); // the popup fades in
    await screenshot(page, 'map-cluster-pick-list');

    // Picking the second opens its info window, as clicking its own marker would.
    await items.nth(1).click();
    const info = page.getByTestId('map-info-window');
    await expectVisible(info);
    expect(await info.getAttribute('data-vehicle-id')).toBe(String(depot[1].id));
    expect(await textOf(info.getByTestId('map-info-link'))).toBe(depot[1].name);
    expect(await list.count()).toBe(0);
  });
});
