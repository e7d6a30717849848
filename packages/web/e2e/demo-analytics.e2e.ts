import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MAX_PAGE_SIZE,
  type BatteryHealth,
  type FleetAnalyticsRow,
  type ListResponse,
  type WarningLogEntry,
} from '@evfleet/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { startPortalProcess, stopProcess, type PortalProcess } from '../../server/test/support/portal-process';
import { ADMIN, WAIT_MS, expect, expectVisible, fillLogin, screenshot, test, textOf } from './support/fixtures';
import { RESULTS_DIR, WEB_DIST } from './support/paths';
import { columnTexts, gridRow, gridRows } from './support/people';
import { drawnBars, nameTicks } from './support/charts';
import { HISTORY_WAIT_MS, waitForDemoHistory } from './support/demo-history';

/**
 * The analytics with the demo history: a portal of its own with DEMO_TELEMETRY on, so the
 * three weeks of simulated readings tell the story of packages/server/src/demo/demo-packs.ts, and the
 * pages must find it. The other browser tests share a portal without that history.
 */

const DEMO_NAMES = Array.from({ length: 24 }, (_, i) => `EV Cart ${String(i + 1).padStart(2, '0')}`);
/** An older pack at ~77 % of its rated capacity. */
const OLD_PACK = { name: 'EV Cart 02', vin: 'EVDEMO00000000002' };
/** Hauls a trailer at ~480 Wh/mi, far beyond the rest. */
const HUNGRY = 'EV Cart 03';
/** Drains ~5 %/day parked. */
const LEAKY = 'EV Cart 04';
/** Cell 7 sits a quarter of a volt below the others. */
const WEAK_CELL = { name: 'EV Cart 05', vin: 'EVDEMO00000000005' };

/** The screenshots a person looks at are taken at this size. */
const SCREEN = { width: 1400, height: 900 };
const TEST_MS = 120_000;

let portal: PortalProcess;
let dataDir: string;
const logFile = join(RESULTS_DIR, 'e2e-demo-server.log');
let token: string;

