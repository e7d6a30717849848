import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, type Caller } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice, postReadings } from '../../support/vehicles.js';

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;
type Reading = Record<string, number | number[]> & { ts: number };

/** An hour at 100 V and 30 A in (3 kW), a reading every 10 s, adding 30 points of charge; then unplugged. */
const charge = (from: number, startCharge: number): Reading[] => [
  ...Array.from({ length: 360 }, (_, i) => ({
    ts: from + i * 10 * S,
    chargeStatus: 1,
    packVoltage: 100,
    vehicleCurrent: -30,
    speed: 0,
    batteryCharge: startCharge + (30 * i) / 359,
  })),
  { ts: from + HOUR, chargeStatus: 0, packVoltage: 100, vehicleCurrent: 0, speed: 0, batteryCharge: startCharge + 30 },
];
/** Half an hour at 24 mph drawing 100 V × 60 A (6 kW), a reading every 5 s: 12 miles on the odometer, 3 kWh. */
const drive = (from: number, odometer: number): Reading[] => [
  ...Array.from({ length: 360 }, (_, i) => ({
    ts: from + i * 5 * S,
    speed: 24,
    packVoltage: 100,
    vehicleCurrent: 60,
    chargeStatus: 0,
    odometer: odometer + (12 * i) / 360,
    batteryCharge: 80 - (20 * i) / 360,
  })),
  {
    ts: from + 30 * MIN,
    speed: 0,
    packVoltage: 100,
    vehicleCurrent: 0,
    chargeStatus: 0,
    odometer: odometer + 12,
    batteryCharge: 60,
  },
];

describe.each(DATABASE_KINDS)('EV analytics from readings with known answers, on %s', (kind) => {
  let t: TestApp;
  let as: Caller;
  let vehicleId: number;
  let lateId: number;
  const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 3 * 86_400_000;
  const from = new Date(day - 86_400_000).toISOString();
  const to = new Date(day + 2 * 86_400_000).toISOString();
  const period = `from=${from}&to=${to}`;

  const send = async (device: { vin: string; token: string }, readings: Reading[]) => {
    for (let i = 0; i < readings.length; i += 1000) {
      const res = await postReadings(t, device, readings.slice(i, i + 1000));
      expect(res.statusCode).toBe(200);
    }
  };
  const get = async <T>(url: string) => {
    const res = await as('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    as = callerFor(t, await t.admin());
    const device = await createDevice(t.database, 'VIN-ANALYTICS-1', { ratedCapacityKwh: 12 });
    vehicleId = device.id;
    await send(device, [
      ...charge(day + 1 * HOUR, 20),
      ...drive(day + 3 * HOUR, 1000),
      ...charge(day + 5 * HOUR, 40),
      ...drive(day + 7 * HOUR, 1012),
    ]);
    // The same day arriving out of order: the second half of each episode first.
    const late = await createDevice(t.database, 'VIN-ANALYTICS-2');
    lateId = late.id;
    const readings = [...charge(day + 1 * HOUR, 20), ...drive(day + 3 * HOUR, 1000)];
    const half = readings.length >> 1;
    await send(late, readings.slice(half));
    await t.app.telemetry.settle();
    await send(late, readings.slice(0, half));
    await t.app.telemetry.settle();
  }, 180_000);
  afterAll(() => t?.close());

  it('finds each charging session with the energy integrated from voltage × current', async () => {
    const sessions = await get<Record<string, unknown>[]>(`/api/vehicles/${vehicleId}/charging-sessions?${period}`);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toEqual({
      start: new Date(day + HOUR).toISOString(),
      end: new Date(day + HOUR + 3590 * S).toISOString(),
      startCharge: 20,
      endCharge: 50,
      energyKwh: expect.closeTo(3, 2),
      peakPowerKw: 3,
      gpsLat: null,
      gpsLong: null,
      // Without a position, no zone and no cost.
      zoneId: null,
      cost: null,
      currency: null,
    });
  });

  it('gives each trip its distance, energy, Wh/mi, speed and charge used', async () => {
    const trips = await get<Record<string, number | string>[]>(`/api/vehicles/${vehicleId}/trips?${period}`);
    expect(trips).toHaveLength(2);
    expect(trips[0]).toEqual({
      start: new Date(day + 3 * HOUR).toISOString(),
      end: new Date(day + 3 * HOUR + 1795 * S).toISOString(),
      distanceMiles: expect.closeTo(12, 2),
      energyKwh: expect.closeTo(3, 2),
      whPerMile: expect.closeTo(250, -1),
      averageSpeedMph: expect.closeTo(24, 0),
      startCharge: 80,
      endCharge: 60,
    });
  });

  it('estimates the capacity from the charge added and the state of health against the rated capacity', async () => {
    const health = await get<Record<string, unknown>>(`/api/vehicles/${vehicleId}/battery-health`);
    expect(health).toMatchObject({
      estimatedCapacityKwh: expect.closeTo(10, 1),
      ratedCapacityKwh: 12,
      stateOfHealthPercent: expect.closeTo(83.3, 0),
      history: [
        { month: new Date(day).toISOString().slice(0, 7), sessions: 2, estimatedCapacityKwh: expect.closeTo(10, 1) },
      ],
    });
  });

  it('comes out the same when the readings arrive out of order', async () => {
    const [sessions, trips] = await Promise.all([
      get<{ energyKwh: number }[]>(`/api/vehicles/${lateId}/charging-sessions?${period}`),
      get<{ energyKwh: number; distanceMiles: number }[]>(`/api/vehicles/${lateId}/trips?${period}`),
    ]);
    expect(sessions.map((s) => s.energyKwh)).toEqual([expect.closeTo(3, 2)]);
    expect(trips.map((s) => [s.energyKwh, s.distanceMiles])).toEqual([[expect.closeTo(3, 2), expect.closeTo(12, 2)]]);
  });

  it('draws a signal down-sampled to the buckets asked for, keeping every extreme', async () => {
    const series = await get<{ ts: number[]; min: number[]; max: number[]; readings: number; bucketMs: number }>(
      `/api/vehicles/${vehicleId}/signal-series?signal=vehicleCurrent&points=24&from=${new Date(day).toISOString()}&to=${new Date(day + 24 * HOUR).toISOString()}`,
    );
    expect(series.bucketMs).toBe(HOUR);
    expect(series.readings).toBe(4 * 361);
    expect(series.ts.length).toBeLessThanOrEqual(24);
    expect(Math.min(...series.min)).toBe(-30);
    expect(Math.max(...series.max)).toBe(60);
  });

  it('refuses bad periods and signals with field errors', async () => {
    const backwards = await as('GET', `/api/analytics/fleet?from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('must be after from');
    const signal = await as('GET', `/api/vehicles/${vehicleId}/signal-series?signal=password`);
    expect(signal.statusCode).toBe(400);
    expect(signal.body).toContain('signal');
    expect((await as('GET', `/api/vehicles/${vehicleId}/trips?from=yesterday`)).statusCode).toBe(400);
  });
});
