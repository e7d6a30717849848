import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetOf, rowValues } from '../../support/can-readings.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { squareRing } from '../../support/zone-shapes.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;

/** A depot about 2 km a side in Chicago; positions inside and outside it. */
const DEPOT = [
  [
    [-87.66, 41.84],
    [-87.64, 41.84],
    [-87.64, 41.86],
    [-87.66, 41.86],
    [-87.66, 41.84],
  ],
];
const IN = { gpsLat: 41.85, gpsLong: -87.65 };
const OUT = { gpsLat: 41.9, gpsLong: -87.65 };
type Reading = Record<string, number> & { ts: number };
const parked = (ts: number, where: typeof IN) => ({
  ts,
  ...where,
  speed: 0,
  chargeStatus: 0,
  packVoltage: 100,
  vehicleCurrent: 0,
});

/**
 * A known day, from midnight `day` (UTC): outside at 05:00, in the depot from 05:10, plugged in
 * from 06:30 to 07:30 at 100 V × 40 A (4 kW: 2 kWh before the 07:00 band at 0.14, 2 kWh in it at
 * 0.21, 0.70 in all), out at 08:00; then a stay of 40 s at 09:00, shorter than the 60 s dwell.
 */
function knownDay(day: number): Reading[] {
  const r: Reading[] = [parked(day + 5 * HOUR, OUT)];
  for (let t = 5 * HOUR + 10 * MIN; t < 6 * HOUR + 30 * MIN; t += 10 * MIN) r.push(parked(day + t, IN));
  r.push(parked(day + 5 * HOUR + 10 * MIN + 30 * S, IN), parked(day + 5 * HOUR + 11 * MIN + 10 * S, IN));
  for (let t = 6 * HOUR + 30 * MIN; t < 7 * HOUR + 30 * MIN; t += 10 * S)
    r.push({ ...parked(day + t, IN), chargeStatus: 1, vehicleCurrent: -40 });
  for (let t = 7 * HOUR + 30 * MIN; t < 8 * HOUR; t += 5 * MIN) r.push(parked(day + t, IN));
  for (const t of [0, 30 * S, 70 * S, 10 * MIN, 20 * MIN]) r.push(parked(day + 8 * HOUR + t, OUT));
  for (const t of [0, 30 * S, 40 * S, 5 * MIN])
    r.push(parked(day + 9 * HOUR + t, t === 40 * S || t === 5 * MIN ? OUT : IN));
  return r.sort((a, b) => a.ts - b.ts);
}

/**
 * Jitter, a circle and a hole, from `day`: at 10:00 five minutes in and out of a dealer's yard (a
 * 200 m circle, dwell 30 s) every 10 s, which makes no visit; inside from 10:10, with jitter again
 * from 10:20, and out for good from 10:25; then five minutes in the hole of a fleet's ring (a
 * square with a square hole) from 11:00, and five minutes in the ring itself from 11:10.
 */
const YARD = { lat: 41.95, lng: -87.65 };
const RING = { lat: 42.05, lng: -87.65 };
function jitterDay(day: number): Reading[] {
  const r: Reading[] = [];
  const yardIn = { gpsLat: YARD.lat, gpsLong: YARD.lng };
  const yardOut = { gpsLat: YARD.lat + 0.0027, gpsLong: YARD.lng };
  for (let s = 0; s < 300; s += 10) r.push(parked(day + 10 * HOUR + s * S, (s / 10) % 2 ? yardOut : yardIn));
  for (let s = 600; s < 1200; s += 10) r.push(parked(day + 10 * HOUR + s * S, yardIn));
  for (let s = 1200; s < 1490; s += 10) r.push(parked(day + 10 * HOUR + s * S, (s / 10) % 2 ? yardOut : yardIn));
  for (let s = 1500; s < 1620; s += 10) r.push(parked(day + 10 * HOUR + s * S, yardOut));
  for (let s = 0; s < 300; s += 10) r.push(parked(day + 11 * HOUR + s * S, { gpsLat: RING.lat, gpsLong: RING.lng }));
  for (let s = 600; s < 900; s += 10)
    r.push(parked(day + 11 * HOUR + s * S, { gpsLat: RING.lat + 0.007, gpsLong: RING.lng }));
  r.push(parked(day + 12 * HOUR, OUT), parked(day + 12 * HOUR + 5 * MIN, OUT));
  return r;
}

