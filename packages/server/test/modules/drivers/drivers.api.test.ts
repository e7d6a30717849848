import { deleteBlocks } from '@evfleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, snapshot, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('drivers API on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  const driver = (n: string, fleetId: number, extra: object = {}) => ({
    name: `Driver ${n}`,
    email: `${n}@drivers.test`,
    mobile: '01234567890',
    address: 'Yard 2',
    fleetId,
    status: true,
    ...extra,
  });
  const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((v) => v.id);
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = callerFor(t, await t.admin());
    a = await createTenant(t, await t.admin(), 'A');
    b = await createTenant(t, await t.admin(), 'B');
  });
  afterAll(() => t?.close());

  it('creates a driver with a ROLE_USER account and reads it back with its fleet', async () => {
    const res = await admin('POST', '/api/drivers', driver('kim', a.fleetId));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Driver kim',
      email: 'kim@drivers.test',
      mobile: '01234567890',
      address: 'Yard 2',
      fleetId: a.fleetId,
      fleetName: 'Fleet A',
      dbFileId: null,
      data: null,
      status: true,
      vehicleExist: false,
    });
    expect((await admin('GET', `/api/drivers/${a.driverId}`)).json()).toMatchObject({
      name: 'Driver A',
      vehicleExist: true,
    });
    await admin('POST', '/api/account/update-password-prototype', {
      email: 'kim@drivers.test',
      newPassword: 'kim-pass-1',
      confirmNewPassword: 'kim-pass-1',
    });
    const kim = callerFor(t, await t.bearer('kim@drivers.test', 'kim-pass-1'));
    expect((await kim('GET', '/api/account')).json().authorities).toEqual(['ROLE_USER']);
    expect((await kim('GET', '/api/drivers')).json()).toMatchObject({ totalCount: 1, data: [{ name: 'Driver kim' }] });
  });

  it('pages and searches name and email with totals', async () => {
    const page = (await admin('GET', '/api/drivers?pageSize=2&pageNo=1')).json();
    expect(page.totalCount).toBe(3);
    expect(page.data).toHaveLength(1);
    expect((await admin('GET', '/api/drivers/search?name=driver')).json().totalCount).toBe(3);
    expect((await admin('GET', '/api/drivers/search?name=KIM')).json()).toMatchObject({
      totalCount: 1,
      data: [{ email: 'kim@drivers.test' }],
    });
    expect((await admin('GET', '/api/drivers/search?name=driver&pageSize=1&pageNo=2')).json()).toMatchObject({
      totalCount: 3,
      data: [{ name: 'Driver A' }],
    });
    expect((await admin('GET', '/api/drivers/search?name=nobody')).json()).toEqual({ data: [], totalCount: 0 });
  });

  it('lists assigned and unassigned vehicles of a driver, assigns and unassigns them', async () => {
    expect(ids(await admin('GET', `/api/drivers/assigned?driverId=${a.driverId}`))).toEqual([a.vehicles.withDriver]);
    // Unassigned: vehicles of the driver's fleet that no driver holds (not the dealer's free one).
    expect(ids(await admin('GET', `/api/drivers/unassigned?driverId=${a.driverId}&pageSize=10&pageNo=0`))).toEqual([
      a.vehicles.inFleet,
    ]);

    const assign = await admin(
      'PATCH',
      `/api/drivers/assignVehicles?isAssigned=true&vehicleIds=${a.vehicles.inFleet}&driverId=${a.driverId}`,
    );
    expect(assign.statusCode).toBe(200);
    expect(ids(await admin('GET', `/api/drivers/assigned?driverId=${a.driverId}`))).toEqual([
      a.vehicles.withDriver,
      a.vehicles.inFleet,
    ]);
    expect((await admin('GET', `/api/drivers/unassigned?driverId=${a.driverId}`)).json()).toEqual({
      data: [],
      totalCount: 0,
    });

    const unassign = await admin(
      'PATCH',
      `/api/drivers/assignVehicles?isAssigned=false&vehicleIds=${a.vehicles.withDriver},${a.vehicles.inFleet}&driverId=${a.driverId}`,
    );
    expect(unassign.statusCode).toBe(200);
    expect((await admin('GET', `/api/drivers/assigned?driverId=${a.driverId}`)).json().totalCount).toBe(0);
    const repeated = `vehicleIds=${a.vehicles.withDriver}&vehicleIds=${a.vehicles.inFleet}`;
    expect(
      (await admin('PATCH', `/api/drivers/assignVehicles?isAssigned=true&${repeated}&driverId=${a.driverId}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin('GET', `/api/drivers/assigned?driverId=${a.driverId}&pageSize=1&pageNo=1`)).json(),
    ).toMatchObject({ totalCount: 2, data: [{ id: a.vehicles.inFleet }] });
  });

  it('refuses assignments outside the fleet or held by another driver, changing nothing', async () => {
    const before = await snapshot(t);
    const patch = (query: string) => admin('PATCH', `/api/drivers/assignVehicles?${query}`);
    expect((await patch(`isAssigned=true&vehicleIds=${a.vehicles.free}&driverId=${a.driverId}`)).statusCode).toBe(404);
    expect((await patch(`isAssigned=true&vehicleIds=${b.vehicles.inFleet}&driverId=${a.driverId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await patch(`isAssigned=true&vehicleIds=${a.vehicles.inFleet},999999&driverId=${a.driverId}`)).statusCode,
    ).toBe(404);
    const kim = (await admin('GET', '/api/drivers/search?name=kim')).json().data[0];
    const taken = await patch(`isAssigned=true&vehicleIds=${a.vehicles.inFleet}&driverId=${kim.id}`);
    expect(taken.headers['x-evfleetapp-error']).toBe('Already assigned to another driver: Van a1 2.');
    expect(
      (await patch(`isAssigned=false&vehicleIds=${a.vehicles.inFleet}&driverId=${kim.id}`)).headers[
        'x-evfleetapp-error'
      ],
    ).toBe('Not assigned to this driver: Van a1 2.');
    expect((await patch(`isAssigned=maybe&vehicleIds=1&driverId=${a.driverId}`)).statusCode).toBe(400);
    expect((await patch(`isAssigned=true&driverId=${a.driverId}`)).json().fieldErrors[0].field).toBe('vehicleIds');
    expect((await patch(`isAssigned=true&vehicleIds=x&driverId=${a.driverId}`)).statusCode).toBe(400);
    expect((await patch(`isAssigned=true&vehicleIds=1&driverId=999999`)).statusCode).toBe(404);
    expect((await admin('GET', '/api/drivers/assigned?driverId=999999')).statusCode).toBe(404);
    expect((await admin('GET', '/api/drivers/unassigned')).statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('updates a driver; moving it to another fleet leaves its vehicles behind', async () => {
    const res = await admin('PUT', '/api/drivers', driver('moved', b.fleetId, { id: a.driverId, status: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fleetId: b.fleetId,
      fleetName: 'Fleet B',
      status: false,
      vehicleExist: false,
      email: 'moved@drivers.test',
    });
    expect(await t.bearer('moved@drivers.test', 'person-pass-1')).toMatch(/^Bearer /);
    expect((await admin('PUT', '/api/drivers', driver('back', a.fleetId, { id: a.driverId }))).statusCode).toBe(200);
  });

  it('asks for the confirm flag before deleting a driver with vehicles, then unassigns them in the delete', async () => {
    await admin(
      'PATCH',
      `/api/drivers/assignVehicles?isAssigned=true&vehicleIds=${a.vehicles.inFleet}&driverId=${a.driverId}`,
    );
    const before = await snapshot(t);
    for (const url of [`/api/drivers/${a.driverId}`, `/api/drivers/${a.driverId}?delete=false`]) {
      const res = await admin('DELETE', url);
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-evfleetapp-error']).toBe(deleteBlocks.driverWithVehicles());
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await admin('DELETE', `/api/drivers/${a.driverId}?delete=true`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/drivers/${a.driverId}`)).statusCode).toBe(404);
    expect(ids(await admin('GET', `/api/vehicles/assigned?fleetId=${a.fleetId}`))).toEqual([
      a.vehicles.withDriver,
      a.vehicles.inFleet,
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/authenticate',
          payload: { username: 'back@drivers.test', password: 'person-pass-1' },
        })
      ).statusCode,
    ).toBe(401);
    const kim = (await admin('GET', '/api/drivers/search?name=kim')).json().data[0];
    expect((await admin('DELETE', `/api/drivers/${kim.id}`)).statusCode).toBe(204);
  });

  it('refuses bad input, duplicate emails and unknown ids without changing anything', async () => {
    const before = await snapshot(t);
    const missing = await admin('POST', '/api/drivers', {});
    expect(
      missing
        .json()
        .fieldErrors.map((e: { message: string }) => e.message)
        .sort(),
    ).toEqual(
      [
        'Address can not be empty!',
        'Driver Name can not be empty!',
        'Enter Email can not be empty!',
        'Fleet Name can not be empty!',
        'Mobile number can not be empty',
      ].sort(),
    );
    expect(
      (await admin('POST', '/api/drivers', driver('short', b.fleetId, { mobile: '123' }))).json().fieldErrors[0]
        .message,
    ).toBe('Your name must be between 10 and 15 characters');
    expect((await admin('POST', '/api/drivers', driver('abc', b.fleetId, { mobile: 'abcdefghijk' }))).statusCode).toBe(
      400,
    );
    expect((await admin('POST', '/api/drivers', driver('nofleet', 999999))).statusCode).toBe(404);
    expect((await admin('POST', '/api/drivers', driver('nofile', b.fleetId, { dbFileId: 999999 }))).statusCode).toBe(
      404,
    );
    expect(
      (await admin('POST', '/api/drivers', driver('dup', b.fleetId, { email: 'DRIVER-B2@people.test' }))).headers[
        'x-evfleetapp-error'
      ],
    ).toBe('Email is already in use!');
    expect(
      (await admin('POST', '/api/drivers', driver('dup', b.fleetId, { email: 'user@evfleet.local' }))).headers[
        'x-evfleetapp-error'
      ],
    ).toBe('Email is already in use!');
    expect((await admin('PUT', '/api/drivers', driver('x', b.fleetId))).headers['x-evfleetapp-error']).toBe(
      'An ID is required to update a driver',
    );
    expect((await admin('PUT', '/api/drivers', driver('x', b.fleetId, { id: 999999 }))).statusCode).toBe(404);
    expect((await admin('DELETE', '/api/drivers/999999?delete=true')).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/drivers/${b.driverId}?delete=perhaps`)).statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });
});
