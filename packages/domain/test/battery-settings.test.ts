import { describe, expect, it } from 'vitest';
import { BATTERY_MESSAGES, cellSpreadWarnMvSchema, ratedCapacityKwhSchema } from '../src/battery-settings.js';
import { effectiveCellSpreadWarnMv, effectiveRatedCapacityKwh, ENERGY_RULES } from '../src/energy.js';

describe('the rated capacity a vehicle is measured against', () => {
  it.each([
    [{ own: 72, template: 60 }, 72],
    [{ own: null, template: 60 }, 60],
    [{ template: 60 }, 60],
    [{ own: 0.5, template: null }, 0.5],
    [{ own: null, template: null }, null],
    [{}, null],
  ])('%j gives %s', (sources, expected) => {
    expect(effectiveRatedCapacityKwh(sources)).toBe(expected);
  });
});

describe('the cell spread warning of a vehicle', () => {
  it("is its template's, else the default", () => {
    expect(effectiveCellSpreadWarnMv(80)).toBe(80);
    expect(effectiveCellSpreadWarnMv(null)).toBe(ENERGY_RULES.defaultCellSpreadWarnMv);
    expect(effectiveCellSpreadWarnMv(undefined)).toBe(ENERGY_RULES.defaultCellSpreadWarnMv);
  });
});

describe('the battery settings of the forms', () => {
  it.each([
    [72.5, 72.5],
    ['72.5', 72.5],
    [' 2000 ', 2000],
    [null, null],
    ['', null],
    ['  ', null],
    [undefined, undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(ratedCapacityKwhSchema.parse(input)).toBe(expected);
    expect(cellSpreadWarnMvSchema.parse(input)).toBe(expected);
  });

  it.each([0, -1, 2000.01, 1e9, 'abc', '12kWh', true, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %j with the field message',
    (input) => {
      expect(ratedCapacityKwhSchema.safeParse(input).error?.issues.map((i) => i.message)).toEqual([
        BATTERY_MESSAGES.ratedCapacity,
      ]);
      expect(cellSpreadWarnMvSchema.safeParse(input).error?.issues.map((i) => i.message)).toEqual([
        BATTERY_MESSAGES.cellSpreadWarn,
      ]);
    },
  );
});
