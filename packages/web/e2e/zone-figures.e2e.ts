import type { ChargingSession, FleetAnalyticsRow, ReadinessRow, ZoneVisitRow } from '@evfleet/domain';
import { beforeAll, describe } from 'vitest';
import { ADMIN, expect, screenshot, signIn, test, textOf, WAIT_MS } from './support/fixtures';
import { headerTexts } from './support/can-report';
import { chooseLanguage } from './support/languages';
import { Api, columnTexts, gridRows, runId } from './support/people';
import { chargingStay, MIN, resting } from './support/depot-charging';
import { everyMinute, pollUntil, sendReadings } from './support/readings';
import { createVehicle, vehicleOwners, type OwnVehicle } from './support/vehicles';

const DEPOT = { lat: 41.8781, lng: -87.6298 };
/** About 5 km north of the depot. */
const AWAY = { lat: 41.9231, lng: -87.6298 };
const PER_KWH = 0.25;
const SCREEN = { width: 1400, height: 900 };

/** Three hours ago, on a whole minute. */
const start = Math.floor((Date.now() - 180 * MIN) / MIN) * MIN;
/** A stay at the depot with a charge, then back at the depot for the last 5 minutes, not plugged in (its visit still open). */
const readings = () => [...chargingStay(start, DEPOT, AWAY), ...everyMinute(start + 150 * MIN, 5, resting(DEPOT, 56))];

let admin: Api;
let dealer: { email: string; password: string };
let vehicle: OwnVehicle;
let zoneName: string;

const period = () => `from=${new Date(start - 60 * MIN).toISOString()}&to=${new Date().toISOString()}`;

