import { deleteBlocks } from '@evfleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, snapshot, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('fleets API on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  const fleet = (n: string, dealerId: number, extra: object = {}) => ({
    name: `Fleet ${n}`,
    email: `${n}@fleets.test`,
    dealerId,
    status: true,
    ...extra,
  });
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = callerFor(t, await t.admin());
    a = await createTenant(t, await t.admin(), 'A');
  });
  afterAll(() => t?.close());

  it('creates a fleet with a ROLE_FLEET account that has no password until one is set', async () => {
    const res = await admin('POST', '/api/fleets', fleet('east', a.dealerId, { status: false }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Fleet east',
      email: 'east@fleets.test',
      dealerId: a.dealerId,
      dealerName: 'Dealer A',
      dealerEmail: expect.stringMatching(/^dealer-a\d+@people\.test$/),
      status: false,
      driverIdANdName: [],
      vehicleIdAndName: [],
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'east@fleets.test', password: '!' },
    });
    expect(signIn.statusCode).toBe(401);
    const set = await admin('POST', '/api/account/update-password-prototype', {
      email: 'east@fleets.test',
      newPassword: 'fleet-pw-1',
      confirmNewPassword: 'fleet-pw-1',
    });
    expect(set.statusCode).toBe(200);
    const token = await t.bearer('east@fleets.test', 'fleet-pw-1');
    expect((await callerFor(t, token)('GET', '/api/account')).json().authorities).toEqual(['ROLE_FLEET']);
  });

  it('shows its drivers and vehicles, pages and searches by name or email', async () => {
    const shown = (await admin('GET', `/api/fleets/${a.fleetId}`)).json();
    expect(shown.driverIdANdName).toEqual([{ id: a.driverId, name: 'Driver A' }]);
    expect(shown.vehicleIdAndName.map((v: { id: number }) => v.id)).toEqual([
      a.vehicles.withDriver,
      a.vehicles.inFleet,
    ]);
    const page = (await admin('GET', '/api/fleets?pageSize=1&pageNo=1')).json();
    expect(page).toMatchObject({ totalCount: 2, data: [{ id: a.fleetId }] });
    expect((await admin('GET', '/api/fleets?pageSize=1&pageNo=5')).json()).toEqual({ data: [], totalCount: 2 });
    expect((await admin('GET', '/api/fleets/search?searchKey=EAST')).json()).toMatchObject({
      totalCount: 1,
      data: [{ name: 'Fleet east' }],
    });
    expect(
      (await admin('GET', '/api/fleets/search?searchKey=@fleets.TEST&pageSize=10&pageNo=0')).json().totalCount,
    ).toBe(1);
    expect((await admin('GET', '/api/fleets/search?searchKey=')).json().totalCount).toBe(2);
  });

  it('updates a fleet; moving it to another dealer unassigns its vehicles', async () => {
    const b = await createTenant(t, await t.admin(), 'B');
    const renamed = await admin('PUT', '/api/fleets', fleet('moved', b.dealerId, { id: b.fleetId }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ dealerId: b.dealerId, name: 'Fleet moved', email: 'moved@fleets.test' });
    expect(renamed.json().vehicleIdAndName).toHaveLength(2);
    const otherDealer = (
      await admin('POST', '/api/dealers', {
        name: 'C',
        email: 'c@fleets.test',
        mobileNumber: '0123456789',
        company: 'C',
        password: 'secret-77',
      })
    ).json();
    const res = await admin('PUT', '/api/fleets', fleet('moved', otherDealer.id, { id: b.fleetId }));
    expect(res.json()).toMatchObject({
      dealerId: otherDealer.id,
      dealerName: 'C',
      vehicleIdAndName: [],
      driverIdANdName: [{ id: b.driverId }],
    });
    expect((await admin('GET', `/api/dealers/${b.dealerId}`)).json().vehicleIdANdName).toHaveLength(3);
    expect((await admin('GET', `/api/drivers/${b.driverId}`)).json().vehicleExist).toBe(false);
  });

  it('refuses delete with drivers, then with vehicles, with the exact texts; deletes an empty fleet with 204', async () => {
    const before = await snapshot(t);
    const withDrivers = await admin('DELETE', `/api/fleets/${a.fleetId}`);
    expect(withDrivers.statusCode).toBe(400);
    expect(withDrivers.headers['x-evfleetapp-error']).toBe(deleteBlocks.fleetWithDrivers('Driver A'));
    expect(withDrivers.json().message).toBe(
      "Fleet can't be deleted. For deletion, please assign the Driver A to other Fleets.",
    );
    expect(await snapshot(t)).toEqual(before);

    expect((await admin('DELETE', `/api/drivers/${a.driverId}?delete=true`)).statusCode).toBe(204);
    const withVehicles = await admin('DELETE', `/api/fleets/${a.fleetId}`);
    expect(withVehicles.headers['x-evfleetapp-error']).toBe(
      "Fleet can't be deleted. For deletion, please unassign all the vehicle from the fleet.",
    );
    const unassign = await admin('PATCH', `/api/vehicle/assign?isAssigned=false&fleetId=${a.fleetId}`, [
      a.vehicles.withDriver,
      a.vehicles.inFleet,
    ]);
    expect(unassign.statusCode).toBe(200);
    expect((await admin('DELETE', `/api/fleets/${a.fleetId}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/fleets/${a.fleetId}`)).statusCode).toBe(404);
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: `fleet-a1@people.test`, password: 'person-pass-1' },
    });
    expect(account.statusCode).toBe(401);
  });

  it('refuses bad input, duplicate emails and unknown ids without changing anything', async () => {
    const b = (await admin('GET', '/api/dealers/search?name=C'))
      .json()
      .data.find((d: { name: string }) => d.name === 'C');
    const before = await snapshot(t);
    const missing = await admin('POST', '/api/fleets', {});
    expect(missing.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { objectName: 'body', field: 'name', message: 'Fleet Name can not be empty!' },
        { objectName: 'body', field: 'email', message: 'Fleet Email can not be empty!' },
        { objectName: 'body', field: 'dealerId', message: 'Dealer Name can not be empty!' },
      ]),
    );
    expect((await admin('POST', '/api/fleets', fleet('x', b.id, { dealerId: -1 }))).json().fieldErrors[0].message).toBe(
      'Dealer Name can not be empty!',
    );
    expect((await admin('POST', '/api/fleets', fleet('x', b.id, { status: 'on' }))).statusCode).toBe(400);
    expect((await admin('POST', '/api/fleets', fleet('x', 999999))).statusCode).toBe(404);
    expect((await admin('POST', '/api/fleets', fleet('east', b.id))).headers['x-evfleetapp-error']).toBe(
      'Email is already in use!',
    );
    expect(
      (await admin('POST', '/api/fleets', fleet('dup', b.id, { email: b.email.toUpperCase() }))).headers[
        'x-evfleetapp-error'
      ],
    ).toBe('Email is already in use!');
    expect((await admin('PUT', '/api/fleets', fleet('x', b.id, { id: 999999 }))).statusCode).toBe(404);
    expect((await admin('GET', '/api/fleets/0')).statusCode).toBe(400);
    expect((await admin('DELETE', '/api/fleets/999999')).statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });
});
