import { DEFAULT_THRESHOLDS, type AlertAttribute } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, multipartBody, type Caller, type Tenant } from '../../support/people.js';
import { postReadings } from '../../support/vehicles.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { defaultTemplates, vehicleBody } from '../../support/vehicle-screens.js';

const speed = (changes: Partial<AlertAttribute>): AlertAttribute => ({
  ...DEFAULT_THRESHOLDS.find((a) => a.name === 'speedAlert')!,
  minutesBackward: 0,
  ...changes,
});
const r = (low: number, high: number) => ({ low, high });

/** Thresholds saved on a vehicle or template judge the very next reading, on every instance. */
describe.each(DATABASE_KINDS)('saved thresholds in alert evaluation on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let admin: Caller;
  let a: Tenant;
  let templates: number[];
  let clock = Date.now() - 3_600_000;

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'Alpha');
    templates = await defaultTemplates(t);
  });
  afterAll(async () => t?.close());

  /** A vehicle made through the API, with a device credential and an SMS and mail recipient. */
  const newVehicle = async (values: Record<string, unknown> = {}) => {
    const v = (
      await admin(
        'POST',
        '/api/vehicles',
        vehicleBody(a.dealerId, templates[0], { emailNotification: true, smsNotification: true, ...values }),
      )
    ).json<{ id: number; vin: string }>();
    const { token } = (await admin('POST', `/api/vehicles/${v.id}/device-token`)).json<{ token: string }>();
    return { ...v, token };
  };
  const send = async (
    app: TestApp['app'],
    v: { vin: string; token: string },
    values: Record<string, number | number[]>,
  ) => {
    clock += 60_000;
    const res = await postReadings({ app }, v, [{ ts: clock, ...values }]);
    expect(res.statusCode).toBe(200);
    await app.telemetry.alerts.idle();
  };
  const logs = async (vehicleId: number, metric = 'speedAlert') =>
    (
      await t.database.db.execute<{ type: string; value: number }>(
        sql`select type, value from warning_log where vehicle_id = ${vehicleId} and attribute_name = ${metric} order by id`,
      )
    ).rows;
  const outbox = async (vehicleId: number) =>
    (
      await t.database.db.execute<{ channel: string }>(
        sql`select channel from mail_outbox where vehicle_id = ${vehicleId} order by id`,
      )
    ).rows.map((x) => x.channel);

  it('judges the next reading by a metric saved alone, and notifies only by the chosen channels', async () => {
    const v = await newVehicle();
    await send(t.app, v, { speed: 25 });
    expect(await logs(v.id)).toEqual([]); // 25 mph is Normal by the defaults (0-37)
    const saved = await admin(
      'PUT',
      `/api/vehicles/${v.id}/attributes/speedAlert`,
      speed({ normal: [r(0, 15)], warning: [r(16, 20)], sever: [r(21, 50)], emailOn: ['SEVERE'], smsOn: ['WARNING'] }),
    );
    expect(saved.statusCode).toBe(200);
    await send(t.app, v, { speed: 25 });
    expect(await logs(v.id)).toEqual([{ type: 'SEVERE', value: 25 }]);
    // SEVERE notifies by mail only (SMS was chosen for Warning).
    expect(await outbox(v.id)).toEqual(['email']);
  });

  it('applies a whole vehicle save and an uploaded sheet at once', async () => {
    const v = await newVehicle({ name: 'Sheet cart' });
    await send(t.app, v, { speed: 12 });
    const body = multipartBody({
      name: 's.csv',
      bytes: Buffer.from(
        'Metric,Band,Low,High,Minutes Backward (Mins)\nspeedAlert,Normal,0,5,0\nspeedAlert,Warning,6,20\nspeedAlert,Severe,21,50\n',
      ),
    });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/vehicles/upload/${v.id}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: adminToken },
    });
    expect(up.json().status).toBe('OK');
    await send(t.app, v, { speed: 12 });
    expect(await logs(v.id)).toEqual([{ type: 'WARNING', value: 12 }]);
    const current = (await admin('GET', `/api/vehicles/${v.id}`)).json();
    const attributes = current.attributes.map((x: AlertAttribute) =>
      x.name === 'speedAlert' ? speed({ normal: [r(0, 30)], warning: [r(31, 40)], sever: [r(41, 50)] }) : x,
    );
    expect(
      (
        await admin('PUT', '/api/vehicles', {
          ...vehicleBody(a.dealerId, templates[0]),
          id: v.id,
          vin: v.vin,
          attributes,
        })
      ).statusCode,
    ).toBe(200);
    await send(t.app, v, { speed: 12 });
    expect((await logs(v.id)).map((x) => x.type)).toEqual(['WARNING', 'NORMAL']);
  });

  it('judges a vehicle without thresholds of its own by its template, as soon as the template is saved', async () => {
    const template = (await admin('POST', '/api/vehicle-templates', { name: 'Follow me', description: 'f' })).json<{
      id: number;
    }>();
    const v = await newVehicle({ templateId: template.id });
    await t.database.db.execute(sql`update vehicle set attributes = null where id = ${v.id}`);
    await send(t.app, v, { speed: 30 });
    expect(await logs(v.id)).toEqual([]);
    expect(
      (
        await admin(
          'PUT',
          `/api/vehicle-templates/${template.id}/attributes/speedAlert`,
          speed({ normal: [r(0, 10)], warning: [r(11, 25)], sever: [r(26, 50)] }),
        )
      ).statusCode,
    ).toBe(200);
    await send(t.app, v, { speed: 30 });
    expect(await logs(v.id)).toEqual([{ type: 'SEVERE', value: 30 }]);
  });

  it("colours a vehicle's cells as its alerts judge them when it follows its template", async () => {
    const template = (await admin('POST', '/api/vehicle-templates', { name: 'Cells', description: 'c' })).json<{
      id: number;
    }>();
    const cellVoltage: AlertAttribute = {
      ...DEFAULT_THRESHOLDS.find((x) => x.name === 'cellVoltage')!,
      minutesBackward: 0,
      normal: [r(3, 3.3)],
      warning: [r(2.5, 2.99), r(3.31, 3.6)],
      sever: [r(0, 2.49), r(3.61, 4.99)],
    };
    const saved = await admin('PUT', `/api/vehicle-templates/${template.id}/attributes/cellVoltage`, cellVoltage);
    expect(saved.statusCode).toBe(200);
    const v = await newVehicle({ templateId: template.id });
    await t.database.db.execute(sql`update vehicle set attributes = null where id = ${v.id}`);
    await send(t.app, v, { packVoltage: 88, cells: [3.4] }); // Normal by the defaults (3.1-3.69), Warning by the template
    await t.app.telemetry.settle();
    const cells = (await admin('GET', `/api/vehicles/cells?vin=${v.vin}`)).json<{
      cells: { status: string; value: number }[];
    }>();
    expect(cells.cells).toEqual([{ status: 'WARNING', value: expect.closeTo(3.4, 5) }]);
    expect(await logs(v.id, 'cellVoltage')).toEqual([{ type: 'WARNING', value: expect.closeTo(3.4, 5) }]);
  });

  it.runIf(kind === 'postgres')('reaches another instance of the server through PostgreSQL', async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    try {
      const v = await newVehicle({ name: 'Twin cart' });
      await send(other, v, { speed: 8 }); // warms the other instance's cache with the defaults
      await admin(
        'PUT',
        `/api/vehicles/${v.id}/attributes/speedAlert`,
        speed({ normal: [r(0, 5)], warning: [r(6, 20)], sever: [r(21, 50)] }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // NOTIFY is asynchronous
      await send(other, v, { speed: 8 });
      expect(await logs(v.id)).toEqual([{ type: 'WARNING', value: 8 }]);
    } finally {
      await other.close();
    }
  });
});
