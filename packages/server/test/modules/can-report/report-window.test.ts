import { describe, expect, it } from 'vitest';
import {
  covers,
  sampleInOrder,
  totalOf,
  widened,
  windowBounds,
  withValue,
  type OrderPlace,
  type SampledReading,
  type SignalWindow,
  type WindowBounds,
} from '../../../src/modules/can-report/paging/report-window.js';

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

/** PostgreSQL's `order by value <dir> nulls last, ts <dir>`, for finite values. */
const inOrder = (readings: readonly SampledReading[], desc: boolean) =>
  [...readings].sort((x, y) => {
    if (x.v === null || y.v === null) return x.v === y.v ? (desc ? y.ts - x.ts : x.ts - y.ts) : x.v === null ? 1 : -1;
    const byValue = desc ? y.v - x.v : x.v - y.v;
    return byValue || (desc ? y.ts - x.ts : x.ts - y.ts);
  });

/** PostgreSQL's row comparison of (value, instant) pairs: negative, zero or positive. */
const compare = (r: OrderPlace, p: OrderPlace) => r.v - p.v || r.ts - p.ts;

/** What the window query returns for these readings, written plainly (signal-window.repository.ts). */
function read(readings: readonly SampledReading[], bounds: WindowBounds, desc: boolean): SignalWindow {
  const before = (r: OrderPlace) =>
    bounds.top !== undefined && (desc ? compare(r, bounds.top) > 0 : compare(r, bounds.top) < 0);
  const after = (r: OrderPlace) =>
    bounds.bottom !== undefined && (desc ? compare(r, bounds.bottom) < 0 : compare(r, bounds.bottom) > 0);
  const valued = readings.filter((r): r is OrderPlace => r.v !== null);
  const inside = valued.filter((r) => !before(r) && !after(r));
  return {
    before: valued.filter(before).length,
    after: valued.filter(after).length,
    empty: readings.length - valued.length,
    instants: Float64Array.from(inOrder(inside, desc), (r) => r.ts),
  };
}

describe('windows of a signal order', () => {
  const next = random(7);
  // 3,000 readings: few distinct values (many ties), a tenth empty.
  const readings: SampledReading[] = Array.from({ length: 3000 }, (_, i) => ({
    ts: 1_000_000 + i * 1000,
    v: next() < 0.1 ? null : Math.floor(next() * 200) / 4,
  }));

  for (const desc of [true, false]) {
    const order = inOrder(readings, desc);
    const sampleOf = (picked: SampledReading[]) => inOrder(picked, desc);
    const samples = {
      fair: sampleOf(readings.filter((_, i) => i % 15 === 7)),
      // Drawn from the first third of the order only: it places every window wrong.
      skewed: sampleOf(order.slice(0, 1000).filter((_, i) => i % 5 === 0)),
      tiny: sampleOf([readings[3], readings[1500]]),
      empty: [
        { v: null, ts: 1 },
        { v: null, ts: 2 },
      ],
    };

    for (const [name, sample] of Object.entries(samples)) {
      it(`${desc ? 'descending' : 'ascending'}, ${name} sample: every page from a window read at most twice, exactly in order`, () => {
        let second = 0;
        for (const [offset, limit] of [
          [0, 50],
          [49, 1],
          [1234, 50],
          [2650, 50],
          [2690, 100],
          [2999, 50],
          [2950, 200],
          [3100, 50],
        ]) {
          const bounds = windowBounds(sample, readings.length, offset, limit, 4);
          let w = read(readings, bounds, desc);
          expect(totalOf(w)).toBe(readings.length);
          if (!covers(w, offset, limit)) {
            second++;
            w = read(readings, widened(bounds, w, offset, limit), desc);
          }
          expect(covers(w, offset, limit)).toBe(true);
          const end = Math.min(offset + limit, withValue(w));
          const valued = offset < end ? Array.from(w.instants.subarray(offset - w.before, end - w.before)) : [];
          expect(valued).toEqual(order.slice(offset, end).map((r) => r.ts));
        }
        if (name === 'skewed') expect(second).toBeGreaterThan(0);
        if (name === 'fair') expect(second).toBe(0);
      });
    }
  }

  it('places a window around the page with a margin, and leaves a bound open at either end of the order', () => {
    const sample = Array.from({ length: 100 }, (_, i) => ({ v: 100 - i, ts: i }));
    expect(windowBounds(sample, 10_000, 0, 50, 4)).toEqual({
      top: undefined,
      bottom: sample[Math.ceil(0.5 + 4 * Math.sqrt(100 * 0.005 * 0.995) + 1)],
    });
    const middle = windowBounds(sample, 10_000, 5000, 50, 4);
    expect([middle.top, middle.bottom]).toEqual([
      sample[Math.floor(50 - 4 * 5 - 1)],
      sample[Math.ceil(50.5 + 4 * Math.sqrt(100 * 0.505 * 0.495) + 1)],
    ]);
    expect(windowBounds(sample, 10_000, 9990, 50, 4).bottom).toBeUndefined();
    const halfEmpty = [...sample.slice(0, 50), ...sample.slice(50).map((r) => ({ ...r, v: null }))];
    expect(windowBounds(halfEmpty, 10_000, 9000, 50, 4)).toEqual({ top: sample[49], bottom: undefined });
  });

  it('serves a descending sort with the ascending sample backwards, empty values still last', () => {
    const ascending = inOrder(
      readings.filter((_, i) => i % 7 === 0),
      false,
    );
    const valued = ascending.filter((r) => r.v !== null).length;
    const descending = sampleInOrder(ascending, true);
    expect(descending.slice(0, valued)).toEqual(inOrder(ascending, true).slice(0, valued));
    expect(descending.slice(valued).every((r) => r.v === null)).toBe(true);
    expect(sampleInOrder(ascending, false)).toBe(ascending);
  });

  it('keeps the window of a signal with two values narrow: equal values are split by time', () => {
    const twoValued: SampledReading[] = Array.from({ length: 20_000 }, (_, i) => ({
      ts: i * 1000,
      v: Math.floor(i / 500) % 2,
    }));
    const sample = inOrder(
      twoValued.filter((_, i) => i % 10 === 3),
      true,
    );
    const bounds = windowBounds(sample, twoValued.length, 12_000, 50, 4);
    const w = read(twoValued, bounds, true);
    expect(covers(w, 12_000, 50)).toBe(true);
    expect(w.instants.length).toBeLessThan(2_000);
    expect(Array.from(w.instants.subarray(12_000 - w.before, 12_050 - w.before))).toEqual(
      inOrder(twoValued, true)
        .slice(12_000, 12_050)
        .map((r) => r.ts),
    );
  });
});
