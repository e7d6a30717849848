import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canReportRepository } from '../../../src/modules/can-report/report/can-report.repository.js';
import { orderOf, selectColumns } from '../../../src/modules/can-report/report/report-columns.js';
import { reportPager } from '../../../src/modules/can-report/paging/report-pager.js';
import { MIN, readingSender, rowValues, sheetOf } from '../../support/can-readings.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Row = Record<string, { value: number | string | null }>;
interface Result {
  data: Row[];
  columns: string[];
  pageNo: number;
  pageSize: number;
  sortBy: string;
  sortType: string;
  totalCount: number;
  totalPages: number;
}
const messages = (body: { fieldErrors?: { field: string; message: string }[] }) =>
  body.fieldErrors?.map((e) => [e.field, e.message]);

describe.each(DATABASE_KINDS)('CAN report calls on %s', (kind) => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let admin: Caller;
  let dealerA: Caller;
  let dealerB: Caller;
  // 120 readings a minute apart, two days ago: every tenth without battery charge, all with an unknown signal.
  const start = Math.floor((Date.now() - 2 * 86_400_000) / 3_600_000) * 3_600_000;
  const charge = (i: number) => (i % 10 === 0 ? undefined : (i * 37) % 100);
  const iso = (ms: number) => new Date(ms).toISOString();
  let criteria: { vehiclesIds: number[]; columns: string[]; startDate: string; endDate: string; vin: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    b = await createTenant(t, adminToken, 'B');
    dealerA = callerFor(t, a.dealer);
    dealerB = callerFor(t, b.dealer);
    const send = await readingSender(t);
    await send(
      'VIN-a1-2',
      Array.from({ length: 120 }, (_, i) => ({
        ts: start + i * MIN,
        batteryCharge: charge(i),
        speed: i % 30,
        cells: Array.from({ length: 32 }, (_, c) => 3 + c / 100 + i / 10_000),
        tirePressure: 30 + (i % 5),
      })),
    );
    await send('VIN-b2-1', [{ ts: start, speed: 1, secretSignal: 5 }]);
    criteria = {
      vehiclesIds: [a.vehicles.inFleet],
      columns: ['tirePressure', 'cell2', 'speed', 'batteryCharge'],
      startDate: iso(start),
      endDate: iso(start + 3 * 3_600_000),
      vin: 'VIN-a1-2',
    };
  });
  afterAll(() => t?.close());

  it('offers only the vehicles the caller may see, sorted by friendly name, labelled with the VIN', async () => {
    const all = (await admin('GET', '/api/canreport/vehicles')).json<
      { id: number; friendlyName: string; name: string }[]
    >();
    expect(all.map((v) => v.friendlyName)).toEqual(
      [...all.map((v) => v.friendlyName)].sort((x, y) => x.localeCompare(y)),
    );
    expect(all).toContainEqual({ id: a.vehicles.inFleet, friendlyName: 'Van a1 2 - VIN: VIN-a1-2', name: 'VIN-a1-2' });
    const ofDealer = (await dealerA('GET', '/api/canreport/vehicles')).json<{ id: number }[]>().map((v) => v.id);
    expect(ofDealer.sort()).toEqual([a.vehicles.withDriver, a.vehicles.inFleet, a.vehicles.free].sort());
    const ofFleet = (await callerFor(t, a.fleet)('GET', '/api/canreport/vehicles'))
      .json<{ id: number }[]>()
      .map((v) => v.id);
    expect(ofFleet.sort()).toEqual([a.vehicles.withDriver, a.vehicles.inFleet].sort());
    expect((await callerFor(t)('GET', '/api/canreport/vehicles')).statusCode).toBe(401);
  });

  it('offers every signal and 32 cells, then the unknown signals the caller’s vehicles reported', async () => {
    const mine = (await dealerA('GET', '/api/canreport/signals')).json<Record<string, string>>();
    expect(Object.keys(mine)).toHaveLength(22 + 32 + 1);
    expect(mine).toMatchObject({ batteryCharge: 'Battery Charge', cell32: 'Cell 32', tirePressure: 'tirePressure' });
    expect(Object.keys(mine).at(-1)).toBe('tirePressure');
    expect(mine).not.toHaveProperty('secretSignal');
    expect(Object.keys((await admin('GET', '/api/canreport/signals')).json())).toEqual(
      expect.arrayContaining(['secretSignal', 'tirePressure']),
    );
    expect(
      Object.keys((await dealerA('GET', `/api/canreport/signals?vehicleId=${a.vehicles.free}`)).json()),
    ).not.toContain('tirePressure');
    expect((await dealerA('GET', `/api/canreport/signals?vehicleId=${b.vehicles.free}`)).statusCode).toBe(404);
  });

  it('applies the six checks in order as field errors', async () => {
    const res = await dealerA('POST', '/api/canreport/getListCanHistory', {});
    expect(res.statusCode).toBe(400);
    expect(messages(res.json())).toEqual([
      ['vehiclesIds', 'Please select a vehicle'],
      ['columns', 'Please select at least one signal setting'],
      ['startDate', 'Please select start date'],
      ['endDate', 'Please select end date'],
    ]);
    const reversed = await dealerA('POST', '/api/canreport/getListCanHistory', {
      ...criteria,
      startDate: criteria.endDate,
      endDate: criteria.startDate,
    });
    expect(messages(reversed.json())).toEqual([['endDate', 'End date must be after start date']]);
    const month = await dealerA('POST', '/api/canreport/getListCanHistory', {
      ...criteria,
      endDate: iso(start + 30 * 86_400_000),
    });
    expect(messages(month.json())).toEqual([['endDate', 'Please select date range between 10 days']]);
    for (const url of ['/api/canreport?pageSize=100000', '/api/canreport/downloadExcel']) {
      expect((await dealerA('POST', url, { ...criteria, endDate: iso(start + 11 * 86_400_000) })).statusCode).toBe(400);
    }
  });

  it('refuses bad input with a 400: unknown signal keys, page size 100,000, a sort column not in the report, text dates', async () => {
    const unknown = await dealerA('POST', '/api/canreport/getListCanHistory', {
      ...criteria,
      columns: ['speed', 'noSuchSignal'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(messages(unknown.json())).toEqual([['columns', 'Unknown signal: noSuchSignal']]);
    // A key another tenant's vehicle reported is unknown for this one.
    expect(
      messages(
        (await dealerA('POST', '/api/canreport/getListCanHistory', { ...criteria, columns: ['secretSignal'] })).json(),
      ),
    ).toEqual([['columns', 'Unknown signal: secretSignal']]);
    const huge = await dealerA('POST', '/api/canreport?pageSize=100000&pageNo=0', criteria);
    expect(messages(huge.json())).toEqual([['pageSize', 'Page size must be 50, 100, 150 or 200']]);
    expect(
      messages((await dealerA('POST', '/api/canreport/getListCanHistory', { ...criteria, pageSize: 100_000 })).json()),
    ).toEqual([['pageSize', 'Page size must be 50, 100, 150 or 200']]);
    expect(
      messages(
        (await dealerA('POST', '/api/canreport/getListCanHistory', { ...criteria, sortBy: 'Motor Rpm' })).json(),
      ),
    ).toEqual([['sortBy', 'Sort by one of the report columns']]);
    expect(
      (await dealerA('POST', '/api/canreport/getListCanHistory', { ...criteria, startDate: '2026/01/01 10:00 AM' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await dealerA('POST', '/api/canreport/getListCanHistory', { ...criteria, vehiclesIds: ['x'] })).statusCode,
    ).toBe(400);
  });

  it('keys rows by display column in the fixed order with unknown signals last, values wrapped, empty ones null', async () => {
    const res = await dealerA('POST', '/api/canreport/getListCanHistory', criteria);
    expect(res.statusCode).toBe(200);
    const body = res.json<Result>();
    expect(body.columns).toEqual(['Date', 'Vehicle', 'Battery Charge', 'Speed', 'Cell 2', 'tirePressure']);
    expect(Object.keys(body.data[0])).toEqual(body.columns);
    expect(body.data[0]).toEqual({
      Date: { value: iso(start) },
      Vehicle: { value: 'Van a1 2' },
      'Battery Charge': { value: null },
      Speed: { value: 0 },
      'Cell 2': { value: expect.closeTo(3.01, 5) },
      tirePressure: { value: 30 },
    });
    expect(body.data[1]['Battery Charge'].value).toBe(37);
  });

  it('pages on the server with totals, from the body or the query string', async () => {
    const first = (await dealerA('POST', '/api/canreport/getListCanHistory', criteria)).json<Result>();
    expect(first).toMatchObject({
      pageNo: 0,
      pageSize: 50,
      sortBy: 'Date',
      sortType: 'ASC',
      totalCount: 120,
      totalPages: 3,
    });
    expect(first.data).toHaveLength(50);
    const last = (await dealerA('POST', '/api/canreport/getListCanHistory', { ...criteria, pageNo: 2 })).json<Result>();
    expect(last.data).toHaveLength(20);
    expect(last.data[0].Date.value).toBe(iso(start + 100 * MIN));
    const byQuery = (await dealerA('POST', '/api/canreport?pageSize=100&pageNo=1', criteria)).json<Result>();
    expect(byQuery).toMatchObject({ pageNo: 1, pageSize: 100, totalCount: 120, totalPages: 2 });
    expect(byQuery.data).toHaveLength(20);
    const newest = (
      await dealerA('POST', '/api/canreport/getListCanHistory', { ...criteria, sortType: 'desc' })
    ).json<Result>();
    expect(newest.data[0].Date.value).toBe(iso(start + 119 * MIN));
  });

  it('sorts by a numeric column across pages, empty values last, and by cells and unknown signals', async () => {
    const charges = async (sortType: string) => {
      const values: (number | null)[] = [];
      for (let pageNo = 0; pageNo < 3; pageNo++) {
        const page = (
          await dealerA('POST', '/api/canreport/getListCanHistory', {
            ...criteria,
            sortBy: 'Battery Charge',
            sortType,
            pageNo,
          })
        ).json<Result>();
        values.push(...page.data.map((r) => r['Battery Charge'].value as number | null));
      }
      return values;
    };
    const expected = Array.from({ length: 120 }, (_, i) => charge(i)).filter((v): v is number => v !== undefined);
    expect(await charges('DESC')).toEqual([...[...expected].sort((x, y) => y - x), ...Array(12).fill(null)]);
    expect(await charges('ASC')).toEqual([...[...expected].sort((x, y) => x - y), ...Array(12).fill(null)]);
    const byCell = (
      await dealerA('POST', '/api/canreport/getListCanHistory', { ...criteria, sortBy: 'Cell 2', sortType: 'DESC' })
    ).json<Result>();
    expect(byCell.data[0].Date.value).toBe(iso(start + 119 * MIN));
    const byUnknown = (
      await dealerA('POST', '/api/canreport/getListCanHistory', {
        ...criteria,
        sortBy: 'tirePressure',
        sortType: 'DESC',
      })
    ).json<Result>();
    expect(byUnknown.data.slice(0, 24).every((r) => r.tirePressure.value === 34)).toBe(true);
  });

  it('never reports on another dealer’s vehicle, and says nothing about it', async () => {
    const theirs = { ...criteria, vehiclesIds: [b.vehicles.inFleet], columns: ['speed'] };
    for (const url of ['/api/canreport/getListCanHistory', '/api/canreport?pageNo=0', '/api/canreport/downloadExcel']) {
      const res = await dealerA('POST', url, theirs);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('VIN-b');
    }
    expect(
      (await dealerA('POST', '/api/canreport/saveTemplate', { ...theirs, templateName: 'Theirs' })).statusCode,
    ).toBe(404);
    expect((await dealerB('POST', '/api/canreport/getListCanHistory', criteria)).statusCode).toBe(404);
    expect((await callerFor(t, a.driver)('POST', '/api/canreport/getListCanHistory', criteria)).statusCode).toBe(404);
    expect(
      (await callerFor(t, a.fleet)('POST', '/api/canreport/getListCanHistory', criteria)).json<Result>().totalCount,
    ).toBe(120);
  });

  it('exports an xlsx of the chosen columns in display order, typed cells, every row', async () => {
    const res = await dealerA('POST', '/api/canreport/downloadExcel', criteria);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename="can-VIN-a1-2.xlsx"');
    const sheet = await sheetOf(res);
    expect(rowValues(sheet, 1)).toEqual(['Date', 'Vehicle', 'Battery Charge', 'Speed', 'Cell 2', 'tirePressure']);
    expect(sheet.rowCount).toBe(121);
    const [date, vehicleName, battery, speed, cell2, tire] = rowValues(sheet, 3);
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString()).toBe(iso(start + MIN));
    expect([vehicleName, battery, speed, tire]).toEqual(['Van a1 2', 37, 1, 31]);
    expect(cell2).toBeCloseTo(3.0101, 5);
    expect(rowValues(sheet, 2)[2]).toBeUndefined(); // an empty value is an empty cell
    const named = await dealerA('POST', '/api/canreport/downloadExcel', { ...criteria, vin: '', uid: 'UID 7' });
    expect(named.headers['content-disposition']).toContain('filename="can-UID 7.xlsx"');
    const sorted = await sheetOf(
      await dealerA('POST', '/api/canreport/downloadExcel', {
        ...criteria,
        vin: undefined,
        sortBy: 'Battery Charge',
        sortType: 'DESC',
      }),
    );
    expect(rowValues(sheet, 2)[0]).toBeInstanceOf(Date);
    expect(rowValues(sorted, 2)[2]).toBe(99);
  });
  it('streams an export from the cursor in batches, every row once and in order', async () => {
    const query = {
      criteria: {
        vehicleId: a.vehicles.inFleet,
        columns: ['speed'],
        start: new Date(start),
        end: new Date(start + 3 * 3_600_000),
      },
      columns: selectColumns(['speed']),
      sortBy: 'Date',
      sortType: 'ASC' as const,
    };
    const seen: string[] = [];
    await canReportRepository.forEachBatch(
      t.database.db,
      query,
      7,
      async (lines) => void seen.push(...lines.toString('latin1').split('\n').slice(0, -1)),
    );
    // Each line: the time as an Excel date, then the speed.
    expect(seen.map((line) => Math.round((Number(line.split('\t')[0]) - 25_569) * 86_400_000))).toEqual(
      Array.from({ length: 120 }, (_, i) => start + i * MIN),
    );
    expect(seen.map((line) => line.split('\t')[1])).toEqual(Array.from({ length: 120 }, (_, i) => String(i % 30)));
  });

  it('pages the whole order of a signal sort exactly as PostgreSQL sorts it, ties and empty values by time', async () => {
    // The range read whole (the default for 120 readings), and windows placed by samples: a fair
    // one, and a small one with no margin that often misses its page and reads again. On
    // PostgreSQL the windows are read with COPY as the app does.
    const pool = t.database.raw.kind === 'postgres' ? t.database.raw.pool : undefined;
    const pagers = [
      reportPager({ db: t.database.db, pool }),
      reportPager({ db: t.database.db, pool, wholeBelow: 0, sampleSize: 40 }),
      reportPager({ db: t.database.db, pool, wholeBelow: 0, sampleSize: 40, spread: 0 }),
    ];
    for (const [key, sortType] of [
      ['batteryCharge', 'DESC'],
      ['batteryCharge', 'ASC'],
      ['cell2', 'DESC'],
      ['tirePressure', 'ASC'],
    ] as const) {
      const columns = selectColumns([key]);
      const query = {
        criteria: {
          vehicleId: a.vehicles.inFleet,
          columns: [key],
          start: new Date(start),
          end: new Date(start + 3 * 3_600_000),
        },
        columns,
        sortBy: columns[0].column,
        sortType,
      };
      const { rows: sortedByDatabase } = await t.database.db.execute<{ ts: string | Date }>(
        sql`select ts from can_reading where vehicle_id = ${a.vehicles.inFleet} and ts between ${iso(start)}::timestamptz and ${iso(start + 3 * 3_600_000)}::timestamptz order by ${orderOf(query.sortBy, sortType, columns)}`,
      );
      const expected = sortedByDatabase.map((r) => new Date(r.ts).getTime());
      for (const pager of pagers) {
        for (const size of [50, 7]) {
          const pages = [];
          for (let offset = 0; offset < 120; offset += size) {
            const page = await pager.page(query, size, offset);
            expect(page.totalCount).toBe(120);
            pages.push(...page.rows);
          }
          expect(pages.map((r) => new Date(r.ts).getTime())).toEqual(expected);
        }
        // Pages asked out of order, the last first, read from windows of their own.
        expect((await pager.page(query, 10, 110)).rows.map((r) => new Date(r.ts).getTime())).toEqual(
          expected.slice(110),
        );
        expect((await pager.page(query, 10, 55)).rows.map((r) => new Date(r.ts).getTime())).toEqual(
          expected.slice(55, 65),
        );
      }
    }
  });

  it('exports every row of a long report whole, in order, with its values', async () => {
    // 6,000 readings a second apart, written straight to the table: many COPY chunks on PostgreSQL, three cursor batches on PGlite.
    await t.database.db.execute(sql`insert into can_reading (vehicle_id, ts, speed, battery_charge, cells)
      select ${a.vehicles.free}, ${iso(start)}::timestamptz + s * interval '1 second', s % 40, case when s % 7 = 0 then null else s / 100.0 end, array[3.25, s / 1000.0]::real[]
      from generate_series(0, 5999) s`);
    const columns = ['speed', 'batteryCharge', 'cell2'];
    const sheet = await sheetOf(
      await admin('POST', '/api/canreport/downloadExcel', {
        ...criteria,
        vehiclesIds: [a.vehicles.free],
        columns,
        vin: 'VIN-a1-3',
      }),
    );
    expect(sheet.rowCount).toBe(6001);
    expect(rowValues(sheet, 1)).toEqual(['Date', 'Vehicle', 'Battery Charge', 'Speed', 'Cell 2']);
    for (const s of [0, 1, 7, 2999, 5999]) {
      const [date, name, battery, speed, cell2] = rowValues(sheet, s + 2);
      expect([(date as Date).toISOString(), name, battery, speed, cell2]).toEqual([
        iso(start + s * 1000),
        'Van a1 3',
        s % 7 === 0 ? undefined : s / 100,
        s % 40,
        s / 1000,
      ]);
    }
  });

  it('exports and sorts by an unknown signal whose name holds quotes and a backslash', async () => {
    const odd = "o'dd\\name";
    const send = await readingSender(t);
    await send('VIN-a1-1', [
      { ts: start, [odd]: 2.5 },
      { ts: start + MIN, [odd]: 7 },
    ]);
    const oddCriteria = { ...criteria, vehiclesIds: [a.vehicles.withDriver], columns: [odd], vin: 'VIN-a1-1' };
    const sheet = await sheetOf(
      await admin('POST', '/api/canreport/downloadExcel', { ...oddCriteria, sortBy: odd, sortType: 'DESC' }),
    );
    expect(rowValues(sheet, 1)).toEqual(['Date', 'Vehicle', odd]);
    expect([rowValues(sheet, 2)[2], rowValues(sheet, 3)[2]]).toEqual([7, 2.5]);
  });

  it('follows the Fleet Owner toggles: CAN History Export for downloads, CAN History for the report itself', async () => {
    const fleet = callerFor(t, a.fleet);
    const toggle = async (permissions: Record<string, boolean>) =>
      expect((await admin('PUT', '/api/role-permissions/ROLE_FLEET', { permissions })).statusCode).toBe(200);
    await toggle({ 'vehicle.canHistoryExport': false });
    expect((await fleet('POST', '/api/canreport/downloadExcel', criteria)).statusCode).toBe(403);
    expect((await fleet('POST', '/api/canreport/getListCanHistory', criteria)).statusCode).toBe(200);
    expect((await dealerA('POST', '/api/canreport/downloadExcel', criteria)).statusCode).toBe(200); // a dealer has its own toggles
    await toggle({ 'vehicle.canHistory': false });
    expect((await fleet('POST', '/api/canreport/getListCanHistory', criteria)).statusCode).toBe(403);
    await toggle({ 'vehicle.canHistory': true, 'vehicle.canHistoryExport': true });
    expect((await fleet('POST', '/api/canreport/downloadExcel', criteria)).statusCode).toBe(200);
  });
});
