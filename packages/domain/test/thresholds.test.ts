import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classify,
  DEFAULT_THRESHOLDS,
  effectiveThresholds,
  SEVERITIES,
  type MetricName,
  type Severity,
} from '../src/thresholds.js';

const of = (name: MetricName) => DEFAULT_THRESHOLDS.find((a) => a.name === name)!;

describe('threshold classification on the default table (part 2 §5)', () => {
  it.each([
    ['cellVoltage', 3.1, 'NORMAL'],
    ['cellVoltage', 3.69, 'NORMAL'],
    ['cellVoltage', 3.7, 'WARNING'],
    ['cellVoltage', 3.9, 'WARNING'],
    ['cellVoltage', 3.91, 'SEVERE'],
    ['cellVoltage', 2.7, 'WARNING'],
    ['cellVoltage', 2.06, 'SEVERE'],
    ['cellVoltage', 3.05, 'WARNING'], // gap 3.01..3.1: nearer the warning range
    ['cellVoltage', 3.08, 'NORMAL'], // nearer the normal range
    ['cellVoltage', 2.38, 'SEVERE'], // equidistant between 2.06 and 2.7: the more severe
    ['speedAlert', 37, 'NORMAL'],
    ['speedAlert', 38, 'WARNING'],
    ['speedAlert', 46, 'SEVERE'],
    ['speedAlert', 80, 'SEVERE'], // beyond the table's end
    ['limpMode', 0, 'NORMAL'],
    ['limpMode', 1, 'SEVERE'],
    ['12vBattery', 11.25, 'WARNING'],
    ['12vBattery', 14, 'SEVERE'],
    ['batteryPercentage', 9, 'SEVERE'],
    ['batteryPercentage', 10, 'WARNING'],
    ['batteryPercentage', 15, 'NORMAL'],
    ['gpsSignal', 5.05, 'SEVERE'],
  ] as const)('%s %d is %s', (name, value, severity) => {
    expect(classify(value, of(name))).toBe(severity);
  });

  it('gives the band of the range a value is in, the more severe where they overlap, else of the nearest', () => {
    // The rule as docs/alerts.md states it: the range at the least distance, the more severe on a tie.
    const expected = (
      value: number,
      bands: Record<'normal' | 'warning' | 'sever', { low: number; high: number }[]>,
    ) => {
      const of = { normal: 'NORMAL', warning: 'WARNING', sever: 'SEVERE' } as const;
      let best: [number, Severity] = [Number.POSITIVE_INFINITY, 'NORMAL'];
      for (const key of ['normal', 'warning', 'sever'] as const)
        for (const { low, high } of bands[key]) {
          const distance = Math.max(low - value, value - high, 0);
          const severity = of[key];
          if (
            distance < best[0] ||
            (distance === best[0] && SEVERITIES.indexOf(severity) > SEVERITIES.indexOf(best[1]))
          )
            best = [distance, severity];
        }
      return best[1];
    };
    const range = fc
      .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 30 }))
      .map(([low, width]) => ({ low, high: low + width }));
    fc.assert(
      fc.property(
        fc.record({
          normal: fc.array(range, { maxLength: 1 }),
          warning: fc.array(range, { maxLength: 2 }),
          sever: fc.array(range, { maxLength: 2 }),
        }),
        fc.oneof(fc.integer({ min: -10, max: 140 }), fc.double({ min: -10, max: 140, noNaN: true })),
        (bands, value) => {
          expect(classify(value, bands)).toBe(expected(value, bands));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('has every metric of the default table with at most two alert ranges', () => {
    expect(DEFAULT_THRESHOLDS).toHaveLength(13);
    for (const a of DEFAULT_THRESHOLDS) {
      expect(a.warning.length).toBeLessThanOrEqual(2);
      expect(a.sever.length).toBeLessThanOrEqual(2);
      expect(a.minutesBackward).toBe(5);
    }
  });
});

describe('the thresholds a vehicle is judged by', () => {
  const own = [{ ...of('speedAlert'), normal: [{ low: 0, high: 10 }] }];
  const template = [{ ...of('speedAlert'), normal: [{ low: 0, high: 20 }] }];

  it("are its own, else its template's, else the defaults", () => {
    expect(effectiveThresholds({ own, template })).toBe(own);
    expect(effectiveThresholds({ own: null, template })).toBe(template);
    expect(effectiveThresholds({ own: null, template: null })).toEqual(DEFAULT_THRESHOLDS);
    expect(effectiveThresholds({})).toEqual(DEFAULT_THRESHOLDS);
  });

  it('count an empty list as none', () => {
    expect(effectiveThresholds({ own: [], template })).toBe(template);
    expect(effectiveThresholds({ own: [], template: [] })).toEqual(DEFAULT_THRESHOLDS);
  });

  it('hand out the defaults as a new list', () => {
    const defaults = effectiveThresholds({});
    expect(defaults).not.toBe(DEFAULT_THRESHOLDS);
    defaults.pop();
    expect(DEFAULT_THRESHOLDS).toHaveLength(13);
  });
});
