import { RECORD_TEXTS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** Cars, email templates and notification lists: every call, every role, bad input (docs/records.md). */
describe.each(DATABASE_KINDS)('record entities on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let adminBearer: string;
  let staff: Caller;
  let a: Tenant;
  let b: Tenant;
  let as: Record<'dealer' | 'fleet' | 'driver', Caller>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminBearer = await t.admin();
    admin = callerFor(t, adminBearer);
    staff = callerFor(t, await t.user());
    a = await createTenant(t, adminBearer, 'RecA');
    b = await createTenant(t, adminBearer, 'RecB');
    as = { dealer: callerFor(t, a.dealer), fleet: callerFor(t, a.fleet), driver: callerFor(t, a.driver) };
  });
  afterAll(() => t?.close());

  const fieldsOf = (res: { json: () => unknown }) =>
    (res.json() as { fieldErrors?: { field: string; message: string }[] }).fieldErrors?.map((e) => [
      e.field,
      e.message,
    ]);

  it('cars: create, list with x-total-count (cacheBuster ignored), read, update, delete', async () => {
    const created = await admin('POST', '/api/cars', { name: 'Golf cart' });
    expect(created.statusCode).toBe(201);
    const car = created.json<{ id: number; name: string }>();
    expect(car).toEqual({ id: expect.any(Number), name: 'Golf cart' });
    await admin('POST', '/api/cars', { name: 'Utility van' });

    const list = await admin('GET', `/api/cars?cacheBuster=${Date.now()}&page=0&size=1&sort=name,asc`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toEqual([{ id: car.id, name: 'Golf cart' }]);

    expect((await admin('GET', `/api/cars/${car.id}`)).json()).toEqual(car);
    const updated = await admin('PUT', '/api/cars', { id: car.id, name: 'Golf cart 2' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id: car.id, name: 'Golf cart 2' });
    // Blank text is stored as nothing (§3 clean-up).
    expect((await admin('PUT', '/api/cars', { id: car.id, name: '  ' })).json()).toEqual({ id: car.id, name: null });

    expect((await admin('DELETE', `/api/cars/${car.id}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/cars/${car.id}`)).statusCode).toBe(404);
    expect((await admin('PUT', '/api/cars', { id: car.id, name: 'gone' })).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/cars/${car.id}`)).statusCode).toBe(404);
  });

  it('cars: bad input answers 400 with field errors and changes nothing', async () => {
    const before = (await admin('GET', '/api/cars')).headers['x-total-count'];
    const long = await admin('POST', '/api/cars', { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long)).toEqual([['name', 'Max']]);
    const withId = await admin('POST', '/api/cars', { id: 5, name: 'n' });
    expect([withId.statusCode, withId.headers['x-evfleetapp-error']]).toEqual([400, RECORD_TEXTS.idExists('Car')]);
    const noId = await admin('PUT', '/api/cars', { name: 'n' });
    expect([noId.statusCode, noId.headers['x-evfleetapp-error']]).toEqual([400, RECORD_TEXTS.idMissing('Car')]);
    expect(fieldsOf(await admin('GET', '/api/cars?sort=password,asc'))).toEqual([['sort', 'must be one of id, name']]);
    expect(fieldsOf(await admin('GET', '/api/cars?size=5000'))).toEqual([['size', 'Max']]);
    expect((await admin('GET', '/api/cars/abc')).statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/cars',
      headers: { authorization: adminBearer, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await admin('GET', '/api/cars')).headers['x-total-count']).toBe(before);
  });

  it('email templates: placeholders are checked when saved, type and attribute are enumerations', async () => {
    const ok = await admin('POST', '/api/email-templates', {
      template: '{band}: {vehicleName} ({vin}) {metric} {value} {unit} at {time}',
      type: 'SEVERE',
      attributeName: 'motorCurrent',
    });
    expect(ok.statusCode).toBe(201);
    const tpl = ok.json<{ id: number }>();
    expect(ok.json()).toEqual({
      id: tpl.id,
      template: '{band}: {vehicleName} ({vin}) {metric} {value} {unit} at {time}',
      type: 'SEVERE',
      attributeName: 'motorCurrent',
    });
    // WARNING is the default type; no attribute means every attribute.
    expect((await admin('POST', '/api/email-templates', { template: 'Check {vehicleName}' })).json()).toMatchObject({
      type: 'WARNING',
      attributeName: null,
    });

    const unknown = await admin('PUT', '/api/email-templates', {
      id: tpl.id,
      template: 'Hello {driverName} on {vehicleName} {x}',
      type: 'SEVERE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual([['template', 'Unknown placeholder: {driverName}, {x}']]);
    const bad = await admin('POST', '/api/email-templates', {
      template: 'x',
      type: 'GOOD',
      attributeName: 'tyrePressure',
    });
    expect(fieldsOf(bad)).toEqual([
      ['type', 'must be one of WARNING, SEVERE'],
      ['attributeName', expect.stringContaining('must be one of cellVoltage')],
    ]);
    expect((await admin('GET', `/api/email-templates/${tpl.id}`)).json()).toMatchObject({
      template: expect.stringContaining('{band}'),
    });

    const list = await as.driver('GET', '/api/email-templates?cacheBuster=1');
    expect([list.statusCode, list.headers['x-total-count']]).toEqual([200, '2']);
    expect((await admin('DELETE', `/api/email-templates/${tpl.id}`)).statusCode).toBe(204);
    expect((await admin('GET', '/api/email-templates')).headers['x-total-count']).toBe('1');
  });

  it('notification lists: recipients and linked vehicles, under a path apart from GET api/notifications', async () => {
    const created = await admin('POST', '/api/notification-lists', {
      name: 'Depot managers',
      emails: 'boss@depot.test\nops@depot.test, boss@depot.test',
      smsNumbers: ['+1 555 0100'],
      vehicles: [{ id: a.vehicles.withDriver }, { id: b.vehicles.free }, { id: '' }],
    });
    expect(created.statusCode).toBe(201);
    const list = created.json<{ id: number; vehicles: { id: number }[] }>();
    expect(list).toMatchObject({
      name: 'Depot managers',
      emails: ['boss@depot.test', 'ops@depot.test', 'boss@depot.test'],
      smsNumbers: ['+1 555 0100'],
    });
    expect(list.vehicles.map((v) => v.id).sort()).toEqual([a.vehicles.withDriver, b.vehicles.free].sort());
    const { rows } = await t.database.db.execute<{ vehicle_id: number }>(
      sql`select vehicle_id from vehicle_notification where notification_id = ${list.id} order by vehicle_id`,
    );
    expect(rows.map((r) => r.vehicle_id)).toEqual([a.vehicles.withDriver, b.vehicles.free].sort((x, y) => x - y));

    // The warning-log call keeps its path and meaning.
    const logs = await admin('GET', `/api/notifications?vehicleId=${a.vehicles.withDriver}&pageNo=0&pageSize=10`);
    expect(logs.statusCode).toBe(200);
    expect(logs.json()).toMatchObject({ totalCount: 0 });

    const relinked = await admin('PUT', '/api/notification-lists', {
      id: list.id,
      name: 'Depot',
      emails: [],
      smsNumbers: [],
      vehicles: [a.vehicles.inFleet],
    });
    expect(relinked.json()).toMatchObject({
      id: list.id,
      name: 'Depot',
      emails: [],
      vehicles: [{ id: a.vehicles.inFleet, name: expect.any(String) }],
    });

    const bad = await admin('POST', '/api/notification-lists', {
      name: 'x',
      emails: ['ok@x.test', 'not-an-email'],
      smsNumbers: 'call me',
      vehicles: [999_999],
    });
    expect(fieldsOf(bad)).toEqual([
      ['emails[1]', 'Invalid Email'],
      ['smsNumbers[0]', RECORD_TEXTS.invalidPhone],
    ]);
    const ghost = await admin('POST', '/api/notification-lists', { name: 'x', vehicles: [999_999] });
    expect(fieldsOf(ghost)).toEqual([['vehicles', 'The vehicle does not exist.']]);
  });

  it('notification lists are read within scope: lists reaching the caller’s vehicles, and only those vehicles', async () => {
    const both = (
      await admin('POST', '/api/notification-lists', {
        name: 'Both tenants',
        vehicles: [a.vehicles.free, b.vehicles.free],
      })
    ).json<{ id: number }>();
    const onlyB = (
      await admin('POST', '/api/notification-lists', { name: 'Only B', vehicles: [b.vehicles.free] })
    ).json<{ id: number }>();

    const seenByDealerA = await as.dealer('GET', '/api/notification-lists?size=100');
    expect(seenByDealerA.statusCode).toBe(200);
    const names = seenByDealerA.json<{ id: number; vehicles: { id: number }[] }[]>();
    expect(names.map((l) => l.id)).toContain(both.id);
    expect(names.map((l) => l.id)).not.toContain(onlyB.id);
    expect(names.find((l) => l.id === both.id)!.vehicles.map((v) => v.id)).toEqual([a.vehicles.free]);
    expect(seenByDealerA.headers['x-total-count']).toBe(String(names.length));
    expect((await as.dealer('GET', `/api/notification-lists/${onlyB.id}`)).statusCode).toBe(404);
    // The fleet owner's fleet does not hold the dealer's free vehicle.
    expect((await as.fleet('GET', `/api/notification-lists/${both.id}`)).statusCode).toBe(404);
    expect((await staff('GET', `/api/notification-lists/${onlyB.id}`)).statusCode).toBe(200);
  });

  it.each(['/api/cars', '/api/email-templates', '/api/notification-lists'])(
    'every role reads %s; only administrators write (403 for staff, dealer, fleet owner, driver)',
    async (path) => {
      const body = path === '/api/email-templates' ? { template: 'x' } : { name: 'x' };
      const id = (await admin('POST', path, body)).json<{ id: number }>().id;
      for (const who of [staff, as.dealer, as.fleet, as.driver]) {
        expect((await who('POST', path, body)).statusCode).toBe(403);
        expect((await who('PUT', path, { ...body, id })).statusCode).toBe(403);
        expect((await who('DELETE', `${path}/${id}`)).statusCode).toBe(403);
      }
      // Every role reads (notification lists within its scope).
      for (const who of [staff, as.dealer, as.fleet, as.driver])
        expect((await who('GET', `${path}?cacheBuster=1`)).statusCode).toBe(200);
      expect((await staff('GET', `${path}/${id}`)).statusCode).toBe(200);
      expect((await callerFor(t)('GET', path)).statusCode).toBe(401);
      expect((await admin('GET', `${path}/${id}`)).statusCode).toBe(200);
    },
  );

  it('describes every record call in the OpenAPI document', async () => {
    const doc = (await admin('GET', '/v3/api-docs')).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: object } }> } }>
      >;
    }>();
    for (const path of [
      '/api/cars',
      '/api/email-templates',
      '/api/notification-lists',
      '/api/vehicle-logs',
      '/api/vehicle-cans',
    ]) {
      expect(Object.keys(doc.paths[path]).sort()).toEqual(['get', 'post', 'put']);
      expect(Object.keys(doc.paths[`${path}/{id}`]).sort()).toEqual(['delete', 'get']);
    }
    expect(
      doc.paths['/api/vehicle-cans'].post.requestBody!.content['application/json'].schema.properties,
    ).toHaveProperty('bt27');
    expect(doc.paths).toHaveProperty('/api/dashboard/cards');
  });

  it('offers the caller’s own vehicles to a vehicle field', async () => {
    const mine = await as.dealer('GET', '/api/record-vehicles?search=Van');
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json<{ id: number }[]>()
        .map((v) => v.id)
        .sort(),
    ).toEqual(Object.values(a.vehicles).sort());
    expect((await as.driver('GET', '/api/record-vehicles')).json<{ id: number }[]>().map((v) => v.id)).toEqual([
      a.vehicles.withDriver,
    ]);
  });
});
