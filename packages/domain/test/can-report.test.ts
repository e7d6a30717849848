import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  canReportFilterSchema,
  canReportProblems,
  criteriaVehicleFields,
  FIXED_SIGNAL_SETTINGS,
  firstCanReportProblem,
  reportColumnsFor,
  reportScheduleWriteSchema,
  saveTemplateSchema,
} from '../src/can-report.js';

const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

const day = (d: number, h = 0) => new Date(Date.UTC(2026, 0, d, h)).toISOString();
const complete = { vehiclesIds: [3], columns: ['batteryCharge'], startDate: day(1), endDate: day(2) };

describe('CAN report checks (part 2 §5), in order', () => {
  it('names the first missing piece as the page fills in', () => {
    const steps: [object, string | null][] = [
      [{}, 'Please select a vehicle'],
      [{ vehiclesIds: [3] }, 'Please select at least one signal setting'],
      [{ vehiclesIds: [3], columns: ['speed'] }, 'Please select start date'],
      [{ vehiclesIds: [3], columns: ['speed'], startDate: day(5) }, 'Please select end date'],
      [
        { vehiclesIds: [3], columns: ['speed'], startDate: day(5), endDate: day(4) },
        'End date must be after start date',
      ],
      [
        { vehiclesIds: [3], columns: ['speed'], startDate: day(1), endDate: day(12) },
        'Please select date range between 10 days',
      ],
      [{ vehiclesIds: [3], columns: ['speed'], startDate: day(1), endDate: day(11) }, null],
    ];
    for (const [draft, toast] of steps) expect(firstCanReportProblem(draft)).toBe(toast);
  });

  it('rounds the range to whole days as the spec says, and refuses any reversal', () => {
    expect(firstCanReportProblem({ ...complete, startDate: day(1), endDate: day(11, 11) })).toBeNull();
    expect(firstCanReportProblem({ ...complete, startDate: day(1), endDate: day(11, 12) })).toBe(
      'Please select date range between 10 days',
    );
    expect(firstCanReportProblem({ ...complete, startDate: day(1, 5), endDate: day(1, 4) })).toBe(
      'End date must be after start date',
    );
    expect(firstCanReportProblem({ ...complete, startDate: day(1), endDate: day(31) })).toBe(
      'Please select date range between 10 days',
    );
  });

  it('lists every failing check with its field for the server', () => {
    expect(canReportProblems({ columns: [] })).toEqual([
      { field: 'vehiclesIds', message: 'Please select a vehicle' },
      { field: 'columns', message: 'Please select at least one signal setting' },
      { field: 'startDate', message: 'Please select start date' },
      { field: 'endDate', message: 'Please select end date' },
    ]);
  });
});

describe('report filter schema', () => {
  it('gives the checks as field errors', () => {
    expect(
      issues(canReportFilterSchema, { vehiclesIds: [3], columns: ['speed'], startDate: day(5), endDate: day(1) }),
    ).toEqual([['endDate', 'End date must be after start date']]);
    expect(issues(canReportFilterSchema, {})).toEqual([
      ['vehiclesIds', 'Please select a vehicle'],
      ['columns', 'Please select at least one signal setting'],
      ['startDate', 'Please select start date'],
      ['endDate', 'Please select end date'],
    ]);
  });

  it('accepts the page sizes 50, 100, 150, 200 only, defaulting to 50 and Date ascending', () => {
    expect(canReportFilterSchema.parse(complete)).toMatchObject({
      pageNo: 0,
      pageSize: 50,
      sortBy: 'Date',
      sortType: 'ASC',
    });
    expect(canReportFilterSchema.parse({ ...complete, pageSize: '150', sortType: 'desc' })).toMatchObject({
      pageSize: 150,
      sortType: 'DESC',
    });
    expect(issues(canReportFilterSchema, { ...complete, pageSize: 100_000 })).toEqual([
      ['pageSize', 'Page size must be 50, 100, 150 or 200'],
    ]);
  });

  it('sorts only by a column of the report', () => {
    expect(canReportFilterSchema.parse({ ...complete, columns: ['cell3'], sortBy: 'Cell 3' }).sortBy).toBe('Cell 3');
    expect(issues(canReportFilterSchema, { ...complete, sortBy: 'Speed' })).toEqual([
      ['sortBy', 'Sort by one of the report columns'],
    ]);
  });

  it('refuses dates that are not ISO instants', () => {
    expect(issues(canReportFilterSchema, { ...complete, startDate: '2026/01/01 10:00 AM' })[0]?.[0]).toBe('startDate');
    expect(canReportFilterSchema.safeParse({ ...complete, startDate: '2026-01-01T10:00:00.000Z' }).success).toBe(true);
  });
});

describe('columns and options', () => {
  it('orders Date, Vehicle, the fixed signals, cells, then unknown signals A–Z', () => {
    expect(reportColumnsFor(['zeta', 'cell2', 'speed', 'batteryCharge', 'alpha', 'cell10'])).toEqual([
      'Date',
      'Vehicle',
      'Battery Charge',
      'Speed',
      'Cell 2',
      'Cell 10',
      'alpha',
      'zeta',
    ]);
  });

  it('offers every fixed signal and 32 cells', () => {
    const keys = Object.keys(FIXED_SIGNAL_SETTINGS);
    expect(keys).toHaveLength(22 + 32);
    expect(FIXED_SIGNAL_SETTINGS.cell32).toBe('Cell 32');
    expect(FIXED_SIGNAL_SETTINGS.battery12v).toBe('12v Battery');
  });

  it('parses vin and name from the label, uid from the value', () => {
    expect(
      criteriaVehicleFields({ id: 4, friendlyName: 'Cart 7 - VIN: 1HGCM82633A004352', name: '1HGCM82633A004352' }),
    ).toEqual({
      vehiclesIds: [4],
      vin: '1HGCM82633A004352',
      uid: '1HGCM82633A004352',
      name: 'Cart 7',
    });
    expect(criteriaVehicleFields({ id: 4, friendlyName: 'Cart 7', name: 'V9' })).toMatchObject({
      vin: 'V9',
      name: 'Cart 7',
    });
  });
});

describe('templates and schedules', () => {
  it('requires a template name', () => {
    expect(issues(saveTemplateSchema, { ...complete, templateName: '  ' })).toEqual([
      ['templateName', 'Template name can not be empty!'],
    ]);
    expect(issues(saveTemplateSchema, { ...complete })).toEqual([['templateName', 'Template name can not be empty!']]);
  });

  it('needs a weekday for weekly schedules and at least one valid recipient', () => {
    expect(issues(reportScheduleWriteSchema, { period: 'WEEKLY', hour: 7, recipients: ['a@fleet.test'] })).toEqual([
      ['weekday', 'Choose the day of the week'],
    ]);
    expect(issues(reportScheduleWriteSchema, { period: 'DAILY', hour: 24, recipients: [] })).toEqual([
      ['hour', 'Max'],
      ['recipients', 'Add at least one recipient'],
    ]);
    expect(
      reportScheduleWriteSchema.parse({ period: 'DAILY', weekday: 3, hour: 6, recipients: ['a@fleet.test'] }).weekday,
    ).toBeNull();
  });
});
