import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { metricPlace, metricValue } from '../../src/alerts/metric-values.js';
import { noValues, SIGNAL_INDEX } from '../../src/readings/reading.js';

const reading = (cells: number[] | null) => {
  const values = noValues();
  values[SIGNAL_INDEX.speed] = 12.5;
  return { ts: 0, values, cells, extra: null };
};
const CELLS = metricPlace('cellVoltage');

/** The first cell of the pack furthest from the normal band's middle, another way: sorted by distance, then place. */
const furthest = (cells: number[], mid: number) =>
  cells.map((c, i) => ({ c, i, d: Math.abs(c - mid) })).sort((x, y) => y.d - x.d || x.i - y.i)[0].c;

describe("an alert metric's value in a reading", () => {
  it('is the signal its metric watches, NaN when the reading has none', () => {
    expect(metricValue(metricPlace('speedAlert'), reading(null), 0)).toBe(12.5);
    expect(metricValue(metricPlace('packVoltage'), reading(null), 0)).toBeNaN();
    expect(metricValue(CELLS, reading(null), 3.4)).toBeNaN();
    expect(metricValue(CELLS, reading([]), 3.4)).toBeNaN();
  });

  it('is, for cell voltage, the cell furthest from the middle of normal, the first of a tie', () => {
    expect(metricValue(CELLS, reading([3.25, 3, 3.5]), 3.25)).toBe(3); // a tie: 3 comes first
    expect(metricValue(CELLS, reading([3.25, 3.5, 3]), 3.25)).toBe(3.5);
    expect(metricValue(CELLS, reading([3.6, 3.7, 3.65]), 3.3)).toBe(3.7); // all above
    expect(metricValue(CELLS, reading([3.0, 2.9, 3.1]), 3.3)).toBe(2.9); // all below
    const distance = (c: number, mid: number) => Math.abs(c - mid);
    // Anywhere: a cell of the pack, none further.
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (cells, mid) => {
          const value = metricValue(CELLS, reading(cells), mid);
          return cells.includes(value) && cells.every((c) => distance(c, mid) <= distance(value, mid));
        },
      ),
      { numRuns: 2000 },
    );
    // Ties on both sides, with repeated values.
    fc.assert(
      fc.property(fc.array(fc.constantFrom(3, 3.25, 3.5), { minLength: 1, maxLength: 12 }), (cells) =>
        Object.is(metricValue(CELLS, reading(cells), 3.25), furthest(cells, 3.25)),
      ),
      { numRuns: 2000 },
    );
  });
});
