import { describe, expect, it } from 'vitest';
import { DAY_MS, DayTally, restChangeOf } from '../../../src/modules/dashboard/day-tally.js';
import { newFigures } from '../../../src/modules/dashboard/day-figures.js';
import type { StoredRow } from '../../../src/readings/stored-row.js';
import { valuesFrom } from '../../../src/readings/reading.js';

const MIN = 60_000;
const DAY = 20_000; // a day number: 2024-10-04
const at = (minute: number) => DAY * DAY_MS + 12 * 60 * MIN + minute * MIN;
/** Charging at 80 V and 10 A in. */
const row = (vehicleId: number, minute: number): StoredRow => ({
  vehicleId,
  reading: {
    ts: at(minute),
    values: valuesFrom({ chargeStatus: 1, packVoltage: 80, vehicleCurrent: -10 }),
    cells: null,
    extra: null,
  },
});

/** A tally with these vehicles seeded from nothing stored. */
function seeded(...vehicleIds: number[]) {
  const tally = new DayTally();
  tally.seed(
    vehicleIds.map((vehicleId) => ({ vehicleId })),
    new Map(),
  );
  return tally;
}

describe('the daily statistics’ tally (no database)', () => {
  it('asks storage only for vehicles it has no cursor for, from their earliest reading', () => {
    const tally = seeded(1);
    expect(tally.unseen([row(1, 0), row(2, 5), row(2, 3), row(3, 9)])).toEqual([
      { vehicleId: 2, ts: at(3) },
      { vehicleId: 3, ts: at(9) },
    ]);
  });

  it('adds each interval to the day’s sums, and stored sums leave the tally', () => {
    const tally = seeded(1);
    tally.count([row(1, 0), row(1, 10)]);
    const [sum] = tally.sums();
    expect(sum).toMatchObject({ vehicleId: 1, dayNumber: DAY, figures: { chargingSeconds: 600, lastTs: at(10) } });
    expect(sum.figures.energyKwh).toBeCloseTo((80 * 10 * 600) / 3_600_000);
    tally.stored([sum]);
    expect(tally.sums()).toEqual([]);
    expect(tally.takeStaleTotals()).toEqual([{ vehicleId: 1, day: '2024-10-04' }]);
    expect(tally.takeStaleTotals()).toEqual([]);
  });

  it('leaves a slightly late reading to its neighbours, and sends a really late one’s day to a rebuild', () => {
    const tally = seeded(1);
    tally.count([row(1, 30), row(1, 25)]);
    expect(tally.takeRebuilds()).toEqual([]);
    tally.count([row(1, 20)]);
    expect(tally.takeRebuilds()).toEqual([]); // exactly ten minutes older than the newest
    tally.count([row(1, 19), row(1, 40)]);
    expect(tally.sums()[0].figures.lastTs).toBe(at(40)); // the late readings are not added
    expect(tally.sums()[0].figures.chargingSeconds).toBe(600);
    // A day being rebuilt drops its pending sums: storage holds those readings already.
    expect(tally.takeRebuilds()).toEqual([{ vehicleId: 1, dayNumber: DAY }]);
    expect(tally.sums()).toEqual([]);
  });

  it('starts a vehicle again from storage once its day is rebuilt or it is gone', () => {
    const tally = seeded(1, 2);
    tally.count([row(1, 0), row(1, 1), row(2, 0), row(2, 1)]);
    tally.rebuilt(1, '2024-10-03');
    const two = tally.sums().filter((s) => s.vehicleId === 2);
    tally.gone(2, two);
    expect(tally.unseen([row(1, 2), row(2, 2)]).map((u) => u.vehicleId)).toEqual([1, 2]);
    expect(tally.sums().map((s) => s.vehicleId)).toEqual([1]);
    expect(tally.takeStaleTotals()).toEqual([{ vehicleId: 1, day: '2024-10-03' }]);
  });

  it('keeps the earliest day whose running totals are out of date', () => {
    const tally = new DayTally();
    tally.totalsFrom(1, '2024-10-04');
    tally.totalsFrom(1, '2024-10-02');
    tally.totalsFrom(1, '2024-10-03');
    expect(tally.takeStaleTotals()).toEqual([{ vehicleId: 1, day: '2024-10-02' }]);
  });

  it('checks a day for a weak cell only when readings at rest were counted in it', () => {
    expect(restChangeOf(1, '2024-10-04', { ...newFigures(), lastTs: at(5) })).toBeNull();
    expect(restChangeOf(1, '2024-10-04', { ...newFigures(), restSpreadCount: 2, lastTs: at(5) })).toEqual({
      vehicleId: 1,
      day: '2024-10-04',
      at: at(5),
    });
  });
});