/** A GET of the demo portal's API as its administrator. */
async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${portal.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Until the history is written (figures from half of it would tell only half the story) and the
 * analytics show the weak-cell vehicle's charging.
 */
const waitForHistory = () =>
  waitForDemoHistory(portal.server, logFile, async () => {
    const rows = await get<FleetAnalyticsRow[]>('/api/analytics/fleet');
    return (rows.find((row) => row.name === WEAK_CELL.name)?.energyChargedKwh ?? 0) > 0;
  });

async function vehicleId(vin: string): Promise<number> {
  const details = await get<{ vehicle_id: number; src_ip: string }[]>('/api/vehicles/details');
  const found = details.find((v) => v.src_ip === vin);
  if (!found) throw new Error(`demo vehicle ${vin} is missing`);
  return found.vehicle_id;
}

async function signInToDemo(page: Page): Promise<void> {
  await page.setViewportSize(SCREEN);
  await page.goto(`${portal.baseUrl}/login`);
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expectVisible(page.getByTestId('sidebar-user'));
}

/** A figure as the page shows it ('1,234.5'); NaN for the dash of an unknown one. */
const figure = (text: string) => Number(text.replace(/,/g, ''));

/** The warning log pages by ten. */
const WARNING_LOG_PAGE_SIZE = 10;

/**
 * Opens page `n` (1-based) of the warning log: the pager shows only the pages near the current one,
 * so it opens the shown page nearest to `n` until `n` itself is shown.
 */
async function showLogPage(page: Page, n: number): Promise<void> {
  const pager = page.getByTestId('pager');
  for (let step = 0; step < 20; step++) {
    const shown = (await pager.getByRole('button').allInnerTexts()).map(Number).filter((x) => x > 0);
    const next = shown.reduce((best, x) => (Math.abs(x - n) < Math.abs(best - n) ? x : best));
    await pager.getByRole('button', { name: `Page ${next}`, exact: true }).click();
    if (next === n) {
      const first = (n - 1) * WARNING_LOG_PAGE_SIZE + 1;
      await expect.poll(() => pager.innerText()).toContain(`Showing ${first} - `);
      return;
    }
  }
  throw new Error(`page ${n} of the warning log was never shown`);
}

describe('the analytics with the demo history', () => {
  beforeAll(async () => {
    mkdirSync(RESULTS_DIR, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'evfleet-e2e-demo-'));
    portal = await startPortalProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO: 'true',
        DEMO_TELEMETRY: 'true',
        MQTT_PORT: '0',
        TELTONIKA_PORT: '0',
        OSMAND_PORT: '0',
        LOGIN_ATTEMPTS_PER_MINUTE: '1000',
        WEB_DIST,
        LOG_LEVEL: 'info',
      },
      logFile,
    );
    const response = await fetch(`${portal.baseUrl}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    if (!response.ok) throw new Error(`signing in to the demo portal answered ${response.status}`);
    token = ((await response.json()) as { id_token: string }).id_token;
    await waitForHistory();
  }, HISTORY_WAIT_MS + 90_000);

  afterAll(async () => {
    if (portal) await stopProcess(portal.server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test(
    "the Analytics page finds the old pack, the hungry cart and the leaky one, and charts the fleet's days",
    async ({ page }) => {
      await signInToDemo(page);
      await page.goto(`${portal.baseUrl}/analytics`);
      await expectVisible(page.getByTestId('analytics-title'));

      // The table: the 24 demo vehicles, each of which drove and charged.
      const grid = 'analytics-fleet-grid';
      await expect.poll(() => gridRows(page, grid).count(), { timeout: WAIT_MS }).toBe(DEMO_NAMES.length);
      expect(await columnTexts(page, grid, 'name')).toEqual(DEMO_NAMES);
      const column = async (id: keyof FleetAnalyticsRow) => (await columnTexts(page, grid, id)).map(figure);
      for (const id of ['distanceMiles', 'energyUsedKwh', 'energyChargedKwh', 'whPerMile'] as const) {
        const values = await column(id);
        expect(
          values.every((value) => value > 0),
          `${id}: ${values.join(', ')}`,
        ).toBe(true);
      }
      const health = await column('stateOfHealthPercent');
      const oldPack = health[DEMO_NAMES.indexOf(OLD_PACK.name)];
      expect(oldPack).toBeGreaterThan(70);
      expect(oldPack).toBeLessThan(85);
      expect(Math.min(...health.filter((value) => !Number.isNaN(value)))).toBe(oldPack);
      const drain = await column('idleDrainPercentPerDay');
      expect(Math.max(...drain.filter((value) => !Number.isNaN(value)))).toBe(drain[DEMO_NAMES.indexOf(LEAKY)]);

      // The Wh/mi ranking, best at the top: the hungry cart is last, and the only outlier.
      await expectVisible(page.getByTestId('analytics-ranking-chart').locator('svg.recharts-surface'));
      await expect.poll(() => nameTicks(page, 'analytics-ranking-chart').then((t) => t.length)).toBe(24);
      const ranking = await nameTicks(page, 'analytics-ranking-chart');
      expect(ranking.at(-1)).toBe(`${HUNGRY} (outlier)`);
      expect(ranking.filter((name) => name.endsWith('(outlier)'))).toEqual([`${HUNGRY} (outlier)`]);
      expect(await textOf(page.getByTestId('analytics-ranking'))).toContain('Outlier (beyond 1.5 × IQR)');

      // Charging energy per day: a bar for each working day of the three weeks. The 30 UTC days hold
      // the 20 whole days before the start's, 17 or 18 of them Monday to Saturday, each with a depot
      // night's charging. The carts rest on Sundays, whose UTC day has at most the western depots'
      // Saturday evening, often nothing, and the two partial days may have none either: more than
      // 17 bars depends on the minute the history starts (down to 18 in a sweep of a July week).
      await expectVisible(page.getByTestId('analytics-daily-chart').locator('svg.recharts-surface'));
      await expect.poll(() => drawnBars(page, 'analytics-daily-chart')).toBeGreaterThanOrEqual(17);

      // Readiness: a row for every vehicle.
      await expect.poll(() => page.getByTestId('readiness-row').count()).toBe(DEMO_NAMES.length);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'demo-analytics');
    },
    TEST_MS,
  );

  test(
    "EV Cart 05's Battery tab names its weak cell and the spread, lists its sessions and trips, and its warning log tells of it",
    async ({ page }) => {
      const id = await vehicleId(WEAK_CELL.vin);
      await signInToDemo(page);
      await page.goto(`${portal.baseUrl}/vehicle/${id}?tab=battery`);
      expect(await textOf(page.getByTestId('vehicle-detail-name'))).toBe(WEAK_CELL.name);
      const tab = page.getByTestId('battery-tab');
      expect(await textOf(tab.getByTestId('health-weakest-value'))).toBe('Cell 7');
      const spread = await textOf(tab.getByTestId('health-spread-value'));
      expect(spread).toMatch(/^\d+ mV$/);
      expect(figure(spread.replace(' mV', ''))).toBeGreaterThan(150);
      // Three weeks of a working cart: sessions and trips most days of the last 30.
      await expect.poll(() => tab.getByTestId('charging-sessions-table-row').count()).toBeGreaterThanOrEqual(10);
      await expect.poll(() => tab.getByTestId('trips-table-row').count()).toBeGreaterThanOrEqual(10);
      await screenshot(page, 'demo-battery-weak-cell');

      // The Overview's warning log: the weak-cell warning, on whichever page of ten it fell.
      const shown = ['WARNING', 'SEVERE'].map((type) => `type=${type}`).join('&');
      const log = await get<ListResponse<WarningLogEntry>>(
        `/api/notifications?vehicleId=${id}&pageNo=0&pageSize=${MAX_PAGE_SIZE}&${shown}`,
      );
      const at = log.data.findIndex((entry) => entry.name === 'Cell Spread');
      expect(at, 'no Cell Spread warning in the log').toBeGreaterThanOrEqual(0);
      await page.getByTestId('tab-overview').click();
      await expectVisible(page.getByTestId('warning-log-grid').locator('.ag-root'));
      await showLogPage(page, Math.floor(at / WARNING_LOG_PAGE_SIZE) + 1);
      const text = await textOf(gridRow(page, 'warning-log-grid', log.data[at].notificationContent ?? '').first());
      expect(text).toMatch(/^WARNING\s+.+\s+Cell 7 has been the lowest cell at rest and the spread reached \d+ mV\.$/);
      expect(Number(/reached (\d+) mV/.exec(text)?.[1])).toBeGreaterThan(150);
    },
    TEST_MS,
  );

  test(
    "EV Cart 02's Battery tab shows its old pack's state of health",
    async ({ page }) => {
      const id = await vehicleId(OLD_PACK.vin);
      const health = await get<BatteryHealth>(`/api/vehicles/${id}/battery-health`);
      await signInToDemo(page);
      await page.goto(`${portal.baseUrl}/vehicle/${id}?tab=battery`);
      expect(await textOf(page.getByTestId('vehicle-detail-name'))).toBe(OLD_PACK.name);
      const soh = await textOf(page.getByTestId('health-soh-value'));
      expect(soh).toBe(`${health.stateOfHealthPercent?.toFixed(0)} %`);
      expect(figure(soh.replace(' %', ''))).toBeGreaterThan(70);
      expect(figure(soh.replace(' %', ''))).toBeLessThan(85);
    },
    TEST_MS,
  );
});
