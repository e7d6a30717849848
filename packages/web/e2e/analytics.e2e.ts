import { readFile } from 'node:fs/promises';
import type { FleetAnalyticsRow, FleetDay, ReadinessRow } from '@evfleet/domain';
import { beforeAll, describe } from 'vitest';
import { readWorkbook } from './support/can-report';
import {
  ADMIN,
  WAIT_MS,
  expect,
  expectPath,
  expectVisible,
  screenshot,
  signIn,
  test,
  textOf,
} from './support/fixtures';
import { Api, columnTexts, gridRows, runId } from './support/people';
import { everyMinute, sendReadings } from './support/readings';
import { createVehicle, vehicleOwners, type OwnVehicle } from './support/vehicles';
import { drawnBars, nameTicks } from './support/charts';

const HOUR = 3_600_000;
const DEALER_PASSWORD = 'Dealer-123';

/**
 * A: drives 15 miles (odometer) at 9 kW, then charges 22 points at 36 kW; it ends at 69 %, ready.
 * B: charges 22 points, then drives 120 miles at 20 kW down to 2 %: a few miles of range left
 * against a usual day of 120 miles, so it is not ready.
 */
function readingsOfA(start: number) {
  const drive = everyMinute(start, 31, (i) => ({
    speed: 30,
    odometer: 1000 + i * 0.5,
    packVoltage: 400,
    vehicleCurrent: 22.5,
    batteryCharge: 50 - i * 0.1,
    chargeStatus: 0,
  }));
  const parked = everyMinute(start + 31 * 60_000, 29, () => ({
    speed: 0,
    odometer: 1015,
    packVoltage: 400,
    vehicleCurrent: 0,
    batteryCharge: 47,
    chargeStatus: 0,
  }));
  const charge = everyMinute(start + HOUR, 23, (i) => ({
    speed: 0,
    odometer: 1015,
    packVoltage: 400,
    vehicleCurrent: -90,
    batteryCharge: 47 + i,
    chargeStatus: 1,
  }));
  const after = everyMinute(start + HOUR + 23 * 60_000, 5, () => ({
    speed: 0,
    odometer: 1015,
    packVoltage: 400,
    vehicleCurrent: 0,
    batteryCharge: 69,
    chargeStatus: 0,
  }));
  // A reading past the charging gap closes the session, which then counts towards the capacity.
  const later = everyMinute(start + HOUR + 45 * 60_000, 1, () => ({
    speed: 0,
    odometer: 1015,
    packVoltage: 400,
    vehicleCurrent: 0,
    batteryCharge: 69,
    chargeStatus: 0,
  }));
  return [...drive, ...parked, ...charge, ...after, ...later];
}

function readingsOfB(start: number) {
  const charge = everyMinute(start, 23, (i) => ({
    speed: 0,
    odometer: 5000,
    packVoltage: 400,
    vehicleCurrent: -90,
    batteryCharge: 10 + i,
    chargeStatus: 1,
  }));
  const drive = everyMinute(start + 30 * 60_000, 121, (i) => ({
    speed: 60,
    odometer: 5000 + i,
    packVoltage: 400,
    vehicleCurrent: 50,
    batteryCharge: 32 - i * 0.25,
    chargeStatus: 0,
  }));
  const parked = everyMinute(start + 151 * 60_000, 5, () => ({
    speed: 0,
    odometer: 5120,
    packVoltage: 400,
    vehicleCurrent: 0,
    batteryCharge: 2,
    chargeStatus: 0,
  }));
  return [...charge, ...drive, ...parked];
}

/** A figure as the page shows it: fixed decimals with separators, a dash when unknown. */
const shown = (value: number | null, digits: number) =>
  value === null
    ? '—'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const COLUMNS: [keyof FleetAnalyticsRow, number][] = [
  ['distanceMiles', 1],
  ['energyUsedKwh', 1],
  ['energyChargedKwh', 1],
  ['whPerMile', 0],
  ['idleDrainPercentPerDay', 2],
  ['stateOfHealthPercent', 1],
];