interface Visit {
  zoneId: number;
  zoneName: string;
  kind: string;
  vehicleName: string;
  enteredAt: string;
  exitedAt: string | null;
  chargedKwh: number | null;
  chargeCost: number | null;
  currency: string | null;
  distanceMiles: number;
}

describe.each(DATABASE_KINDS)('zone visits and the cost of charging, from a known track, on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  let depotId: number;
  let inOrder: number;
  let lateFirst: number;
  let jittery: number;
  const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 3 * 86_400_000;
  const at = (ms: number) => new Date(day + ms).toISOString();
  const period = `from=${at(-HOUR * 24)}&to=${at(HOUR * 48)}`;

  const send = async (device: { vin: string; token: string }, readings: Reading[]) => {
    for (let i = 0; i < readings.length; i += 1000) {
      const res = await postReadings(t, device, readings.slice(i, i + 1000));
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.telemetry.settle();
  };
  const visitsOf = async (caller: Caller, url: string) => {
    const res = await caller('GET', `${url}?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Visit[]>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    b = await createTenant(t, adminToken, 'B');
    const res = await admin('POST', '/api/zones', {
      name: 'North depot',
      kind: 'depot',
      geometry: { type: 'Polygon', coordinates: DEPOT },
      fleetId: a.fleetId,
      tariff: { currency: 'USD', perKwh: 0.14, bands: [{ from: '07:00', to: '23:00', perKwh: 0.21 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    depotId = res.json<{ id: number }>().id;
    const owner = { fleetId: a.fleetId, dealerId: a.dealerId };
    const first = await createDevice(t.database, `VIN-ZONE-${kind}-1`, owner);
    inOrder = first.id;
    await send(first, knownDay(day));
    // The same day arriving out of order: the second half first, then the first (late) half.
    const second = await createDevice(t.database, `VIN-ZONE-${kind}-2`, owner);
    lateFirst = second.id;
    const readings = knownDay(day);
    const half = readings.length >> 1;
    await send(second, readings.slice(half));
    await send(second, readings.slice(0, half));
    // The persist after the late half decides its window again.
    await t.app.telemetry.settle();
    for (const zone of [
      {
        name: 'Yard',
        kind: 'zone',
        geometry: { type: 'Point', coordinates: [YARD.lng, YARD.lat], radiusM: 200 },
        dealerId: a.dealerId,
        minDwellSeconds: 30,
      },
      {
        name: 'Ring',
        kind: 'zone',
        geometry: {
          type: 'Polygon',
          coordinates: [squareRing(RING.lat, RING.lng, 0.01), squareRing(RING.lat, RING.lng, 0.004)],
        },
        fleetId: a.fleetId,
      },
    ])
      expect((await admin('POST', '/api/zones', zone)).statusCode).toBe(201);
    const third = await createDevice(t.database, `VIN-ZONE-${kind}-3`, owner);
    jittery = third.id;
    await send(third, jitterDay(day));
  }, 180_000);
  afterAll(() => t?.close());

  it('enters at the first reading inside and leaves at the first outside, and a stay shorter than the dwell is no visit', async () => {
    const visits = await visitsOf(admin, `/api/vehicles/${inOrder}/zone-visits`);
    expect(visits).toEqual([
      {
        zoneId: depotId,
        zoneName: 'North depot',
        kind: 'depot',
        vehicleId: inOrder,
        vehicleName: `Vehicle VIN-ZONE-${kind}-1`,
        enteredAt: at(5 * HOUR + 10 * MIN),
        exitedAt: at(8 * HOUR),
        chargedKwh: 4,
        chargeCost: 0.7,
        currency: 'USD',
        distanceMiles: 0,
      },
    ]);
  });

  it('makes no visit of jitter across a boundary nor of a stay in a hole, and keeps a visit through jitter', async () => {
    const visits = await visitsOf(admin, `/api/vehicles/${jittery}/zone-visits`);
    expect(visits.map((v) => [v.zoneName, v.enteredAt, v.exitedAt])).toEqual([
      ['Yard', at(10 * HOUR + 10 * MIN), at(10 * HOUR + 25 * MIN)],
      ['Ring', at(11 * HOUR + 10 * MIN), at(12 * HOUR)],
    ]);
  });

  it('prices the charging session by the energy in each tariff band, to the cent, and names its zone', async () => {
    const res = await admin('GET', `/api/vehicles/${inOrder}/charging-sessions?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([{ start: at(6 * HOUR + 30 * MIN), zoneId: depotId, cost: 0.7, currency: 'USD' }]);
  });

  it('gives the fleet analytics each vehicle’s charging cost and hours at depots', async () => {
    const res = await admin('GET', `/api/analytics/fleet?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<{ vehicleId: number }[]>().find((r) => r.vehicleId === inOrder);
    // 05:10 to 08:00 in the depot.
    expect(row).toMatchObject({
      chargingCosts: [{ currency: 'USD', cost: 0.7 }],
      depotHours: 2.83,
      plugInReminders: 0,
    });
  });

  it('decides the same visit when the first half of the day arrives late', async () => {
    const [visit] = await visitsOf(admin, `/api/vehicles/${lateFirst}/zone-visits`);
    expect(visit).toMatchObject({
      enteredAt: at(5 * HOUR + 10 * MIN),
      exitedAt: at(8 * HOUR),
      chargedKwh: 4,
      chargeCost: 0.7,
    });
    expect((await visitsOf(admin, `/api/vehicles/${lateFirst}/zone-visits`)).length).toBe(1);
  });

  it('withholds what a vehicle charged where the role toggles withhold its CAN details', async () => {
    const fleet = callerFor(t, a.fleet);
    const toggle = (on: boolean) =>
      admin('PUT', '/api/role-permissions/ROLE_FLEET', { permissions: { 'vehicle.canDetails': on } });
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      const visits = await visitsOf(fleet, `/api/zones/${depotId}/visits`);
      expect(visits.length).toBeGreaterThan(0);
      expect(visits.every((v) => v.chargedKwh === null && v.chargeCost === null && v.currency === null)).toBe(true);
      const res = await fleet('GET', `/api/vehicles/${inOrder}/zone-visits?${period}`);
      expect(res.statusCode).toBe(403);
    } finally {
      await toggle(true);
    }
    expect((await visitsOf(fleet, `/api/zones/${depotId}/visits`))[0].chargedKwh).toBe(4);
  });

  it('lists a zone’s visits for those who see the zone, in JSON and xlsx, and refuses another tenant', async () => {
    const visits = await visitsOf(callerFor(t, a.fleet), `/api/zones/${depotId}/visits`);
    expect(visits.map((v) => v.vehicleName).sort()).toEqual([
      `Vehicle VIN-ZONE-${kind}-1`,
      `Vehicle VIN-ZONE-${kind}-2`,
    ]);
    const xlsx = await admin('GET', `/api/zones/${depotId}/visits/xlsx?${period}`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await sheetOf(xlsx);
    expect(rowValues(sheet, 1)).toEqual([
      'Zone',
      'Kind',
      'Vehicle',
      'Entered (UTC)',
      'Left (UTC)',
      'Charged (kWh)',
      'Charge cost',
      'Currency',
      'Distance (mi)',
    ]);
    const row = rowValues(sheet, 2);
    expect(row.slice(0, 3)).toEqual(['North depot', 'depot', `Vehicle VIN-ZONE-${kind}-1`]);
    expect((row[3] as Date).toISOString()).toBe(at(5 * HOUR + 10 * MIN));
    expect(row.slice(5, 8)).toEqual([4, 0.7, 'USD']);
    expect((await callerFor(t, b.fleet)('GET', `/api/zones/${depotId}/visits?${period}`)).statusCode).toBe(404);
    expect((await callerFor(t, b.dealer)('GET', `/api/vehicles/${inOrder}/zone-visits?${period}`)).statusCode).toBe(
      404,
    );
  });
});
