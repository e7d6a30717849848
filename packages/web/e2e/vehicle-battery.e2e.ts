import {
  localDate,
  timeSlotText,
  type BatteryHealth,
  type ChargingSession,
  type SignalSeries,
  type TripFigures,
  type Vehicle,
} from '@evfleet/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { ADMIN, expect, expectVisible, screenshot, signIn, test, textOf, WAIT_MS } from './support/fixtures';
import { Api } from './support/people';
import { deviceCredential, everyMinute, pollUntil, sendReadings, type Reading } from './support/readings';
import { pickDay } from './support/vehicles';

/** A demo vehicle no other browser test drives (EV Cart 22). */
const VIN = 'EVDEMO00000000022';
const MIN = 60_000;
/** The screenshots a person looks at are taken at this size. */
const SCREEN = { width: 1400, height: 900 };

interface MapItem {
  vehicle_id: number;
  src_ip: string;
  srv_date_time: string | null;
}

let admin: Api;
let vehicle: Vehicle;

const HOME = { lat: 41.8781, lng: -87.6298 };
/** Cell 3 is 50 mV below the rest. */
const cells = (count: number) => Array.from({ length: count }, (_, i) => (i === 2 ? 3.25 : 3.3));
const parked = { speed: 0, gear: 4, gpsLat: HOME.lat, gpsLong: HOME.lng, packVoltage: 80, odometer: 500 };

/** Five hours ago, on a whole minute: 40 minutes charging, 15 at rest, then a 40-minute trip read every second. */
const start = Math.floor((Date.now() - 5 * 60 * MIN) / MIN) * MIN;
const CHARGE_MINUTES = 40;
const tripStart = start + 60 * MIN;
const TRIP_SECONDS = 2400;
/** 20 mph, so the odometer gains a mile every 180 seconds. */
const TRIP_MILES = (TRIP_SECONDS - 1) / 180;

function readings(cellCount: number): Reading[] {
  const charging = everyMinute(start, CHARGE_MINUTES, (i) => ({
    ...parked,
    chargeStatus: 1,
    vehicleCurrent: -50,
    batteryCharge: 30 + Math.round((i * 27) / (CHARGE_MINUTES - 1)),
  }));
  const resting = everyMinute(start + CHARGE_MINUTES * MIN, 15, () => ({
    ...parked,
    chargeStatus: 0,
    vehicleCurrent: 1,
    batteryCharge: 57,
    cells: cells(cellCount),
  }));
  // A long winding track: more points than the map draws.
  const trip = Array.from({ length: TRIP_SECONDS }, (_, i): Reading => ({
    ts: tripStart + i * 1000,
    speed: 20,
    gear: 1,
    chargeStatus: 0,
    packVoltage: 80,
    vehicleCurrent: 60,
    batteryCharge: 57 - Math.round((i * 25) / TRIP_SECONDS),
    odometer: 500 + i / 180,
    gpsLat: HOME.lat + i / 20_000,
    gpsLong: HOME.lng + Math.sin(i / 30) / 500,
  }));
  const after = everyMinute(tripStart + TRIP_SECONDS * 1000 + 6 * MIN, 5, () => ({
    ...parked,
    chargeStatus: 0,
    vehicleCurrent: 1,
    batteryCharge: 32,
    odometer: 500 + TRIP_MILES,
    cells: cells(cellCount),
  }));
  return [...charging, ...resting, ...trip, ...after];
}

const waitFor = <T>(path: string, ready: (answer: T) => boolean) => pollUntil<T>(admin, path, ready);

const period = () => `from=${new Date(start - 60 * MIN).toISOString()}&to=${new Date().toISOString()}`;
const oursSession = (s: ChargingSession) => Date.parse(s.start) === start;
const oursTrip = (t: TripFigures) => Date.parse(t.start) === tripStart;

async function openTab(page: Page, tab: string): Promise<void> {
  await page.setViewportSize(SCREEN);
  await signIn(page, ADMIN, `/vehicle/${vehicle.id}`);
  expect(await textOf(page.getByTestId('vehicle-detail-name'))).toBe(vehicle.name);
  await page.getByTestId(`tab-${tab}`).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe(tab);
}

