import { describe, expect, it } from 'vitest';
import { OUTLIER_MIN_VALUES, whPerMileOutliers } from '../src/analytics.js';

const rows = (...values: (number | null)[]) => values.map((whPerMile, i) => ({ vehicleId: i + 1, whPerMile }));
const outliers = (...values: (number | null)[]) => [...whPerMileOutliers(rows(...values))].sort((a, b) => a - b);

describe('Wh/mi outliers (Tukey fences, 1.5 × IQR)', () => {
  it('flags a vehicle far above the rest', () => {
    // Quartiles 300 and 320, IQR 20: the upper fence is 350.
    expect(outliers(300, 310, 320, 305, 315, 600)).toEqual([6]);
  });

  it('flags a vehicle far below the rest', () => {
    expect(outliers(120, 300, 310, 320, 305, 315)).toEqual([1]);
  });

  it('leaves values on the fences alone and flags those just beyond', () => {
    // 100, 200, 300, 400 and the largest: Q1 200, Q3 400, IQR 200, upper fence 700.
    expect(outliers(100, 200, 300, 400, 700)).toEqual([]);
    expect(outliers(100, 200, 300, 400, 701)).toEqual([5]);
    // The smallest and 400, 500, 600, 700: Q1 400, Q3 600, lower fence 100.
    expect(outliers(100, 400, 500, 600, 700)).toEqual([]);
    expect(outliers(99, 400, 500, 600, 700)).toEqual([1]);
  });

  it('interpolates quartiles that fall between two figures', () => {
    // Sorted 200, 300, 400, 450, 500, 800: Q1 325, Q3 487.5, IQR 162.5, upper fence 731.25.
    expect(outliers(200, 300, 400, 450, 500, 731)).toEqual([]);
    expect(outliers(200, 300, 400, 450, 500, 800)).toEqual([6]);
  });

  it('finds none in an even fleet', () => {
    expect(outliers(250, 250, 250, 250)).toEqual([]);
  });

  it('needs at least four figures, and vehicles without one do not count towards them', () => {
    expect(OUTLIER_MIN_VALUES).toBe(4);
    expect(outliers(300, 305, 2000)).toEqual([]);
    expect(outliers(300, 305, 2000, null, null)).toEqual([]);
    expect(outliers(300, 305, 310, 2000)).toEqual([4]);
  });

  it('never flags a vehicle without a figure', () => {
    expect(outliers(null, 300, 310, 320, 305, 315, 600)).toEqual([7]);
  });
});