describe('the analytics page', () => {
  const run = runId();
  let dealer: { email: string; password: string };
  let a: OwnVehicle;
  let b: OwnVehicle;
  let dealerApi: Api;

  beforeAll(async () => {
    const admin = await Api.signIn(ADMIN);
    const owners = await vehicleOwners(admin, run);
    dealer = { email: owners.dealer.email, password: DEALER_PASSWORD };
    a = await createVehicle(admin, owners, `Analytics A ${run}`, `ANA${run}`.toUpperCase().slice(0, 17));
    b = await createVehicle(admin, owners, `Analytics B ${run}`, `ANB${run}`.toUpperCase().slice(0, 17));
    const now = Date.now();
    await sendReadings(a.device, readingsOfA(now - 3 * HOUR));
    await sendReadings(b.device, readingsOfB(now - 6 * HOUR));
    dealerApi = await Api.signIn(dealer);
    // The figures are kept as the readings are stored, which happens in batches shortly after.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await dealerApi.call<FleetAnalyticsRow[]>('GET', '/api/analytics/fleet');
      if (rows.filter((row) => row.distanceMiles > 0 && row.energyChargedKwh > 0).length === 2) break;
      if (Date.now() > deadline) throw new Error(`the figures of the readings never showed: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test("a dealer sees its vehicles' figures, the charts, readiness, and exports the table", async ({ page }) => {
    const rows = await dealerApi.call<FleetAnalyticsRow[]>('GET', '/api/analytics/fleet');
    expect(rows.map((row) => row.name)).toEqual([a.name, b.name]);
    // The distances are the odometer's; the rest follows the energy rules (packages/domain/src/energy.ts).
    expect(rows[0].distanceMiles).toBeCloseTo(15, 1);
    expect(rows[1].distanceMiles).toBeCloseTo(120, 1);
    for (const row of rows) expect(row.whPerMile, JSON.stringify(rows)).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1400, height: 900 });
    const opened = Date.now();
    await signIn(page, dealer);
    await page.getByTestId('menu-analytics').click();
    await expectPath(page, '/analytics');
    await expectVisible(page.getByTestId('analytics-title'));

    // The table: one row a vehicle, every figure as the server gave it.
    await expect.poll(() => gridRows(page, 'analytics-fleet-grid').count(), { timeout: WAIT_MS }).toBe(2);
    expect(await columnTexts(page, 'analytics-fleet-grid', 'name')).toEqual([a.name, b.name]);
    for (const [column, digits] of COLUMNS)
      expect(await columnTexts(page, 'analytics-fleet-grid', column), column).toEqual(
        rows.map((row) => shown(row[column] as number | null, digits)),
      );
    expect((await columnTexts(page, 'analytics-fleet-grid', 'distanceMiles'))[1]).toBe('120.0');

    // Sorting by Wh/mi, worst first.
    const header = page.getByTestId('analytics-fleet-grid').locator('.ag-header-cell[col-id="whPerMile"]');
    await header.click();
    await header.click();
    const worstFirst = [...rows].sort((x, y) => (y.whPerMile ?? 0) - (x.whPerMile ?? 0)).map((row) => row.name);
    await expect.poll(() => columnTexts(page, 'analytics-fleet-grid', 'name')).toEqual(worstFirst);

    // The Wh/mi ranking: an SVG chart, best first, one bar a vehicle.
    const ranking = page.getByTestId('analytics-ranking-chart');
    await expectVisible(ranking.locator('svg.recharts-surface'));
    const bestFirst = [...worstFirst].reverse();
    await expect.poll(() => nameTicks(page, 'analytics-ranking-chart')).toEqual(bestFirst);
    await expect.poll(() => drawnBars(page, 'analytics-ranking-chart')).toBe(2);

    // Charging energy per day: bars on the days the server counted charging.
    const days = await dealerApi.call<FleetDay[]>('GET', '/api/analytics/fleet/daily');
    const charged = days.filter((day) => day.energyChargedKwh > 0).length;
    expect(charged).toBeGreaterThan(0);
    await expectVisible(page.getByTestId('analytics-daily-chart').locator('svg.recharts-surface'));
    await expect.poll(() => drawnBars(page, 'analytics-daily-chart')).toBe(charged);

    // Readiness: B cannot make its usual day and comes first, flagged.
    const readiness = await dealerApi.call<ReadinessRow[]>('GET', '/api/analytics/readiness');
    expect(readiness.find((row) => row.vehicleId === b.id)?.ready).toBe(false);
    const list = page.getByTestId('readiness-row');
    await expect.poll(() => list.count()).toBe(2);
    expect(await textOf(list.first().getByTestId('readiness-name'))).toBe(b.name);
    expect(await textOf(list.first().getByTestId('readiness-status'))).toMatch(/^not ready$/i);
    // A has well over a hundred miles left against its usual 15.
    expect(readiness.find((row) => row.vehicleId === a.id)?.ready).toBe(true);
    expect(await textOf(list.nth(1).getByTestId('readiness-name'))).toBe(a.name);
    expect(await textOf(list.nth(1).getByTestId('readiness-status'))).toMatch(/^ready$/i);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'analytics');

    // Export: the same table as a workbook.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analytics-export').click()]);
    expect(download.suggestedFilename()).toBe('Analytics.xlsx');
    const sheet = await readWorkbook(await readFile(await download.path()));
    expect(sheet.header.map(String)).toEqual(
      expect.arrayContaining(['Vehicle', 'Distance (mi)', 'Wh/mi', 'State of health (%)']),
    );
    expect(sheet.rows.slice(0, 2).map((row) => row.slice(0, 2))).toEqual(
      rows.map((row) => [row.name, row.distanceMiles]),
    );
    // The workbook covers the page's period: the last 30 UTC days through the day the page opened
    // (the day now, or the one before if midnight has passed since).
    const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const period = (at: number) => `Period (UTC days): ${utcDay(at - 29 * 24 * HOUR)} to ${utcDay(at)}`;
    expect([period(opened), period(Date.now())]).toContain(sheet.rows.at(-1)?.[0]);
  });

  test('the period lives in the address: it survives a reload, and a period without data says so', async ({ page }) => {
    await signIn(page, dealer, '/analytics');
    await expect.poll(() => gridRows(page, 'analytics-fleet-grid').count(), { timeout: WAIT_MS }).toBe(2);

    // A preset: the last 7 days.
    const picker = page.getByTestId('analytics-period');
    const before = await picker.innerText();
    await picker.click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d\d-\d\d$/);
    const chosen = new URL(page.url()).searchParams;
    await expect.poll(() => picker.innerText()).not.toBe(before);
    const label = await picker.innerText();

    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/analytics/fleet');
    await page.reload();
    const query = new URL((await asked).url()).searchParams;
    // Whole UTC days, as the server keeps its figures.
    expect(query.get('from')).toBe(`${chosen.get('from')}T00:00:00.000Z`);
    expect(query.get('to')).toBe(`${chosen.get('to')}T23:59:59.999Z`);
    await expect.poll(() => picker.innerText()).toBe(label);
    await expect.poll(() => gridRows(page, 'analytics-fleet-grid').count(), { timeout: WAIT_MS }).toBe(2);

    // A month long before the readings: the vehicles are listed with nothing measured, the charts say so.
    await page.goto('/analytics?from=2025-01-01&to=2025-01-31');
    await expectVisible(page.getByTestId('analytics-ranking-empty'));
    await expectVisible(page.getByTestId('analytics-daily-empty'));
    expect(await textOf(page.getByTestId('analytics-daily-empty'))).toMatch(/^No data for this period/);
    await expect.poll(() => columnTexts(page, 'analytics-fleet-grid', 'whPerMile')).toEqual(['—', '—']);
    expect(await columnTexts(page, 'analytics-fleet-grid', 'distanceMiles')).toEqual(['0.0', '0.0']);
  });

  test('an administrator sees every vehicle, the demo ones included', async ({ page }) => {
    const admin = await Api.signIn(ADMIN);
    const rows = await admin.call<FleetAnalyticsRow[]>('GET', '/api/analytics/fleet');
    const demo = rows.filter((row) => /^EV Cart \d\d$/.test(row.name));
    expect(demo.length).toBe(24);
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining([a.name, b.name]));

    await signIn(page, ADMIN, '/analytics');
    const grid = page.getByTestId('analytics-fleet-grid');
    // The grid draws only the rows in view; it reports how many it holds (header row included).
    await expect
      .poll(() => grid.locator('[aria-rowcount]').first().getAttribute('aria-rowcount'), { timeout: WAIT_MS })
      .toBe(String(rows.length + 1));
    const firstShown = await columnTexts(page, 'analytics-fleet-grid', 'name');
    expect(firstShown.length).toBeGreaterThan(0);
    expect(firstShown).toEqual(rows.map((row) => row.name).slice(0, firstShown.length));
    const readiness = await admin.call<ReadinessRow[]>('GET', '/api/analytics/readiness');
    await expectVisible(page.getByTestId('readiness-table'));
    await expect.poll(() => page.getByTestId('readiness-row').count()).toBe(readiness.length);
    // Those that are not ready come first.
    const states = await page.getByTestId('readiness-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.state));
    const notReady = readiness.filter((row) => row.ready === false).length;
    expect(states.slice(0, notReady).every((state) => state === 'not-ready')).toBe(true);
    expect(states.slice(notReady).includes('not-ready')).toBe(false);
  });
});
