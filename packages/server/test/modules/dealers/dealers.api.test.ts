import { deleteBlocks } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, snapshot, type Caller } from '../../support/people.js';
import { linkIn, startSmtp } from '../../support/smtp.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const dealer = (n: string, extra: object = {}) => ({
  name: `Dealer ${n}`,
  email: `${n}@dealers.test`,
  mobileNumber: '0123456789',
  company: `${n} Cars`,
  password: 'secret-77',
  activation: true,
  ...extra,
});

describe.each(DATABASE_KINDS)('dealers API on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Caller;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    admin = callerFor(t, await t.admin());
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('creates a dealer with a ROLE_DEALER account that signs in with the given password', async () => {
    const res = await admin('POST', '/api/dealers', dealer('north'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Dealer north',
      email: 'north@dealers.test',
      mobileNumber: '0123456789',
      company: 'north Cars',
      address: 'Default',
      activation: true,
      userId: expect.any(Number),
      existFleetANdVehicles: false,
      existFleets: false,
      existVehicles: false,
      fleetIdANdName: [],
      vehicleIdANdName: [],
    });
    const token = await t.bearer('north@dealers.test', 'secret-77');
    expect((await callerFor(t, token)('GET', '/api/account')).json().authorities).toEqual(['ROLE_DEALER']);
  });

  it('creates an inactive dealer when activation is off and mails the activation link', async () => {
    const res = await admin('POST', '/api/dealers', dealer('south', { activation: false }));
    expect(res.json().activation).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/authenticate',
          payload: { username: 'south@dealers.test', password: 'secret-77' },
        })
      ).statusCode,
    ).toBe(401);
    const key = new URL(linkIn((await smtp.waitFor('south@dealers.test')).raw, '/account/activate')).searchParams.get(
      'key',
    );
    expect((await t.app.inject({ url: `/api/activate?key=${key}` })).statusCode).toBe(200);
    expect((await admin('GET', `/api/dealers/${res.json().id}`)).json().activation).toBe(true);
    expect(await t.bearer('south@dealers.test', 'secret-77')).toMatch(/^Bearer /);
  });

  it('links an existing user, which gains ROLE_DEALER and keeps its roles', async () => {
    const user = await admin('POST', '/api/users', {
      login: 'linked',
      email: 'linked@dealers.test',
      authorities: ['ROLE_USER'],
      password: 'linked-1',
    });
    const res = await admin('POST', '/api/dealers', dealer('linked', { userId: user.json().id, password: undefined }));
    expect(res.statusCode).toBe(201);
    expect(res.json().userId).toBe(user.json().id);
    expect((await admin('GET', `/api/users/${user.json().id}`)).json().authorities).toEqual([
      'ROLE_DEALER',
      'ROLE_USER',
    ]);
    const again = await admin('POST', '/api/dealers', dealer('linked2', { userId: user.json().id }));
    expect(again.headers['x-evfleetapp-error']).toBe(
      'This user already belongs to another dealer, fleet, driver or super user.',
    );
    expect((await admin('POST', '/api/dealers', dealer('ghost', { userId: 999999 }))).statusCode).toBe(404);
  });

  it('pages, searches name, email and company case-insensitively, and lists dealers without fleets', async () => {
    await admin('POST', '/api/dealers', dealer('paging-one', { company: 'Zebra Trucks' }));
    const all = (await admin('GET', '/api/dealers?pageSize=2&pageNo=0&cacheBuster=123')).json();
    expect(all.data).toHaveLength(2);
    const total = all.totalCount;
    expect(total).toBeGreaterThanOrEqual(4);
    const last = (await admin('GET', `/api/dealers?pageSize=2&pageNo=${Math.ceil(total / 2) - 1}`)).json();
    expect(last.totalCount).toBe(total);
    expect(last.data.length).toBe(total % 2 || 2);
    expect((await admin('GET', '/api/dealers?pageNo=0')).json().data.length).toBe(Math.min(10, total));

    expect((await admin('GET', '/api/dealers/search?name=ZEBRA')).json()).toMatchObject({
      totalCount: 1,
      data: [{ company: 'Zebra Trucks' }],
    });
    expect((await admin('GET', '/api/dealers/search?name=paging-one@DEALERS')).json().totalCount).toBe(1);
    expect((await admin('GET', '/api/dealers/search?name=%25')).json().totalCount).toBe(0);

    const tenant = await createTenant(t, await t.admin(), 'U');
    const unassigned = (await admin('GET', '/api/dealers/unassigned?pageSize=1000&pageNo=0')).json();
    expect(unassigned.totalCount).toBe(total);
    expect(unassigned.data.map((d: { id: number }) => d.id)).not.toContain(tenant.dealerId);
  });

  it('updates a dealer and its account email; a new password replaces the old', async () => {
    const created = (await admin('POST', '/api/dealers', dealer('upd'))).json();
    const res = await admin(
      'PUT',
      '/api/dealers',
      dealer('upd', { id: created.id, email: 'renamed@dealers.test', company: 'New Co', password: 'another-77' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'renamed@dealers.test', company: 'New Co' });
    expect(await t.bearer('renamed@dealers.test', 'another-77')).toMatch(/^Bearer /);
    expect((await admin('PUT', '/api/dealers', dealer('upd', { id: 999999 }))).statusCode).toBe(404);
    expect((await admin('PUT', '/api/dealers', dealer('upd'))).headers['x-evfleetapp-error']).toBe(
      'An ID is required to update a dealer',
    );
  });

  it('refuses delete with fleets and vehicles using the exact texts, then deletes once they are gone', async () => {
    const tenant = await createTenant(t, await t.admin(), 'Del');
    const shown = (await admin('GET', `/api/dealers/${tenant.dealerId}`)).json();
    expect(shown).toMatchObject({ existFleets: true, existVehicles: true, existFleetANdVehicles: true });
    expect(shown.vehicleIdANdName).toHaveLength(3);
    const row = (await admin('GET', '/api/dealers/search?name=Dealer Del')).json().data[0];
    expect(row).toMatchObject({
      id: tenant.dealerId,
      existFleets: true,
      existVehicles: true,
      existFleetANdVehicles: true,
      fleetIdANdName: [],
      vehicleIdANdName: [],
    });
    const before = await snapshot(t);
    const res = await admin('DELETE', `/api/dealers/${tenant.dealerId}`);
    expect(res.statusCode).toBe(400);
    const vehicles = shown.vehicleIdANdName.map((v: { name: string }) => v.name).join(', ');
    expect(res.headers['x-evfleetapp-error']).toBe(deleteBlocks.dealer('Fleet Del', vehicles));
    expect(await snapshot(t)).toEqual(before);

    await t.database.db.execute(
      sql`update vehicle set dealer_id = null, fleet_id = null, driver_id = null where dealer_id = ${tenant.dealerId}`,
    );
    expect((await admin('DELETE', `/api/dealers/${tenant.dealerId}`)).headers['x-evfleetapp-error']).toBe(
      deleteBlocks.dealer('Fleet Del', null),
    );
    await admin('DELETE', `/api/drivers/${tenant.driverId}?delete=true`);
    expect((await admin('DELETE', `/api/fleets/${tenant.fleetId}`)).statusCode).toBe(204);
    expect((await admin('DELETE', `/api/dealers/${tenant.dealerId}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/dealers/${tenant.dealerId}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/dealers/${tenant.dealerId}`)).statusCode).toBe(404);
  });

  it('refuses bad input, duplicates and unknown ids without changing anything', async () => {
    const before = await snapshot(t);
    const missing = await admin('POST', '/api/dealers', { email: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .fieldErrors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['company', 'email', 'mobileNumber', 'name']);
    const wrong = await admin('POST', '/api/dealers', dealer('wrong', { mobileNumber: 12, activation: 'yes' }));
    expect(
      wrong
        .json()
        .fieldErrors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['activation', 'mobileNumber']);
    expect((await admin('POST', '/api/dealers', dealer('nopass', { password: undefined }))).json().fieldErrors).toEqual(
      [{ objectName: 'dealer', field: 'password', message: 'Password is required.' }],
    );
    expect((await admin('POST', '/api/dealers', dealer('north'))).headers['x-evfleetapp-error']).toBe(
      'Email is already in use!',
    );
    expect(
      (await admin('POST', '/api/dealers', dealer('admin', { email: 'ADMIN@evfleet.local' }))).headers[
        'x-evfleetapp-error'
      ],
    ).toBe('Email is already in use!');
    expect((await admin('POST', '/api/dealers', dealer('withid', { id: 5 }))).statusCode).toBe(400);
    expect((await admin('GET', '/api/dealers/abc')).statusCode).toBe(400);
    expect((await admin('GET', '/api/dealers/999999')).statusCode).toBe(404);
    expect((await admin('GET', '/api/dealers?pageSize=0')).statusCode).toBe(400);
    expect((await admin('GET', '/api/dealers?pageSize=1001')).statusCode).toBe(400);
    expect((await admin('GET', '/api/dealers?pageNo=-1')).statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });
});
