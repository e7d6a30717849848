import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { ADMIN, USER, WAIT_MS, expect, expectVisible, screenshot, signIn, test, textOf } from './support/fixtures';
import { Api, createDealer, runId } from './support/people';

interface Counts {
  totalVehicles: number;
  totalDealers: number;
  totalFleets: number;
  totalDrivers: number;
  totalVehiclesUnassigned: number;
}

const total = async (api: Api, path: string) =>
  (await api.call<{ totalCount: number }>('GET', `${path}?pageNo=0&pageSize=1`)).totalCount;

/** What the administrator's dashboard must count, taken from the lists themselves (not from the dashboard call). */
async function expectedCounts(api: Api): Promise<Counts> {
  return {
    totalVehicles: (await api.call<unknown[]>('GET', '/api/vehicles/details')).length,
    totalDealers: await total(api, '/api/dealers'),
    totalFleets: await total(api, '/api/fleets'),
    totalDrivers: await total(api, '/api/drivers'),
    totalVehiclesUnassigned: await total(api, '/api/vehicles/unassigned'),
  };
}

const CARD_TITLES: Record<keyof Counts, string> = {
  totalVehicles: 'Total Vehicle',
  totalDealers: 'Total dealers',
  totalFleets: 'Total Fleets',
  totalDrivers: 'Total Drivers',
  totalVehiclesUnassigned: 'Unassigned',
};

async function shownCounts(page: Page): Promise<Counts> {
  const shown = {} as Counts;
  for (const key of Object.keys(CARD_TITLES) as (keyof Counts)[])
    shown[key] = Number((await textOf(page.getByTestId(`count-${key}`))).replace(/,/g, ''));
  return shown;
}

/** Where a card is on the page. */
async function placeOf(page: Page, id: string) {
  const box = await page.getByTestId(`dashboard-tile-${id}`).boundingBox();
  if (!box) throw new Error(`card ${id} is not on the page`);
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
}

/** Where a card comes to rest: the grid animates cards into place, so read until two looks agree. */
async function settledPlaceOf(page: Page, id: string) {
  let last = await placeOf(page, id);
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const next = await placeOf(page, id);
    if (next.x === last.x && next.y === last.y && next.width === last.width) return next;
    last = next;
  }
  return last;
}

