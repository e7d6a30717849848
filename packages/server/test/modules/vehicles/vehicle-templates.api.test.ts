import { BATTERY_MESSAGES, DEFAULT_THRESHOLDS, type VehicleTemplate } from '@evfleet/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, multipartBody, PNG, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { defaultTemplates, vehicleBody } from '../../support/vehicle-screens.js';

describe.each(DATABASE_KINDS)('vehicle templates (part 2 §7) on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let admin: Caller;
  let a: Tenant;
  let builtIn: number[];
  const upload = (url: string, token: string, file: Parameters<typeof multipartBody>[0]) => {
    const body = multipartBody(file);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, authorization: token },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'Alpha');
    builtIn = await defaultTemplates(t);
  });
  afterAll(async () => t?.close());

  it('lists the built-in templates first, with the defaults as thresholds, pages and searches', async () => {
    const list = await admin('GET', '/api/vehicle-templates?pageSize=10&pageNo=0');
    expect(list.statusCode).toBe(200);
    const body = list.json<{ data: VehicleTemplate[]; totalCount: number }>();
    expect(body.totalCount).toBe(2);
    expect(body.data.map((x) => [x.id, x.defaultTemplate, x.data])).toEqual([
      [builtIn[1], true, null],
      [builtIn[0], true, null],
    ]);
    expect(body.data[1]).toMatchObject({
      name: 'Standard Utility Vehicle',
      attributes: DEFAULT_THRESHOLDS,
      vehicleExist: false,
      imageUrl: null,
    });
    expect(
      (await admin('GET', '/api/vehicle-templates/search/?name=COLD')).json().data.map((x: VehicleTemplate) => x.id),
    ).toEqual([builtIn[1]]);
    expect((await admin('GET', '/api/vehicle-templates/search?name=none-such')).json()).toEqual({
      data: [],
      totalCount: 0,
    });
  });

  it('creates a template with an uploaded image, updates it, and shows the image', async () => {
    const image = await upload('/api/file/upload', adminToken, { name: 'cart.png', bytes: PNG });
    expect(image.statusCode).toBe(200);
    const created = await admin('POST', '/api/vehicle-templates', {
      name: 'Hilly routes',
      description: 'Steep streets',
      fileId: image.json().id,
    });
    expect(created.statusCode).toBe(201);
    const template = created.json<VehicleTemplate>();
    expect(template).toMatchObject({
      name: 'Hilly routes',
      description: 'Steep streets',
      defaultTemplate: false,
      vehicleExist: false,
      attributes: DEFAULT_THRESHOLDS,
      data: PNG.toString('base64'),
      imageUrl: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    const attributes = DEFAULT_THRESHOLDS.map((x) =>
      x.name === 'brakePressure'
        ? { ...x, normal: [{ low: 0, high: 30 }], warning: [{ low: 31, high: 40 }], emailOn: ['SEVERE' as const] }
        : x,
    );
    const updated = await admin('PUT', '/api/vehicle-templates', { ...template, name: 'Hilly routes 2', attributes });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<VehicleTemplate>()).toMatchObject({ name: 'Hilly routes 2', fileId: template.fileId });
    expect(updated.json<VehicleTemplate>().attributes.find((x) => x.name === 'brakePressure')).toMatchObject({
      normal: [{ low: 0, high: 30 }],
      emailOn: ['SEVERE'],
    });
    // 'Update This Signal Only'
    const one = await admin('PUT', `/api/vehicle-templates/${template.id}/attributes/speedAlert`, {
      ...DEFAULT_THRESHOLDS[4],
      sever: [{ low: 46, high: 49 }],
    });
    expect(one.json<VehicleTemplate>().attributes.find((x) => x.name === 'speedAlert')!.sever).toEqual([
      { low: 46, high: 49 },
    ]);
    expect(one.json<VehicleTemplate>().attributes.find((x) => x.name === 'brakePressure')!.normal).toEqual([
      { low: 0, high: 30 },
    ]);
  });

  it('refuses bad input: empty texts, unknown image, non-image, unknown ids, overlapping bands', async () => {
    const empty = await admin('POST', '/api/vehicle-templates', { name: '', description: '  ' });
    expect(empty.json().fieldErrors).toEqual([
      { objectName: 'body', field: 'name', message: 'Template Name can not be empty!' },
      { objectName: 'body', field: 'description', message: 'Template Description can not be empty!' },
    ]);
    expect(
      (await admin('POST', '/api/vehicle-templates', { name: 'x', description: 'y', fileId: 999_999 })).json()
        .fieldErrors,
    ).toEqual([{ objectName: 'vehicleTemplate', field: 'fileId', message: 'The image does not exist.' }]);
    const notImage = await upload('/api/file/upload', adminToken, {
      name: 'cart.png',
      bytes: Buffer.from('<html>not an image</html>'),
    });
    expect([notImage.statusCode, notImage.headers['x-evfleetapp-error']]).toEqual([
      400,
      'Only images can be uploaded (.jpeg, .jpg, .png, .gif, .psd, .tiff).',
    ]);
    expect((await admin('GET', '/api/vehicle-templates/999999')).statusCode).toBe(404);
    expect((await admin('GET', '/api/vehicle-templates/x')).statusCode).toBe(400);
    expect(
      (await admin('PUT', '/api/vehicle-templates', { id: 999_999, name: 'x', description: 'y' })).statusCode,
    ).toBe(404);
    expect((await admin('DELETE', '/api/vehicle-templates/999999')).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/vehicle-templates/${builtIn[0]}?delete=maybe`)).statusCode).toBe(400);
    const overlap = await admin('PUT', `/api/vehicle-templates/${builtIn[0]}/attributes/speedAlert`, {
      ...DEFAULT_THRESHOLDS[4],
      sever: [{ low: 30, high: 50 }],
    });
    expect(overlap.json().fieldErrors[0].message).toBe(
      'Cannot set this range for Speed Alert: Severe 30-50 overlaps Normal 0-37.',
    );
    const wrongMetric = await admin(
      'PUT',
      `/api/vehicle-templates/${builtIn[0]}/attributes/cabinTemp`,
      DEFAULT_THRESHOLDS[4],
    );
    expect(wrongMetric.statusCode).toBe(400);
  });

  it('never changes or deletes a built-in template', async () => {
    const current = (await admin('GET', `/api/vehicle-templates/${builtIn[0]}`)).json<VehicleTemplate>();
    for (const res of [
      await admin('PUT', '/api/vehicle-templates', { ...current, name: 'Renamed' }),
      await admin('DELETE', `/api/vehicle-templates/${builtIn[0]}?delete=true`),
      await admin('PUT', `/api/vehicle-templates/${builtIn[0]}/attributes/speedAlert`, DEFAULT_THRESHOLDS[4]),
    ]) {
      expect([res.statusCode, res.headers['x-evfleetapp-error']]).toEqual([
        400,
        'A default template cannot be changed or deleted.',
      ]);
    }
    expect((await admin('GET', `/api/vehicle-templates/${builtIn[0]}`)).json().name).toBe('Standard Utility Vehicle');
  });

  it('blocks deleting a template in use until forced; its vehicles keep their thresholds', async () => {
    const template = (
      await admin('POST', '/api/vehicle-templates', {
        name: 'Campus',
        description: 'Slow',
        attributes: DEFAULT_THRESHOLDS.map((x) =>
          x.name === 'speedAlert'
            ? { ...x, normal: [{ low: 0, high: 15 }], warning: [{ low: 16, high: 20 }], sever: [{ low: 21, high: 50 }] }
            : x,
        ),
      })
    ).json<VehicleTemplate>();
    const vehicle = (await admin('POST', '/api/vehicles', vehicleBody(a.dealerId, template.id))).json<{
      id: number;
      attributes: unknown;
    }>();
    expect((await admin('GET', `/api/vehicle-templates/${template.id}`)).json().vehicleExist).toBe(true);
    const blocked = await admin('DELETE', `/api/vehicle-templates/${template.id}`);
    expect([blocked.statusCode, blocked.headers['x-evfleetapp-error']]).toEqual([
      400,
      "Campus can't be deleted as it is assigned to vehicle(s).",
    ]);
    expect((await admin('GET', `/api/vehicle-templates/${template.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/vehicle-templates/${template.id}?delete=true`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/vehicle-templates/${template.id}`)).statusCode).toBe(404);
    const after = (await admin('GET', `/api/vehicles/${vehicle.id}`)).json();
    expect(after).toMatchObject({ templateId: null, templateName: null, attributes: vehicle.attributes });
    // A name beyond Latin-1 still reaches the client (the app-error header cannot carry it as is).
    const cyrillic = (
      await admin('POST', '/api/vehicle-templates', { name: 'Кампус', description: 'z' })
    ).json<VehicleTemplate>();
    await admin('POST', '/api/vehicles', vehicleBody(a.dealerId, cyrillic.id));
    const refused = await admin('DELETE', `/api/vehicle-templates/${cyrillic.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      "Кампус can't be deleted as it is assigned to vehicle(s).",
    ]);
  });

  it('lets only administrators write, and readers only with the page', async () => {
    const fleet = callerFor(t, a.fleet);
    const dealer = callerFor(t, a.dealer);
    for (const who of [callerFor(t, await t.user()), fleet, dealer]) {
      expect((await who('POST', '/api/vehicle-templates', { name: 'x', description: 'y' })).statusCode).toBe(403);
      expect((await who('DELETE', `/api/vehicle-templates/${builtIn[1]}`)).statusCode).toBe(403);
    }
    // The fleet-owner page's 'Vehicle Configuration Template' toggle (off by default) opens the reads.
    expect((await fleet('GET', '/api/vehicle-templates')).statusCode).toBe(403);
    expect(
      (await admin('PUT', '/api/role-permissions/ROLE_FLEET', { permissions: { vehicleConfigurationTemplate: true } }))
        .statusCode,
    ).toBe(200);
    expect((await fleet('GET', '/api/vehicle-templates')).statusCode).toBe(200);
    expect((await dealer('GET', `/api/vehicle-templates/${builtIn[1]}`)).statusCode).toBe(403);
    expect((await callerFor(t, await t.user())('GET', `/api/vehicle-templates/${builtIn[1]}`)).statusCode).toBe(200);
  });

  it('offers the example sheet as xlsx and csv, which upload back unchanged', async () => {
    const xlsx = await admin('GET', '/api/vehicle-templates/example-sheet');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="thresholds-example.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0].getRow(1).values).toEqual([
      undefined,
      'Metric',
      'Band',
      'Low',
      'High',
      'Notification Frequency (Mins)',
      'Minutes Backward (Mins)',
    ]);
    expect(book.worksheets[0].getRow(2).values).toEqual([undefined, 'cellVoltage', 'Normal', 3.1, 3.69, 60, 5]);
    const csv = await admin('GET', '/api/vehicle-templates/example-sheet?format=csv');
    expect(csv.body.split('\r\n')[3]).toBe('cellVoltage,Warning,3.7,3.9,,');
    const template = (
      await admin('POST', '/api/vehicle-templates', { name: 'Sheet target', description: 'z' })
    ).json<VehicleTemplate>();
    for (const [name, bytes] of [
      ['t.xlsx', xlsx.rawPayload],
      ['t.csv', csv.rawPayload],
    ] as const) {
      const res = await upload(`/api/vehicle-templates/upload/${template.id}`, adminToken, { name, bytes });
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toEqual({ status: 'OK', attributes: DEFAULT_THRESHOLDS });
    }
  });

  it('applies an uploaded sheet, and refuses a bad row, a wrong file or 20 MB changing nothing', async () => {
    const template = (
      await admin('POST', '/api/vehicle-templates', { name: 'Upload target', description: 'z' })
    ).json<VehicleTemplate>();
    const url = `/api/vehicle-templates/upload/${template.id}`;
    const good = 'Metric;Band;Low;High\nspeedAlert;Normal;0;20\nspeedAlert;Moderate;21;30\nspeedAlert;Severe;31;50\n';
    const ok = await upload(url, adminToken, { name: 'speed.csv', bytes: Buffer.from(good) });
    expect(ok.json().attributes.find((x: { name: string }) => x.name === 'speedAlert')).toMatchObject({
      normal: [{ low: 0, high: 20 }],
      warning: [{ low: 21, high: 30 }],
      sever: [{ low: 31, high: 50 }],
    });
    const stored = (await admin('GET', `/api/vehicle-templates/${template.id}`)).json<VehicleTemplate>().attributes;
    expect(stored).toEqual(ok.json().attributes);

    const badRow = await upload(url, adminToken, {
      name: 'bad.csv',
      bytes: Buffer.from('Metric,Band,Low,High\ncabinTemp,Normal,40,105\ncabinTemp,Severe,abc,150\n'),
    });
    expect([badRow.statusCode, badRow.headers['x-evfleetapp-error']]).toEqual([
      400,
      'Row 3, column C: Low must be a number, not "abc".',
    ]);
    const overlap = await upload(url, adminToken, {
      name: 'o.csv',
      bytes: Buffer.from('Metric,Band,Low,High\ncabinTemp,Normal,40,105\ncabinTemp,Warning,100,110\n'),
    });
    expect(overlap.headers['x-evfleetapp-error']).toBe(
      'Row 3, column C: Cannot set this range for Cabin Temperature: Moderate 100-110 overlaps Normal 40-105.',
    );
    const xls = await upload(url, adminToken, {
      name: 'old.xls',
      bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    });
    expect([xls.statusCode, xls.headers['x-evfleetapp-error']]).toEqual([
      400,
      'Only csv and xlsx spreadsheets can be uploaded.',
    ]);
    const brokenZip = await upload(url, adminToken, {
      name: 'b.xlsx',
      bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 1)]),
    });
    expect([brokenZip.statusCode, brokenZip.headers['x-evfleetapp-error']]).toEqual([
      400,
      'The file is not a readable xlsx spreadsheet.',
    ]);
    const huge = await upload(url, adminToken, { name: 'huge.csv', bytes: Buffer.alloc(20 * 1024 * 1024, 'a') });
    expect([huge.statusCode, huge.headers['x-evfleetapp-error']]).toEqual([
      413,
      'The spreadsheet is larger than 2 MB.',
    ]);
    const none = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: adminToken, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([none.statusCode, none.headers['x-evfleetapp-error']]).toEqual([
      400,
      'Please select an Excel file to upload !!',
    ]);
    expect((await admin('GET', `/api/vehicle-templates/${template.id}`)).json<VehicleTemplate>().attributes).toEqual(
      stored,
    );
    expect(
      (
        await upload('/api/vehicle-templates/upload/999999', adminToken, {
          name: 'speed.csv',
          bytes: Buffer.from(good),
        })
      ).statusCode,
    ).toBe(404);
    expect((await upload(url, a.dealer, { name: 'speed.csv', bytes: Buffer.from(good) })).statusCode).toBe(403);
  });

  it('parses a sheet without saving, for a form not yet saved', async () => {
    const body = multipartBody(
      { name: 's.csv', bytes: Buffer.from('Metric,Band,Low,High\nlimpMode,Normal,0,0\nlimpMode,Severe,1,1\n') },
      { attributes: JSON.stringify(DEFAULT_THRESHOLDS.slice(0, 2)) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/threshold-sheets/parse',
      payload: body.payload,
      headers: { ...body.headers, authorization: adminToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().attributes.map((x: { name: string }) => x.name)).toEqual([
      'cellVoltage',
      'milesToEmpty',
      'limpMode',
    ]);
  });

  it('keeps a rated capacity and a cell spread warning: given, read back, changed, cleared', async () => {
    const created = await admin('POST', '/api/vehicle-templates', {
      name: 'Battery settings',
      description: 'z',
      ratedCapacityKwh: 60,
      cellSpreadWarnMv: 120.5,
    });
    expect(created.statusCode).toBe(201);
    const template = created.json<VehicleTemplate>();
    expect(template).toMatchObject({ ratedCapacityKwh: 60, cellSpreadWarnMv: 120.5 });
    const read = async () => (await admin('GET', `/api/vehicle-templates/${template.id}`)).json<VehicleTemplate>();
    expect(await read()).toMatchObject({ ratedCapacityKwh: 60, cellSpreadWarnMv: 120.5 });
    const listed = (await admin('GET', '/api/vehicle-templates/search?name=battery')).json<{
      data: VehicleTemplate[];
    }>();
    expect(listed.data).toEqual([expect.objectContaining({ ratedCapacityKwh: 60, cellSpreadWarnMv: 120.5 })]);
    const body = { id: template.id, name: 'Battery settings', description: 'z' };
    const changed = await admin('PUT', '/api/vehicle-templates', {
      ...body,
      ratedCapacityKwh: 2000,
      cellSpreadWarnMv: 2000,
    });
    expect(changed.json<VehicleTemplate>()).toMatchObject({ ratedCapacityKwh: 2000, cellSpreadWarnMv: 2000 });
    expect(await read()).toMatchObject({ ratedCapacityKwh: 2000, cellSpreadWarnMv: 2000 });
    await admin('PUT', '/api/vehicle-templates', { ...body, ratedCapacityKwh: null, cellSpreadWarnMv: 90 });
    expect(await read()).toMatchObject({ ratedCapacityKwh: null, cellSpreadWarnMv: 90 });
    // A PUT names the whole template: left out is cleared, like its image.
    await admin('PUT', '/api/vehicle-templates', { ...body, ratedCapacityKwh: 45 });
    expect(await read()).toMatchObject({ ratedCapacityKwh: 45, cellSpreadWarnMv: null });
    expect(
      (await admin('POST', '/api/vehicle-templates', { name: 'Plain', description: 'z' })).json<VehicleTemplate>(),
    ).toMatchObject({ ratedCapacityKwh: null, cellSpreadWarnMv: null });
  });

  it('refuses battery settings of 0 or less, over 2000, or not numbers, naming the fields', async () => {
    const target = (
      await admin('POST', '/api/vehicle-templates', { name: 'Refusals', description: 'z', ratedCapacityKwh: 30 })
    ).json<VehicleTemplate>();
    const total = async () => (await admin('GET', '/api/vehicle-templates')).json<{ totalCount: number }>().totalCount;
    const before = await total();
    for (const [rated, spread] of [
      [0, -1],
      [2000.01, 5000],
      [-0.1, 0],
    ]) {
      for (const [method, sent] of [
        ['POST', { name: 'Bad', description: 'z' }],
        ['PUT', { id: target.id, name: 'Refusals', description: 'z' }],
      ] as const) {
        const res = await admin(method, '/api/vehicle-templates', {
          ...sent,
          ratedCapacityKwh: rated,
          cellSpreadWarnMv: spread,
        });
        expect(res.statusCode, `${method} ${rated} ${spread}`).toBe(400);
        expect(res.json().fieldErrors).toEqual([
          { objectName: 'body', field: 'ratedCapacityKwh', message: BATTERY_MESSAGES.ratedCapacity },
          { objectName: 'body', field: 'cellSpreadWarnMv', message: BATTERY_MESSAGES.cellSpreadWarn },
        ]);
      }
    }
    const text = await admin('POST', '/api/vehicle-templates', {
      name: 'Bad',
      description: 'z',
      cellSpreadWarnMv: '150',
    });
    expect([text.statusCode, text.json().fieldErrors.map((e: { field: string }) => e.field)]).toEqual([
      400,
      ['cellSpreadWarnMv'],
    ]);
    expect(await total()).toBe(before);
    expect((await admin('GET', `/api/vehicle-templates/${target.id}`)).json<VehicleTemplate>()).toMatchObject({
      name: 'Refusals',
      ratedCapacityKwh: 30,
      cellSpreadWarnMv: null,
    });
  });
});
