import { describe, expect, it } from 'vitest';
import { batteryHealthOf } from '../../../src/modules/analytics/battery-health.js';
import { readinessOf, type ReadinessSums } from '../../../src/modules/analytics/readiness.js';

const HOUR_MS = 3_600_000;

describe('battery health', () => {
  const session = (start: string, energyKwh: number, startCharge: number, endCharge: number) => ({
    start: Date.parse(start),
    end: Date.parse(start) + HOUR_MS,
    energyKwh,
    startCharge,
    endCharge,
  });
  const february = Array.from({ length: 7 }, (_, i) => ({ day: `2026-02-0${i + 1}`, sum: 20, count: 1 }));
  const health = batteryHealthOf({
    sessions: [session('2026-02-10T10:00:00Z', 22, 40, 80), session('2026-01-10T10:00:00Z', 30, 20, 70)],
    chargedKwh: 120,
    spreadDays: [{ day: '2026-01-31', sum: 100, count: 10 }, ...february],
    lowCells: [{ cell: 3 }, { cell: 7 }],
    ratedKwh: 60,
  });

  it('estimates the capacity from the sessions and judges it against the rated one', () => {
    expect(health.estimatedCapacityKwh).toBe(57.5);
    expect(health.stateOfHealthPercent).toBe(95.8);
    expect(health.equivalentFullCycles).toBe(2);
    expect(health.weakestCell).toBe(3);
  });

  it('takes the current cell spread from the last seven days at rest', () => {
    expect(health.cellSpreadMv).toBe(20);
    expect(health.cellSpreadTrend).toHaveLength(8);
    expect(health.cellSpreadTrend[0]).toEqual({ day: '2026-01-31', cellSpreadMv: 10 });
  });

  it('keeps a history month by month, oldest first', () => {
    expect(health.history).toEqual([
      { month: '2026-01', estimatedCapacityKwh: 60, sessions: 1, cellSpreadMv: 10 },
      { month: '2026-02', estimatedCapacityKwh: 55, sessions: 1, cellSpreadMv: 20 },
    ]);
  });

  it('counts cycles on the estimate when no capacity is rated, and knows nothing without evidence', () => {
    const unrated = batteryHealthOf({ sessions: [], chargedKwh: 50, spreadDays: [], lowCells: [], ratedKwh: null });
    expect(unrated).toMatchObject({
      estimatedCapacityKwh: null,
      stateOfHealthPercent: null,
      equivalentFullCycles: null,
      cellSpreadMv: null,
      weakestCell: null,
      history: [],
    });
  });
});

describe('readiness', () => {
  const sums = (s: Partial<ReadinessSums> & Pick<ReadinessSums, 'vehicleId' | 'name'>): ReadinessSums => ({
    fleetId: null,
    fleetName: null,
    ownRated: null,
    templateRated: null,
    estimated: 60,
    batteryCharge: null,
    drivingDays: 0,
    distance: 0,
    used: 0,
    charged: 0,
    idleSeconds: 0,
    idleLost: 0,
    depotName: null,
    pluggedIn: null,
    ...s,
  });
  const inFleet = { fleetId: 1, fleetName: 'North' };

  it('judges each vehicle by the usual day of its fleet, not ready first', () => {
    const rows = readinessOf([
      sums({ vehicleId: 3, name: 'Alone', batteryCharge: 50 }),
      sums({ vehicleId: 2, name: 'Full', ...inFleet, batteryCharge: 80, distance: 50, used: 15, drivingDays: 1 }),
      sums({ vehicleId: 1, name: 'Low', ...inFleet, batteryCharge: 10, distance: 100, used: 30, drivingDays: 4 }),
    ]);
    expect(rows.map((r) => [r.name, r.ready, r.estimatedRangeMiles, r.usualDailyMiles])).toEqual([
      ['Low', false, 20, 30],
      ['Full', true, 160, 30],
      ['Alone', null, null, null],
    ]);
  });

  it('falls back on the rated capacity when none is estimated', () => {
    const [row] = readinessOf([
      sums({ vehicleId: 1, name: 'A', estimated: null, templateRated: 30, batteryCharge: 100 }),
    ]);
    expect(row.estimatedRangeMiles).toBeNull();
    const [driven] = readinessOf([
      sums({
        vehicleId: 1,
        name: 'A',
        estimated: null,
        templateRated: 30,
        batteryCharge: 100,
        distance: 10,
        used: 3,
        drivingDays: 1,
      }),
    ]);
    expect(driven).toMatchObject({ estimatedRangeMiles: 100, usualDailyMiles: 10, ready: true });
  });
});
