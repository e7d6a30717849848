import { describe, expect, it } from 'vitest';
import { stableRadixSort } from '../../src/lib/radix-sort/radix-sort.js';
import { EMPTY_KEY, setFloat8Key } from '../../src/lib/radix-sort/sort-keys.js';

/** Positions of the values (null for an empty one) in key order; ties keep the given order of positions. */
function sortValues(values: readonly (number | null)[], descending = false, at = values.map((_, i) => i)) {
  const hi = new Uint32Array(values.length);
  const lo = new Uint32Array(values.length);
  const view = new DataView(new ArrayBuffer(8));
  values.forEach((v, i) => {
    if (v === null) {
      hi[i] = lo[i] = EMPTY_KEY;
      return;
    }
    view.setFloat64(0, v);
    setFloat8Key(hi, lo, i, view.getUint32(0), view.getUint32(4), descending);
  });
  return Array.from(stableRadixSort(hi, lo, Uint32Array.from(at)));
}
const sorted = (values: readonly (number | null)[], descending = false) =>
  sortValues(values, descending).map((i) => values[i]);

describe('the radix sort of float8 keys', () => {
  it('orders as PostgreSQL does: -Infinity, numbers, Infinity, NaN, then empty values', () => {
    const values = [3, null, NaN, -Infinity, 1e-300, -1e-300, Infinity, -5.5, 2 ** 60, -(2 ** 60), 0];
    expect(sorted(values)).toEqual([-Infinity, -(2 ** 60), -5.5, -1e-300, 0, 1e-300, 3, 2 ** 60, Infinity, NaN, null]);
  });

  it('reverses the numbers when descending but keeps empty values last', () => {
    expect(sorted([1, null, NaN, -2, Infinity, 0], true)).toEqual([NaN, Infinity, 1, 0, -2, null]);
  });

  it('takes -0 as 0 and every NaN as one: equal keys keep their order', () => {
    const otherNaN = new Float64Array(new Uint32Array([1, 0xfff00000]).buffer)[0]; // a negative NaN with another payload
    expect(sortValues([0, -0, 0, -0])).toEqual([0, 1, 2, 3]);
    expect(sortValues([NaN, otherNaN, NaN, 1])).toEqual([3, 0, 1, 2]);
  });

  it('keeps the given order among ties (time order in a report), in either direction', () => {
    const values = [2, 1, 2, null, 1, 2, null];
    expect(sortValues(values)).toEqual([1, 4, 0, 2, 5, 3, 6]);
    expect(sortValues(values, true)).toEqual([0, 2, 5, 1, 4, 3, 6]);
    // positions handed in reverse (a report sorted descending walks time backwards)
    expect(sortValues(values, true, [6, 5, 4, 3, 2, 1, 0])).toEqual([5, 2, 0, 4, 1, 6, 3]);
  });

  it('sorts nothing, one value, values already in order, and values all equal', () => {
    expect(sortValues([])).toEqual([]);
    expect(sortValues([null])).toEqual([0]);
    expect(sortValues([7])).toEqual([0]);
    expect(sortValues([-3, -1, 0, 1, 3])).toEqual([0, 1, 2, 3, 4]);
    expect(sortValues([4.25, 4.25, 4.25])).toEqual([0, 1, 2]);
    expect(sortValues([null, null])).toEqual([0, 1]);
  });

  it('matches a comparison sort on 100,000 values of every kind, crossing each 16-bit digit', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
    const pool = [null, NaN, Infinity, -Infinity, 0, -0];
    const values = Array.from({ length: 100_000 }, () =>
      random() < 0.05
        ? pool[Math.floor(random() * pool.length)]
        : (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20),
    );
    const rank = (v: number | null) => (v === null ? 2 : Number.isNaN(v) ? 1 : 0);
    const expected = values
      .map((_, i) => i)
      .sort((a, b) => {
        const x = values[a];
        const y = values[b];
        return rank(x) - rank(y) || (rank(x) === 0 && x !== y ? (x! < y! ? -1 : 1) : 0) || a - b;
      });
    expect(sortValues(values)).toEqual(expected);
  });
});
