import type { TripFigures } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { chargeUsed } from '../src/features/vehicles/detail/battery/episode-columns';
import { createFormat } from '../src/components/format/format';
import { aroundDay, tripOfSlot } from '../src/features/vehicles/detail/movement/trip-match';
import { isChartSignal, signalOptions, withGaps } from '../src/features/vehicles/detail/signals/signal-choices';
import { pointsFor, presetWindow, stepWindow } from '../src/features/vehicles/detail/signals/signal-window';

const MIN = 60_000;
const trip = (start: string, end: string, distanceMiles = 1): TripFigures => ({
  start,
  end,
  distanceMiles,
  energyKwh: 0.3,
  whPerMile: 300,
  averageSpeedMph: 12,
  startCharge: 80,
  endCharge: 77,
});

describe("the route's trip figures", () => {
  const zone = 'America/Denver';
  // 2026-11-20 in Denver is 07:00Z..07:00Z the next day.
  const trips = [
    trip('2026-11-20T06:30:00.000Z', '2026-11-20T06:50:00.000Z'), // the evening before, locally
    trip('2026-11-20T17:00:00.000Z', '2026-11-20T17:11:00.000Z', 2),
    trip('2026-11-20T17:32:00.000Z', '2026-11-20T17:39:00.000Z', 3),
  ];

  it('asks for a window holding the local day in every zone', () => {
    const w = aroundDay('2026-11-20');
    expect(w.from).toBeLessThanOrEqual(Date.parse('2026-11-19T10:00:00Z'));
    expect(w.to).toBeGreaterThanOrEqual(Date.parse('2026-11-21T14:00:00Z'));
  });

  it("picks the trip whose local 'HH:mm - HH:mm' is the slot's", () => {
    const slots = ['10:00 - 10:11', '10:32 - 10:39'];
    expect(tripOfSlot(trips, '2026-11-20', 2, slots, zone)?.distanceMiles).toBe(3);
    expect(tripOfSlot(trips, '2026-11-20', 1, slots, zone)?.distanceMiles).toBe(2);
  });

  it('falls back on the place among the day’s trips when the texts differ but the counts agree', () => {
    expect(tripOfSlot(trips, '2026-11-20', 2, ['10:00 - 10:12', '10:31 - 10:39'], zone)?.distanceMiles).toBe(3);
    // Counts disagree: no guess.
    expect(tripOfSlot(trips, '2026-11-20', 1, ['10:01 - 10:12'], zone)).toBeNull();
  });

  it('counts the charge a trip used only when both ends are known', () => {
    expect(chargeUsed(trips[0])).toBe(3);
    expect(chargeUsed({ startCharge: null, endCharge: 40 })).toBeNull();
  });
});

describe('the signal chart', () => {
  it('names signals as the reports do, and knows which it may draw', () => {
    // The picker names every signal by the dictionary, never by its key.
    const options = signalOptions((text) => text);
    const label = (key: string) => options.find((o) => o.value === key)?.label;
    expect([label('batteryCharge'), label('cellPackTemp'), label('heading')]).toEqual([
      'Battery Charge (%)',
      'Cell Pack Temperature (°F)',
      'Heading (°)',
    ]);
    expect(options.filter((o) => o.label === o.value)).toEqual([]);
    expect(isChartSignal('speed')).toBe(true);
    expect(isChartSignal('cells')).toBe(false);
    expect(isChartSignal(null)).toBe(false);
  });

  it('breaks the lines where the device was silent longer than a reporting gap', () => {
    const t0 = Date.parse('2026-11-20T10:00:00Z');
    const ts = [t0, t0 + MIN, t0 + 2 * MIN, t0 + 60 * MIN];
    const g = withGaps(ts, [1, 2, 3, 4], [5, 6, 7, 8], 10_000);
    expect(g.x).toHaveLength(5);
    expect(g.min).toEqual([1, 2, 3, null, 4]);
    expect(g.max).toEqual([5, 6, 7, null, 8]);
    // Buckets wider than the gap rule: two buckets apart is still one line.
    expect(withGaps(ts, [1, 2, 3, 4], [5, 6, 7, 8], 40 * MIN).min).toEqual([1, 2, 3, 4]);
  });

  it('steps a window by its own length, never past now, and asks about a bucket a pixel', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const day = presetWindow('24h', now);
    expect(day).toEqual({ preset: '24h', from: now - 24 * 60 * MIN, to: now });
    const earlier = stepWindow(day, -1, now);
    expect(earlier).toEqual({ preset: null, from: now - 48 * 60 * MIN, to: now - 24 * 60 * MIN });
    expect(stepWindow(stepWindow(earlier, 1, now), 1, now).to).toBe(now);
    expect(pointsFor(1234)).toBe(1300);
    expect(pointsFor(0)).toBe(100);
    expect(pointsFor(9000)).toBe(5000);
  });
});

describe('analytics formats', () => {
  it('tells an episode in the vehicle’s zone', () => {
    const format = createFormat({ language: 'en', hourCycle: '24h' });
    expect(format.dateTime('2026-11-20T17:05:00Z', { timeZone: 'America/Denver' })).toBe('20/11/2026 10:05');
    expect(format.fixed(12.345, 1, 'kWh')).toBe('12.3 kWh');
  });
});
