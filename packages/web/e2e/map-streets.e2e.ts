import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FeatureCollection } from 'geojson';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { startPortalProcess, stopProcess, type PortalProcess } from '../../server/test/support/portal-process';
import { ADMIN, expect, expectVisible, fillLogin, screenshot, test, WAIT_MS } from './support/fixtures';
import { canvasPixels, mapView, pagePoint } from './support/map-pixels';
import { pmtilesArchive } from './support/pmtiles-archive';
import { RESULTS_DIR, WEB_DIST } from './support/paths';

/**
 * The street basemap (MAP_PMTILES): a portal of its own serving a small PMTiles archive
 * made here — land and one highway along 45.25° N in Maine — and the list map reading it in byte
 * ranges and drawing the highway in the renderer's light colours over the shipped outlines. When
 * the archive cannot be read, the outlines stay the map.
 */
const MAP = 'vehicle-map';
/** The archive's region: a few kilometres of Maine. */
const REGION: [number, number, number, number] = [-69.03, 45.235, -68.98, 45.265];
const ROAD_LAT = 45.25;
/** Where the test zooms in: on land beside the highway, so the highway and the land both show. */
const TARGET = [45.2525, -69.005] as const;
const STREET_ZOOM = 15;
/** protomaps-leaflet's light flavour (@protomaps/basemaps): highways are white, land this grey-beige. */
const HIGHWAY = [255, 255, 255];
const EARTH = [0xe2, 0xdf, 0xda];
const TILES = '.leaflet-tile-pane canvas.leaflet-tile';

const land: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-75, 40],
            [-60, 40],
            [-60, 50],
            [-75, 50],
            [-75, 40],
          ],
        ],
      },
    },
  ],
};
const highway: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { kind: 'highway' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [-69.1, ROAD_LAT],
          [-68.9, ROAD_LAT],
        ],
      },
    },
  ],
};

let portal: PortalProcess;
let folder: string;
let archive: string;

async function api<T>(token: string | undefined, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** One demo vehicle reports from Denver, so the list map shows (its marker is far from the region). */
async function placeOneVehicle(): Promise<void> {
  const { id_token: token } = await api<{ id_token: string }>(undefined, 'POST', '/api/authenticate', {
    username: ADMIN.email,
    password: ADMIN.password,
  });
  const [first] = await api<{ vehicle_id: number }[]>(token, 'GET', '/api/vehicles/details');
  const device = await api<{ vin: string; token: string }>(
    token,
    'POST',
    `/api/vehicles/${first.vehicle_id}/device-token`,
  );
  const response = await fetch(`${portal.baseUrl}/api/telemetry/readings`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${device.vin}:${device.token}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify([{ ts: Date.now(), gpsLat: 39.74, gpsLong: -104.99 }]),
  });
  if (!response.ok) throw new Error(`the reading answered ${response.status}`);
}

async function openListMap(page: Page): Promise<void> {
  await page.goto(`${portal.baseUrl}/login`);
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expectVisible(page.getByTestId('sidebar-user'));
  await page.goto(`${portal.baseUrl}/vehicle`);
  await expectVisible(page.getByTestId(MAP));
}

/** Double-clicks the target until the map reaches `zoom` (a double-click zooms in around its point). */
async function zoomInAt(page: Page, [lat, lng]: readonly [number, number], zoom: number): Promise<void> {
  for (let at = (await mapView(page, MAP)).zoom; at < zoom; at++) {
    const [x, y] = await pagePoint(page, MAP, lat, lng);
    await page.mouse.dblclick(x, y);
    await expect.poll(async () => (await mapView(page, MAP)).zoom, { timeout: WAIT_MS }).toBe(at + 1);
  }
}

describe('the street basemap (MAP_PMTILES)', () => {
  beforeAll(async () => {
    mkdirSync(RESULTS_DIR, { recursive: true });
    folder = mkdtempSync(join(tmpdir(), 'evfleet-e2e-streets-'));
    archive = join(folder, 'maine.pmtiles');
    writeFileSync(
      archive,
      pmtilesArchive({ bbox: REGION, maxZoom: STREET_ZOOM, layers: { earth: land, roads: highway } }),
    );
    portal = await startPortalProcess(
      {
        DATA_DIR: join(folder, 'data'),
        DATABASE_URL: '',
        DEMO: 'true',
        DEMO_TELEMETRY: 'false',
        MQTT_PORT: '0',
        TELTONIKA_PORT: '0',
        OSMAND_PORT: '0',
        LOGIN_ATTEMPTS_PER_MINUTE: '1000',
        MAP_PMTILES: archive,
        WEB_DIST,
        LOG_LEVEL: 'info',
      },
      join(RESULTS_DIR, 'e2e-streets-server.log'),
    );
    await placeOneVehicle();
  }, 180_000);

  afterAll(async () => {
    if (portal) await stopProcess(portal.server);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('the list map reads the archive in byte ranges and draws its highway over the outlines', async ({ page }) => {
    const ranges: { range: string; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/map/basemap.pmtiles')
        ranges.push({ range: response.request().headers().range ?? '', status: response.status() });
    });
    await openListMap(page);
    const map = page.getByTestId(MAP);
    await expect.poll(() => map.getAttribute('data-streets'), { timeout: WAIT_MS }).toBe('light');
    await zoomInAt(page, TARGET, STREET_ZOOM);

    // The highway's line is white, the land beside it the flavour's land colour.
    const onRoad = await pagePoint(page, MAP, ROAD_LAT, TARGET[1]);
    const beside = await pagePoint(page, MAP, TARGET[0], TARGET[1]);
    await expect
      .poll(async () => (await canvasPixels(page, TILES, [onRoad, beside])).map((rgba) => rgba.slice(0, 3)), {
        timeout: 20_000,
      })
      .toEqual([HIGHWAY, EARTH]);
    await screenshot(page, 'map-streets-pmtiles');

    // Every read was a byte range the server answered as one.
    expect(ranges.length).toBeGreaterThan(0);
    for (const { range, status } of ranges) {
      expect(range).toMatch(/^bytes=\d+-\d+$/);
      expect(status).toBe(206);
    }
  });

  test('an archive that cannot be read leaves the outlines as the map', async ({ page }) => {
    // Replaced by something that is no PMTiles archive (as a broken download would be).
    writeFileSync(archive, Buffer.from('not a PMTiles archive '.repeat(20)));
    await openListMap(page);
    const map = page.getByTestId(MAP);
    await expect.poll(() => map.getAttribute('data-outlines'), { timeout: WAIT_MS }).toBe('coarse');
    // The header was asked for and refused; no street layer was added over the outlines.
    await page.waitForTimeout(1500);
    expect(await map.getAttribute('data-streets')).toBeNull();
    expect(await page.locator(TILES).count()).toBe(0);
  });
});