describe('vehicle detail: battery, signal chart and trip figures', () => {
  beforeAll(async () => {
    admin = await Api.signIn(ADMIN);
    const item = (await admin.call<MapItem[]>('GET', '/api/vehicles/details')).find((v) => v.src_ip === VIN);
    if (!item) throw new Error(`demo vehicle ${VIN} is missing`);
    vehicle = await admin.call<Vehicle>('GET', `/api/vehicles/${item.vehicle_id}`);
    const device = await deviceCredential(admin, vehicle.id);
    const all = readings(vehicle.cells);
    // The telemetry call takes at most 1000 readings a message.
    for (let i = 0; i < all.length; i += 500) await sendReadings(device, all.slice(i, i + 500));
    await waitFor<ChargingSession[]>(`/api/vehicles/${vehicle.id}/charging-sessions?${period()}`, (s) =>
      s.some(oursSession),
    );
    await waitFor<TripFigures[]>(`/api/vehicles/${vehicle.id}/trips?${period()}`, (t) => t.some(oursTrip));
  });

  test('the Battery tab shows the health figures, the charging session and the trip of the period', async ({
    page,
  }) => {
    // The cell figures at rest are kept by the day and written every few seconds: wait for them too.
    const health = await waitFor<BatteryHealth>(
      `/api/vehicles/${vehicle.id}/battery-health`,
      (h) => h.estimatedCapacityKwh !== null && h.cellSpreadMv !== null,
    );
    // 80 V × 50 A for 39 minutes (2.6 kWh) added 27 points of charge: about 9.6 kWh.
    expect(health.estimatedCapacityKwh).toBeGreaterThan(9);
    expect(health.estimatedCapacityKwh).toBeLessThan(10.5);
    await openTab(page, 'battery');

    const tab = page.getByTestId('battery-tab');
    expect(await textOf(tab.getByTestId('health-capacity-value'))).toBe(
      `${health.estimatedCapacityKwh!.toFixed(1)} kWh`,
    );
    expect(health.cellSpreadMv).toBeCloseTo(50, 0);
    expect(await textOf(tab.getByTestId('health-spread-value'))).toBe(`${health.cellSpreadMv!.toFixed(0)} mV`);
    expect(await textOf(tab.getByTestId('health-weakest-value'))).toBe('Cell 3');
    expect(await textOf(tab.getByTestId('health-cycles-value'))).toBe(health.equivalentFullCycles!.toFixed(1));
    if (health.ratedCapacityKwh === null)
      expect(await textOf(tab.getByTestId('health-soh-unknown'))).toContain('no rated capacity set');
    else expect(await textOf(tab.getByTestId('health-soh-value'))).toMatch(/^\d+ %$/);
    await expectVisible(
      tab.getByTestId('capacity-history').locator('.recharts-line-curve, .recharts-line-dot').first(),
    );

    // The tables show what the calls answer for the period (the last 30 days), ours among them.
    const sessions = await admin.call<ChargingSession[]>(
      'GET',
      `/api/vehicles/${vehicle.id}/charging-sessions?${period()}`,
    );
    const session = sessions.find(oursSession)!;
    // 80 V × 50 A: 4 kW for about 40 minutes.
    expect(session.energyKwh).toBeCloseTo(2.67, 1);
    // Priced only where a demo zone with a tariff holds the place it charged at.
    const cost = session.cost === null ? '—' : `${session.cost.toFixed(2)} ${session.currency}`;
    const sessionRow = page.getByTestId('charging-sessions-table-row').filter({ hasText: '30% → 57%' });
    expect(await textOf(sessionRow)).toMatch(
      new RegExp(
        `39 min\\s+30% → 57%\\s+${session.energyKwh.toFixed(2)} kWh\\s+4\\.0 kW\\s+${cost}\\s+41\\.8781, -87\\.6298`,
      ),
    );
    const trips = await admin.call<TripFigures[]>('GET', `/api/vehicles/${vehicle.id}/trips?${period()}`);
    const trip = trips.find(oursTrip)!;
    // 80 V × 60 A for 40 minutes over 13.3 miles.
    expect(trip.distanceMiles).toBeCloseTo(TRIP_MILES, 1);
    expect(trip.energyKwh).toBeCloseTo(3.2, 1);
    const tripRow = page.getByTestId('trips-table-row').filter({ hasText: `${trip.energyKwh.toFixed(2)} kWh` });
    expect(await textOf(tripRow)).toMatch(
      new RegExp(
        `40 min\\s+13\\.3 mi\\s+${trip.energyKwh.toFixed(2)} kWh\\s+${trip.whPerMile!.toFixed(0)}\\s+20\\.0 mph\\s+25 %`,
      ),
    );
    await screenshot(page, 'vehicle-battery');

    // The tab is in the address: a reload opens it again.
    await page.reload();
    await expectVisible(page.getByTestId('health-capacity-value'));
    await page.getByTestId('trips').scrollIntoViewIfNeeded();
    await screenshot(page, 'vehicle-battery-tables');
  });

  test('a vehicle that never reported says why each figure is missing, and that the period is empty', async ({
    page,
  }) => {
    const silent = (await admin.call<MapItem[]>('GET', '/api/vehicles/details')).find((v) => v.srv_date_time === null);
    if (!silent) throw new Error('every vehicle has reported: no silent one to look at');
    await page.setViewportSize(SCREEN);
    await signIn(page, ADMIN, `/vehicle/${silent.vehicle_id}?tab=battery`);
    expect(await textOf(page.getByTestId('health-capacity-unknown'))).toBe(
      'Not known: needs a charge adding 20% or more',
    );
    expect(await textOf(page.getByTestId('charging-sessions-table-empty'))).toBe('No charging sessions in this period');
    expect(await textOf(page.getByTestId('trips-table-empty'))).toBe('No trips in this period');
    expect(await textOf(page.getByTestId('zone-visits-empty'))).toBe('No zone visits in this period');
    expect(await textOf(page.getByTestId('capacity-history'))).toContain('No capacity estimates yet');
  });

  test('the signal chart draws a chosen signal over the last 24 hours, asks for finer data when dragged across, and follows its container', async ({
    page,
  }) => {
    const asked: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/signal-series')) asked.push(new URL(r.url()));
    });
    await openTab(page, 'signals');
    await expectVisible(page.getByText('Choose a signal to draw it over time.'));
    await page.getByTestId('signal-select').click();
    await page.getByRole('option', { name: 'Speed (mph)', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('signal')).toBe('speed');

    const chart = page.getByTestId('signal-chart');
    const canvas = chart.locator('canvas');
    await expectVisible(canvas);
    const first = asked.at(-1)!;
    const from = Date.parse(first.searchParams.get('from')!);
    const to = Date.parse(first.searchParams.get('to')!);
    expect(to - from).toBe(24 * 60 * MIN);
    // About one bucket a pixel of the chart's width (its card's, to the next hundred).
    const width = (await chart.boundingBox())!.width;
    const points = Number(first.searchParams.get('points'));
    expect(points).toBeGreaterThanOrEqual(width);
    expect(points).toBeLessThanOrEqual(width + 200);
    const series = await admin.call<SignalSeries>('GET', `/api/vehicles/${vehicle.id}/signal-series${first.search}`);
    expect(series.readings).toBeGreaterThanOrEqual(TRIP_SECONDS);
    expect(await textOf(page.getByTestId('signal-summary'))).toContain(
      `${series.readings.toLocaleString('en-US')} readings`,
    );
    // The band is drawn: the trip's 20 mph shows as coloured pixels on the canvas.
    const coloured = await canvas.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 2] > 150 && data[i] < 100 && data[i + 3] > 0) n++;
      return n;
    });
    expect(coloured).toBeGreaterThan(50);
    await screenshot(page, 'vehicle-signal-chart');

    // Dragging across the trip asks for that span only.
    const box = (await canvas.boundingBox())!;
    const before = asked.length;
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => asked.length).toBeGreaterThan(before);
    const zoomed = asked.at(-1)!;
    const span = Date.parse(zoomed.searchParams.get('to')!) - Date.parse(zoomed.searchParams.get('from')!);
    expect(span).toBeLessThan(24 * 60 * MIN * 0.5);
    await expectVisible(page.getByRole('button', { name: 'Back to the last 24 hours' }));
    await screenshot(page, 'vehicle-signal-chart-zoomed');

    // The chart follows its container's width.
    await page.setViewportSize({ width: 1000, height: SCREEN.height });
    await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThan(box.width - 100);

    // The signal is in the address: a reload draws it again.
    await page.reload();
    await expectVisible(page.getByTestId('signal-chart').locator('canvas'));
  });

  test("the route history shows the chosen trip's figures beside a track thinned for drawing", async ({ page }) => {
    const trips = await admin.call<TripFigures[]>('GET', `/api/vehicles/${vehicle.id}/trips?${period()}`);
    const ours = trips.find(oursTrip)!;
    const day = localDate(tripStart, vehicle.timeZone);
    const slots = await admin.call<string[]>('GET', `/api/vehicle/mapTimeSlot/${vehicle.id}?date=${day}`);
    const slot = slots.indexOf(timeSlotText({ start: tripStart, end: Date.parse(ours.end) }, vehicle.timeZone)) + 1;
    expect(slot).toBeGreaterThan(0);

    await page.setViewportSize(SCREEN);
    await signIn(page, ADMIN, `/vehicle/${vehicle.id}`);
    await pickDay(page, day);
    await page.getByTestId('select-range').click();
    await page
      .getByRole('option')
      .nth(slot - 1)
      .click();

    const summary = page.getByTestId('trip-summary');
    expect(await textOf(summary.getByTestId('trip-distance'))).toBe(`${ours.distanceMiles.toFixed(1)} mi`);
    expect(await textOf(summary.getByTestId('trip-duration'))).toBe('40 min');
    expect(await textOf(summary.getByTestId('trip-energy'))).toBe(`${ours.energyKwh.toFixed(2)} kWh`);
    expect(await textOf(summary.getByTestId('trip-charge'))).toBe('25 %');

    // 2400 points in the route; the map draws at most 2000 of them, and is done within seconds.
    const map = page.getByTestId('vehicle-map');
    const drawn = async () => Number(await map.getAttribute('data-route-points'));
    let last = -1;
    await expect
      .poll(
        async () => {
          const now = await drawn();
          const settled = now > 0 && now === last;
          last = now;
          return settled;
        },
        { timeout: WAIT_MS, interval: 1000 },
      )
      .toBe(true);
    expect(last).toBeLessThanOrEqual(2000);
    expect(last).toBeGreaterThan(100);
    await screenshot(page, 'vehicle-route-trip-summary');
  });
});
