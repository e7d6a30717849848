import { ANALYTICS_MAX_DAYS, type FleetAnalyticsRow, type ReadinessRow } from '@evfleet/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { chargingDays } from '../src/features/analytics/daily';
import { fleetTotals } from '../src/features/analytics/fleet-totals';
import { defaultPeriod, periodFromSearch, periodQuery } from '../src/features/analytics/period';
import { whPerMileRanking } from '../src/features/analytics/ranking';
import { readinessOrder } from '../src/features/analytics/readiness';

const today = dayjs('2026-11-26');
const search = (text: string) => new URLSearchParams(text);

describe('the analytics period', () => {
  it('defaults to the last 30 days through today', () => {
    expect(defaultPeriod(today)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(periodFromSearch(search(''), today)).toEqual(defaultPeriod(today));
  });

  it('reads the period a link or a reload names', () => {
    expect(periodFromSearch(search('from=2026-01-05&to=2026-02-01'), today)).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    });
    expect(periodFromSearch(search('from=2026-03-01&to=2026-03-01'), today)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });

  it('falls back to the default for a half, unreadable, reversed or too long period', () => {
    for (const text of [
      'from=2026-01-05',
      'from=yesterday&to=2026-02-01',
      'from=2026-13-01&to=2026-02-01',
      'from=2026-02-01&to=2026-01-05',
      'from=2025-01-01&to=2026-11-01',
    ])
      expect(periodFromSearch(search(text), today), text).toEqual(defaultPeriod(today));
    const longest = dayjs('2026-11-01')
      .subtract(ANALYTICS_MAX_DAYS - 1, 'day')
      .format('YYYY-MM-DD');
    expect(periodFromSearch(search(`from=${longest}&to=2026-11-01`), today).from).toBe(longest);
  });

  it('asks the server for the whole UTC days picked', () => {
    expect(periodQuery({ from: '2026-01-05', to: '2026-01-06' })).toEqual({
      from: '2026-01-05T00:00:00.000Z',
      to: '2026-01-06T23:59:59.999Z',
    });
  });
});

const row = (vehicleId: number, name: string, whPerMile: number | null): FleetAnalyticsRow => ({
  vehicleId,
  name,
  distanceMiles: 100,
  energyUsedKwh: 30,
  energyChargedKwh: 32,
  whPerMile,
  idleDrainPercentPerDay: null,
  stateOfHealthPercent: null,
  chargingCosts: [],
  depotHours: 0,
  plugInReminders: 0,
});

describe('the Wh/mi ranking', () => {
  it('ranks best first, leaves out vehicles without a figure and sets outliers apart', () => {
    const ranked = whPerMileRanking(
      [row(1, 'A', 310), row(2, 'B', 290), row(3, 'C', null), row(4, 'D', 900), row(5, 'E', 300), row(6, 'F', 305)],
      (name) => `${name} (outlier)`,
    );
    expect(ranked).toEqual([
      { name: 'B', whPerMile: 290 },
      { name: 'E', whPerMile: 300 },
      { name: 'F', whPerMile: 305 },
      { name: 'A', whPerMile: 310 },
      { name: 'D (outlier)', outlier: 900 },
    ]);
  });
});

const readiness = (vehicleId: number, ready: boolean | null): ReadinessRow => ({
  vehicleId,
  name: `V${vehicleId}`,
  fleetName: null,
  batteryCharge: 50,
  estimatedRangeMiles: 100,
  usualDailyMiles: 80,
  depotName: null,
  pluggedIn: null,
  ready,
});

describe('the readiness list', () => {
  it('puts the vehicles that are not ready first, keeping the server order within each group', () => {
    const order = readinessOrder([
      readiness(1, true),
      readiness(2, null),
      readiness(3, false),
      readiness(4, true),
      readiness(5, false),
    ]).map((r) => r.vehicleId);
    expect(order).toEqual([3, 5, 1, 4, 2]);
  });
});

describe('the charging chart', () => {
  it('has every day of the period, those the server did not name at zero', () => {
    const day = (d: string, energyChargedKwh: number) => ({
      day: d,
      distanceMiles: 0,
      energyUsedKwh: 0,
      energyChargedKwh,
    });
    expect(
      chargingDays([day('2026-02-27', 5), day('2026-03-01', 7.5)], { from: '2026-02-26', to: '2026-03-02' }),
    ).toEqual([
      { day: '2026-02-26', energyChargedKwh: 0 },
      { day: '2026-02-27', energyChargedKwh: 5 },
      { day: '2026-02-28', energyChargedKwh: 0 },
      { day: '2026-03-01', energyChargedKwh: 7.5 },
      { day: '2026-03-02', energyChargedKwh: 0 },
    ]);
  });
});

describe("the fleet's totals", () => {
  it('sums the charging cost per currency, the hours at depots and the plug-in reminders', () => {
    const rows = [
      { ...row(1, 'A', 300), chargingCosts: [{ currency: 'USD', cost: 12.4 }], depotHours: 10.5, plugInReminders: 2 },
      {
        ...row(2, 'B', 300),
        chargingCosts: [
          { currency: 'USD', cost: 0.7 },
          { currency: 'EUR', cost: 3.1 },
        ],
        depotHours: 4,
        plugInReminders: 1,
      },
      row(3, 'C', null),
    ];
    expect(fleetTotals(rows)).toEqual({
      chargingCosts: [
        { currency: 'EUR', cost: 3.1 },
        { currency: 'USD', cost: 13.1 },
      ],
      depotHours: 14.5,
      plugInReminders: 3,
    });
    expect(fleetTotals([])).toEqual({ chargingCosts: [], depotHours: 0, plugInReminders: 0 });
  });
});
