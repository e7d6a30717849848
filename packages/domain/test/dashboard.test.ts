import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_FACTORS, dashboardFactorsSchema, monthPeriod, savings } from '../src/index.js';

describe('dashboard', () => {
  it('covers the calendar month in UTC', () => {
    expect(monthPeriod(new Date('2026-12-31T23:59:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
      label: 'December 2026 (this month, UTC)',
    });
  });

  it('turns miles and charged energy into gallons, CO2 and dollars', () => {
    const s = savings(200, 50, DEFAULT_DASHBOARD_FACTORS);
    expect(s.gallonsSaved).toBe(10);
    expect(s.co2SavedKg).toBeCloseTo(10 * 8.887 - 50 * 0.37);
    expect(s.runningCostSaved).toBeCloseTo(10 * 3.5 - 50 * 0.15);
    expect(s.maintenanceSaved).toBeCloseTo(8);
    expect(s.total).toBeCloseTo(s.runningCostSaved + 8);
  });

  it('refuses factors that are not numbers or not positive miles per gallon', () => {
    const r = dashboardFactorsSchema.safeParse({ ...DEFAULT_DASHBOARD_FACTORS, gasolineMpg: 0, co2KgPerGallon: 'x' });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['gasolineMpg', 'co2KgPerGallon']);
  });
});