describe('the dashboard (part 2 §2 "Dashboard")', () => {
  test('the live counts match the seeded data and follow a change', async ({ page }) => {
    const api = await Api.signIn(ADMIN);
    const expected = await expectedCounts(api);
    // DEMO=true seeds 24 vehicles; other specs may add some.
    expect(expected.totalVehicles).toBeGreaterThanOrEqual(24);

    await signIn(page, ADMIN, '/');
    for (const [key, title] of Object.entries(CARD_TITLES)) {
      expect(await textOf(page.getByTestId(`card-title-${key}`))).toBe(title);
      expect(await textOf(page.getByTestId(`card-period-${key}`))).toBe('Now');
    }
    expect(await shownCounts(page)).toEqual(expected);

    // The computed cards: their titles, their period, and the figures of api/dashboard/cards.
    const cards = await api.call<{
      hoursCharging: { hours: number; period: { label: string } };
      serviceIncidents: { count: number };
      trend: { day: string; kwh: number; chargingHours: number; incidents: number }[];
    }>('GET', '/api/dashboard/cards');
    const titles = {
      dollarsSaved: 'Dollars Saved',
      emission: 'Emission',
      chargeConsumption: 'Charge Consumption',
      hoursCharging: 'Hours Charging this month',
      serviceIncidents: 'Service incidents this month',
    };
    for (const [key, title] of Object.entries(titles)) {
      expect(await textOf(page.getByTestId(`card-title-${key}`))).toBe(title);
      expect(await textOf(page.getByTestId(`card-period-${key}`))).toBe(cards.hoursCharging.period.label);
    }
    expect(cards.hoursCharging.period.label).toMatch(/this month/);
    expect(await textOf(page.getByTestId('card-serviceIncidents'))).toBe(String(cards.serviceIncidents.count));
    expect(await textOf(page.getByTestId('card-runningCostSaved'))).toMatch(/^-?\$[\d,.]+$/);
    expect(await textOf(page.getByTestId('card-maintenanceSaved'))).toMatch(/^\$[\d,.]+$/);
    expect(await textOf(page.getByTestId('card-gallonsSaved'))).toMatch(/^[\d,.]+$/);
    // Each computed card draws its last 30 days, a point a day, from the same call.
    const trendOf = async (key: string) =>
      ((await page.getByTestId(`trend-${key}`).getAttribute('data-values')) ?? '').split(',').map(Number);
    expect(cards.trend).toHaveLength(30);
    expect(await trendOf('chargeConsumption')).toEqual(cards.trend.map((d) => d.kwh));
    expect(await trendOf('hoursCharging')).toEqual(cards.trend.map((d) => d.chargingHours));
    expect(await trendOf('serviceIncidents')).toEqual(cards.trend.map((d) => d.incidents));
    for (const key of ['dollarsSaved', 'emission']) expect(await trendOf(key)).toHaveLength(30);
    await expectVisible(page.getByTestId('trend-chargeConsumption').locator('svg'));
    expect(await textOf(page.getByTestId('trend-chargeConsumption'))).toBe('Last 30 days');
    await screenshot(page, 'dashboard');

    // A new dealer is counted on the next visit.
    await createDealer(api, runId(), 'Dash');
    await page.reload();
    await expect
      .poll(async () => (await shownCounts(page)).totalDealers, { timeout: WAIT_MS })
      .toBe(expected.totalDealers + 1);
  });

  test('a card dragged from its body stays where it was put, until the layout is reset', async ({ page }) => {
    await signIn(page, ADMIN, '/');
    await expectVisible(page.getByTestId('count-totalVehicles'));
    // Read where the cards rest: the grid may still be sizing them when the first figure shows.
    const before = await settledPlaceOf(page, 'totalVehicles');
    const target = await settledPlaceOf(page, 'serviceIncidents');
    // Nothing arranged yet: there is nothing to reset.
    expect(await page.getByTestId('dashboard-reset-layout').isDisabled()).toBe(true);

    // Drag Total Vehicle by its figure (not its title) onto the Service incidents card's place.
    const body = page.getByTestId('card-body-totalVehicles');
    const box = (await body.boundingBox())!;
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/account/preferences/dashboardLayout') && r.request().method() === 'PUT',
    );
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 40, { steps: 5 });
    await page.mouse.move(target.x + 20, target.y + 20, { steps: 15 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);

    const after = await settledPlaceOf(page, 'totalVehicles');
    expect(after.x, 'the card moved to the right').toBeGreaterThan(before.x + 200);
    await screenshot(page, 'dashboard-dragged');

    await page.reload();
    await expectVisible(page.getByTestId('count-totalVehicles'));
    await expect.poll(() => settledPlaceOf(page, 'totalVehicles'), { timeout: WAIT_MS }).toEqual(after);

    // Kept for this user on the server, not in this browser: a fresh browser context shows it too.
    const api = await Api.signIn(ADMIN);
    const stored = () =>
      api.call<{ value: { i: string; x: number }[] }>('GET', '/api/account/preferences/dashboardLayout');
    expect((await stored()).value.find((item) => item.i === 'totalVehicles')?.x).toBeGreaterThan(0);

    // Reset layout: every card back in its default place, for this user on the server too.
    await page.getByTestId('dashboard-reset-layout').click();
    await expect.poll(() => settledPlaceOf(page, 'totalVehicles'), { timeout: WAIT_MS }).toEqual(before);
    await expect.poll(async () => (await stored()).value, { timeout: WAIT_MS }).toEqual([]);
    expect(await page.getByTestId('dashboard-reset-layout').isDisabled()).toBe(true);
  });

  test('an administrator changes the factors of the computed cards', async ({ page }) => {
    const api = await Api.signIn(ADMIN);
    const before = await api.call<Record<string, number>>('GET', '/api/dashboard/settings');
    await signIn(page, ADMIN, '/');
    await page.getByTestId('dashboard-factors-open').click();
    const price = page.getByTestId('factor-gasolinePricePerGallon');
    await expect.poll(() => price.inputValue(), { timeout: WAIT_MS }).toBe(String(before.gasolinePricePerGallon));
    await price.fill('abc');
    await page.getByTestId('entity-save').click();
    await expectVisible(page.getByText('This field should be a number.'));
    await price.fill('4.25');
    await screenshot(page, 'dashboard-factors');
    await page.getByTestId('entity-save').click();
    await expect
      .poll(
        async () => (await api.call<Record<string, number>>('GET', '/api/dashboard/settings')).gasolinePricePerGallon,
      )
      .toBe(4.25);
    await api.call('PUT', '/api/dashboard/settings', before);
  });

  test('a user who is not an administrator sees the cards but not the factors', async ({ page }) => {
    await signIn(page, USER, '/');
    await expectVisible(page.getByTestId('count-totalVehicles'));
    await expectVisible(page.getByTestId('card-dollarsSaved'));
    expect(await page.getByTestId('dashboard-factors-open').count()).toBe(0);

    // A narrow window: the cards stack in the grid's order instead of squeezing into twelfths.
    await page.setViewportSize({ width: 820, height: 900 });
    await expect
      .poll(async () => (await placeOf(page, 'totalDealers')).y > (await placeOf(page, 'totalVehicles')).y, {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect((await placeOf(page, 'totalDealers')).x).toBe((await placeOf(page, 'totalVehicles')).x);
    expect((await placeOf(page, 'totalVehicles')).width).toBeGreaterThan(400);
    await screenshot(page, 'dashboard-narrow');
  });
});