describe("the zones' figures: a vehicle's visits and the cost of its charging", () => {
  beforeAll(async () => {
    admin = await Api.signIn(ADMIN);
    const run = runId('zf');
    const owners = await vehicleOwners(admin, run);
    dealer = { email: owners.dealer.email, password: 'Dealer-123' };
    vehicle = await createVehicle(admin, owners, `Zone figures ${run}`, `ZF${run}`.toUpperCase().slice(0, 17));
    zoneName = `Depot ${run}`;
    await admin.call('POST', '/api/zones', {
      name: zoneName,
      kind: 'depot',
      dealerId: owners.dealer.id,
      geometry: { type: 'Point', coordinates: [DEPOT.lng, DEPOT.lat], radiusM: 300 },
      timeZone: 'America/Chicago',
      tariff: { currency: 'USD', perKwh: PER_KWH, bands: [] },
    });
    await sendReadings(vehicle.device, readings());
    await pollUntil<ZoneVisitRow[]>(
      admin,
      `/api/vehicles/${vehicle.id}/zone-visits?${period()}`,
      (visits) => visits.length === 2 && visits[0].chargeCost !== null && visits[1].exitedAt === null,
    );
  });

  test('the Battery tab lists the visits day by day with their charge cost, and prices the charging session', async ({
    page,
  }) => {
    const visits = await admin.call<ZoneVisitRow[]>('GET', `/api/vehicles/${vehicle.id}/zone-visits?${period()}`);
    const [charged, open] = visits;
    // About 2.6 kWh at 0.25 USD.
    expect(charged.chargedKwh).toBeGreaterThan(2);
    expect(charged.chargeCost).toBeCloseTo(charged.chargedKwh! * PER_KWH, 1);
    expect(charged.currency).toBe('USD');
    expect(open.chargeCost).toBeNull();
    const cost = `${charged.chargeCost!.toFixed(2)} USD`;
    const [session] = await admin.call<ChargingSession[]>(
      'GET',
      `/api/vehicles/${vehicle.id}/charging-sessions?${period()}`,
    );
    expect(session.cost).toBe(charged.chargeCost);

    await page.setViewportSize(SCREEN);
    await signIn(page, dealer, `/vehicle/${vehicle.id}?tab=battery`);
    const card = page.getByTestId('zone-visits');
    const rows = card.getByTestId('zone-visits-row');
    await expect.poll(() => rows.count(), { timeout: WAIT_MS }).toBe(2);
    const first = await textOf(rows.first());
    expect(first).toContain(zoneName);
    // The badge writes its kind in capitals.
    expect(first).toMatch(/\bdepot\b/i);
    expect(first).toMatch(/50 min/);
    expect(await textOf(rows.first().getByTestId('zone-visits-cost'))).toBe(cost);
    expect(await textOf(rows.nth(1))).toMatch(/inside now/i);
    expect(await textOf(rows.nth(1).getByTestId('zone-visits-cost'))).toBe('—');
    // Every visit began on one local day (America/Denver) unless midnight fell between them.
    const totals = await card.getByTestId('zone-visits-day-total').allInnerTexts();
    expect(totals.join(' ')).toContain(cost);
    const sessionRow = page.getByTestId('charging-sessions-table-row').filter({ hasText: '30% → 57%' });
    expect(await textOf(sessionRow)).toContain(cost);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('zone-visits-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Visits.xlsx');

    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'zone-visits');
  });

  test('the analytics page shows the charging cost, the hours at depots and the readiness at the depot', async ({
    page,
  }) => {
    const dealerApi = await Api.signIn(dealer);
    const [row] = await dealerApi.call<FleetAnalyticsRow[]>('GET', '/api/analytics/fleet');
    expect(row.vehicleId).toBe(vehicle.id);
    expect(row.chargingCosts).toHaveLength(1);
    const cost = `${row.chargingCosts[0].cost.toFixed(2)} USD`;
    const readiness = await dealerApi.call<ReadinessRow[]>('GET', '/api/analytics/readiness');
    expect(readiness[0]).toMatchObject({ depotName: zoneName, pluggedIn: false });

    await page.setViewportSize(SCREEN);
    await signIn(page, dealer, '/analytics');
    await expect.poll(() => gridRows(page, 'analytics-fleet-grid').count(), { timeout: WAIT_MS }).toBe(1);
    expect(await columnTexts(page, 'analytics-fleet-grid', 'chargingCosts')).toEqual([cost]);
    // An open visit's hours grow while the page loads, and the table rounds them to a tenth.
    const [hours] = await columnTexts(page, 'analytics-fleet-grid', 'depotHours');
    expect(Math.abs(Number(hours) - row.depotHours)).toBeLessThan(0.2);
    expect(await columnTexts(page, 'analytics-fleet-grid', 'plugInReminders')).toEqual([String(row.plugInReminders)]);
    expect(await textOf(page.getByTestId('analytics-total-cost'))).toBe(cost);
    expect(await textOf(page.getByTestId('analytics-total-depot-hours'))).toBe(`${hours} h`);

    const list = page.getByTestId('readiness-row');
    await expect.poll(() => list.count()).toBe(1);
    expect(await textOf(list.getByTestId('readiness-depot'))).toBe(zoneName);
    expect(await textOf(list.getByTestId('readiness-plugged-in'))).toBe('No');
    await screenshot(page, 'zone-figures-analytics');
    // The new columns are the table's last: scrolled into view for the picture.
    await page.getByTestId('analytics-fleet').scrollIntoViewIfNeeded();
    await page
      .getByTestId('analytics-fleet-grid')
      .locator('.ag-body-horizontal-scroll-viewport')
      .evaluate((viewport) => viewport.scrollTo({ left: viewport.scrollWidth }));
    await screenshot(page, 'zone-figures-analytics-table');
  });

  test('the same figures speak German', async ({ page }) => {
    await page.setViewportSize(SCREEN);
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'de');
    try {
      await page.goto(`/vehicle/${vehicle.id}?tab=battery`);
      const card = page.getByTestId('zone-visits');
      expect(await textOf(card.locator('h5'))).toBe('Zonenbesuche');
      await expect.poll(() => card.getByTestId('zone-visits-row').count(), { timeout: WAIT_MS }).toBe(2);
      expect(await textOf(card.getByTestId('zone-visits-day-total').first())).toMatch(/Aufenthalt, .* kWh geladen/);
      expect(await textOf(card.getByTestId('zone-visits-inside-now'))).toMatch(/^noch dort$/i);
      expect(await textOf(card.getByTestId('zone-visits-cost').first())).toMatch(/^\d+,\d\d USD$/);
      expect(await textOf(card.getByTestId('zone-visits-export'))).toBe('Exportieren');
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'zone-visits-german');

      await page.goto('/analytics');
      await expect
        .poll(() => headerTexts(page, 'analytics-fleet-grid'), { timeout: WAIT_MS })
        .toEqual(expect.arrayContaining(['Ladekosten', 'Stunden im Depot', 'Einsteck-Erinnerungen']));
      expect(await textOf(page.getByTestId('readiness-table').locator('thead'))).toMatch(/Im Depot\s+Eingesteckt/);
      const ours = page.getByTestId('readiness-row').filter({ hasText: vehicle.name });
      expect(await textOf(ours.getByTestId('readiness-plugged-in'))).toBe('Nein');
      expect(await textOf(page.getByTestId('analytics-totals'))).toContain('Ladekosten im Zeitraum');
    } finally {
      await chooseLanguage(page, 'en');
    }
  });
});
