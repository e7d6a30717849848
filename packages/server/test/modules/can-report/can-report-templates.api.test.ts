import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN, readingSender, rowValues, sheetOf } from '../../support/can-readings.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

interface Template {
  id: number;
  templateName: string;
  columns: string[];
  startDate: string;
  endDate: string;
  vehiclesIds: number[];
}

describe.each(DATABASE_KINDS)('CAN report templates on %s', (kind) => {
  let t: TestApp;
  let a: Tenant;
  let dealerA: Caller;
  let fleetA: Caller;
  const start = Math.floor((Date.now() - 86_400_000) / 3_600_000) * 3_600_000;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await t.admin();
    a = await createTenant(t, admin, 'A');
    dealerA = callerFor(t, a.dealer);
    fleetA = callerFor(t, a.fleet);
    const send = await readingSender(t);
    await send(
      'VIN-a1-1',
      Array.from({ length: 75 }, (_, i) => ({ ts: start + i * MIN, speed: i, batteryCharge: 50 + (i % 7) })),
    );
    body = {
      vehiclesIds: [a.vehicles.withDriver],
      columns: ['speed', 'batteryCharge'],
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 3_600_000).toISOString(),
      templateName: 'Morning run',
    };
  });
  afterAll(() => t?.close());

  let saved: Template;

  it('saves criteria under a name and lists the caller’s own templates only', async () => {
    const res = await dealerA('POST', '/api/canreport/saveTemplate', body);
    expect(res.statusCode).toBe(201);
    saved = res.json<Template>();
    // §9: the dates come back without zone or milliseconds, so '.000Z' makes them instants again.
    expect(saved).toEqual({
      id: expect.any(Number),
      templateName: 'Morning run',
      columns: ['speed', 'batteryCharge'],
      startDate: new Date(start).toISOString().slice(0, 19),
      endDate: new Date(start + 2 * 3_600_000).toISOString().slice(0, 19),
      vehiclesIds: [a.vehicles.withDriver],
    });
    expect((await dealerA('GET', '/api/canreport/getAllTemplate')).json()).toEqual([saved]);
    expect((await fleetA('GET', '/api/canreport/getAllTemplate')).json()).toEqual([]);
  });

  it('requires a name unique per user (case aside), and checks the criteria like a report', async () => {
    const twin = await dealerA('POST', '/api/canreport/saveTemplate', { ...body, templateName: 'MORNING RUN' });
    expect(twin.statusCode).toBe(400);
    expect(twin.headers['x-evfleetapp-error']).toBe('A template with this name already exists.');
    const unnamed = await dealerA('POST', '/api/canreport/saveTemplate', { ...body, templateName: ' ' });
    expect(unnamed.json<{ fieldErrors: { field: string; message: string }[] }>().fieldErrors).toEqual([
      { objectName: 'body', field: 'templateName', message: 'Template name can not be empty!' },
    ]);
    const unchecked = await dealerA('POST', '/api/canreport/saveTemplate', {
      ...body,
      columns: [],
      templateName: 'Empty',
    });
    expect(unchecked.json<{ fieldErrors: { message: string }[] }>().fieldErrors.map((e) => e.message)).toEqual([
      'Please select at least one signal setting',
    ]);
    const unknown = await dealerA('POST', '/api/canreport/saveTemplate', {
      ...body,
      columns: ['nope'],
      templateName: 'Unknown',
    });
    expect(unknown.statusCode).toBe(400);
    // Another user may use the same name.
    expect((await fleetA('POST', '/api/canreport/saveTemplate', body)).statusCode).toBe(201);
  });

  it('opens a template page by page with its criteria and totals; another user’s template is not found', async () => {
    const res = await dealerA('GET', `/api/canreport/getTemplate/${saved.id}?pageSize=50&pageNo=1`);
    expect(res.statusCode).toBe(200);
    const { reportData, templateDate } = res.json<{
      reportData: {
        data: Record<string, { value: unknown }>[];
        totalCount: number;
        totalPages: number;
        columns: string[];
      };
      templateDate: object;
    }>();
    expect(templateDate).toEqual({
      templateName: 'Morning run',
      columns: saved.columns,
      startDate: saved.startDate,
      endDate: saved.endDate,
      vehiclesIds: saved.vehiclesIds,
    });
    expect(reportData).toMatchObject({
      totalCount: 75,
      totalPages: 2,
      columns: ['Date', 'Vehicle', 'Battery Charge', 'Speed'],
    });
    expect(reportData.data).toHaveLength(25);
    expect(reportData.data[0].Speed.value).toBe(50);
    expect((await dealerA('GET', `/api/canreport/getTemplate/${saved.id}?pageSize=100000`)).statusCode).toBe(400);
    expect((await fleetA('GET', `/api/canreport/getTemplate/${saved.id}`)).statusCode).toBe(404);
    expect((await fleetA('POST', `/api/canreport/templates/${saved.id}/downloadExcel`)).statusCode).toBe(404);
    expect((await dealerA('GET', '/api/canreport/getTemplate/999999')).statusCode).toBe(404);
  });

  it('downloads a template as Saved Template.xlsx, and its dates with .000Z work as report criteria', async () => {
    const res = await dealerA('POST', `/api/canreport/templates/${saved.id}/downloadExcel`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Saved Template.xlsx"');
    const sheet = await sheetOf(res);
    expect(rowValues(sheet, 1)).toEqual(['Date', 'Vehicle', 'Battery Charge', 'Speed']);
    expect(sheet.rowCount).toBe(76);
    const viaCriteria = await dealerA('POST', '/api/canreport/downloadExcel', {
      ...saved,
      startDate: `${saved.startDate}.000Z`,
      endDate: `${saved.endDate}.000Z`,
    });
    expect(viaCriteria.statusCode).toBe(200);
    expect((await sheetOf(viaCriteria)).rowCount).toBe(76);
  });
});
