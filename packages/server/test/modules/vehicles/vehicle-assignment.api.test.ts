import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, snapshot, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('vehicle assignment to fleets on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  let loose: number;
  const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((v) => v.id);
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = callerFor(t, await t.admin());
    a = await createTenant(t, await t.admin(), 'A');
    b = await createTenant(t, await t.admin(), 'B');
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`insert into vehicle (name, vin) values ('Loose van', 'VIN-LOOSE') returning id`,
    );
    loose = rows[0].id;
  });
  afterAll(() => t?.close());

  it('lists a fleet’s assigned vehicles and its dealer’s free ones, and vehicles of nobody', async () => {
    const assigned = await admin('GET', `/api/vehicles/assigned?fleetId=${a.fleetId}`);
    expect(assigned.json()).toEqual({
      totalCount: 2,
      data: [
        { id: a.vehicles.withDriver, vin: 'VIN-a1-1', name: 'Van a1 1', status: false },
        { id: a.vehicles.inFleet, vin: 'VIN-a1-2', name: 'Van a1 2', status: false },
      ],
    });
    expect(ids(await admin('GET', `/api/vehicles/unassigned?fleetId=${a.fleetId}&pageSize=10&pageNo=0`))).toEqual([
      a.vehicles.free,
    ]);
    expect(ids(await admin('GET', '/api/vehicles/unassigned'))).toEqual([loose]);
    expect(
      (await admin('GET', `/api/vehicles/assigned?fleetId=${a.fleetId}&pageSize=1&pageNo=1`)).json(),
    ).toMatchObject({ totalCount: 2, data: [{ id: a.vehicles.inFleet }] });
  });

  it('assigns with ids and ?fleetId=, and unassigns, which also takes the vehicle from its driver', async () => {
    expect(
      (await admin('PATCH', `/api/vehicle/assign?isAssigned=true&fleetId=${a.fleetId}`, [a.vehicles.free])).statusCode,
    ).toBe(200);
    expect(ids(await admin('GET', `/api/vehicles/assigned?fleetId=${a.fleetId}`))).toEqual([
      a.vehicles.withDriver,
      a.vehicles.inFleet,
      a.vehicles.free,
    ]);
    expect((await admin('GET', `/api/vehicles/unassigned?fleetId=${a.fleetId}`)).json()).toEqual({
      data: [],
      totalCount: 0,
    });

    const res = await admin('PATCH', '/api/vehicle/assign?isAssigned=false', [
      { fleetId: a.fleetId, vehicleIds: [a.vehicles.withDriver, a.vehicles.free] },
    ]);
    expect(res.statusCode).toBe(200);
    expect(ids(await admin('GET', `/api/vehicles/assigned?fleetId=${a.fleetId}`))).toEqual([a.vehicles.inFleet]);
    expect((await admin('GET', `/api/drivers/assigned?driverId=${a.driverId}`)).json().totalCount).toBe(0);
    expect(ids(await admin('GET', `/api/vehicles/unassigned?fleetId=${a.fleetId}`))).toEqual([
      a.vehicles.withDriver,
      a.vehicles.free,
    ]);
  });

  it('assigns for several fleets in one call; an administrator may hand a vehicle of nobody to a fleet', async () => {
    const body = [
      { fleetId: a.fleetId, vehicleIds: [a.vehicles.withDriver] },
      { fleetId: b.fleetId, vehicleIds: [b.vehicles.free, loose] },
    ];
    expect((await admin('PATCH', '/api/vehicle/assign?isAssigned=true', body)).statusCode).toBe(200);
    expect(ids(await admin('GET', `/api/vehicles/assigned?fleetId=${b.fleetId}`))).toEqual([
      b.vehicles.withDriver,
      b.vehicles.inFleet,
      b.vehicles.free,
      loose,
    ]);
    expect(
      (await admin('GET', `/api/dealers/${b.dealerId}`)).json().vehicleIdANdName.map((v: { id: number }) => v.id),
    ).toContain(loose);
  });

  it('refuses, all or nothing: another dealer’s vehicle, one in another fleet, unknown ids, bad bodies', async () => {
    const before = await snapshot(t);
    const patch = (query: string, body: unknown) => admin('PATCH', `/api/vehicle/assign?${query}`, body);
    expect((await patch(`isAssigned=true&fleetId=${a.fleetId}`, [b.vehicles.inFleet])).statusCode).toBe(404);
    expect(
      (
        await patch('isAssigned=true', [
          { fleetId: a.fleetId, vehicleIds: [a.vehicles.free] },
          { fleetId: a.fleetId, vehicleIds: [999999] },
        ])
      ).statusCode,
    ).toBe(404);
    const other = (
      await admin('POST', '/api/fleets', { name: 'Fleet A2', email: 'a2@assign.test', dealerId: a.dealerId })
    ).json();
    const taken = await patch(`isAssigned=true&fleetId=${other.id}`, [a.vehicles.inFleet]);
    expect(taken.headers['x-evfleetapp-error']).toBe('Already assigned to another fleet: Van a1 2.');
    expect(
      (await patch(`isAssigned=false&fleetId=${other.id}`, [a.vehicles.inFleet])).headers['x-evfleetapp-error'],
    ).toBe('Not assigned to this fleet: Van a1 2.');
    await admin('DELETE', `/api/fleets/${other.id}`);
    const after = await snapshot(t);

    expect((await patch('isAssigned=true', [a.vehicles.free])).json().fieldErrors[0].field).toBe('fleetId');
    expect((await patch(`isAssigned=true&fleetId=${a.fleetId}`, [])).statusCode).toBe(400);
    expect((await patch(`isAssigned=true&fleetId=${a.fleetId}`, ['x'])).statusCode).toBe(400);
    expect((await patch(`isAssigned=true&fleetId=${a.fleetId}`, { vehicleIds: [1] })).statusCode).toBe(400);
    expect((await patch(`fleetId=${a.fleetId}`, [a.vehicles.free])).statusCode).toBe(400);
    expect((await patch(`isAssigned=true&fleetId=999999`, [a.vehicles.free])).statusCode).toBe(404);
    expect((await admin('GET', '/api/vehicles/assigned')).statusCode).toBe(400);
    expect((await admin('GET', '/api/vehicles/assigned?fleetId=999999')).statusCode).toBe(404);
    expect((await admin('GET', '/api/vehicles/unassigned?fleetId=abc')).statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(after);
    expect({
      ...after,
      fleets: before.fleets,
      fleet_rows: before.fleet_rows,
      users: before.users,
      accounts: before.accounts,
    }).toEqual(before);
  });
});
