import { describe, expect, it } from 'vitest';
import { covers, totalOf, widened, windowBounds, withValue, type SignalWindow, type WindowBounds } from '../src/modules/can-report/report-window.js';

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
}

type Reading = { ts: number; value: number | null };

/** PostgreSQL's `order by value <dir> nulls last, ts <dir>`, for finite values. */
const inOrder = (readings: readonly Reading[], desc: boolean) =>
  [...readings].sort((x, y) => {
    if (x.value === null || y.value === null) return x.value === y.value ? (desc ? y.ts - x.ts : x.ts - y.ts) : x.value === null ? 1 : -1;
    const byValue = desc ? y.value - x.value : x.value - y.value;
    return byValue || (desc ? y.ts - x.ts : x.ts - y.ts);
  });

/** What the window query returns for these readings, written plainly (signal-window.repository.ts). */
function read(readings: readonly Reading[], bounds: WindowBounds, desc: boolean): SignalWindow {
  const before = (v: number) => bounds.top !== undefined && (desc ? v > bounds.top : v < bounds.top);
  const after = (v: number) => bounds.bottom !== undefined && (desc ? v < bounds.bottom : v > bounds.bottom);
  const valued = readings.filter((r): r is { ts: number; value: number } => r.value !== null);
  const inside = valued.filter((r) => !before(r.value) && !after(r.value));
  return {
    before: valued.filter((r) => before(r.value)).length,
    after: valued.filter((r) => after(r.value)).length,
    empty: readings.length - valued.length,
    instants: Float64Array.from(inOrder(inside, desc), (r) => r.ts),
  };
}

describe('windows of a signal order', () => {
  const next = random(7);
  // 3,000 readings: few distinct values (many ties), a tenth empty.
  const readings: Reading[] = Array.from({ length: 3000 }, (_, i) => ({ ts: 1_000_000 + i * 1000, value: next() < 0.1 ? null : Math.floor(next() * 200) / 4 }));

  for (const desc of [true, false]) {
    const order = inOrder(readings, desc);
    const sampleOf = (picked: Reading[]) => inOrder(picked, desc).map((r) => r.value);
    const samples = {
      fair: sampleOf(readings.filter((_, i) => i % 15 === 7)),
      // Drawn from the first third of the order only: it places every window wrong.
      skewed: sampleOf(order.slice(0, 1000).filter((_, i) => i % 5 === 0)),
      tiny: sampleOf([readings[3], readings[1500]]),
      empty: [null, null],
    };

    for (const [name, sample] of Object.entries(samples)) {
      it(`${desc ? 'descending' : 'ascending'}, ${name} sample: every page from a window read at most twice, exactly in order`, () => {
        let second = 0;
        for (const [offset, limit] of [[0, 50], [49, 1], [1234, 50], [2650, 50], [2690, 100], [2999, 50], [2950, 200], [3100, 50]]) {
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
    const sample = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(windowBounds(sample, 10_000, 0, 50, 4)).toEqual({ top: undefined, bottom: sample[Math.ceil(0.5 + 4 * Math.sqrt(100 * 0.005 * 0.995) + 1)] });
    const middle = windowBounds(sample, 10_000, 5000, 50, 4);
    expect([middle.top, middle.bottom]).toEqual([sample[Math.floor(50 - 4 * 5 - 1)], sample[Math.ceil(50.5 + 4 * Math.sqrt(100 * 0.505 * 0.495) + 1)]]);
    expect(windowBounds(sample, 10_000, 9990, 50, 4).bottom).toBeUndefined();
    expect(windowBounds([...sample.slice(0, 50), ...Array(50).fill(null)], 10_000, 9000, 50, 4)).toEqual({ top: sample[49], bottom: undefined });
  });
});
