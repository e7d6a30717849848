import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor, createTenant, multipartBody, PNG, snapshot, type Caller, type Tenant } from '../support/people.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

type Actor = 'admin' | 'staff' | 'dealer' | 'fleet' | 'driver';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Call {
  name: string;
  method: Method;
  url: string;
  body?: unknown;
  upload?: boolean;
  /** Expected status per actor; one number for every actor not named. */
  expect: Partial<Record<Actor, number>> & { others: number };
}

/** Walks docs/permissions.md: every people call for every actor, on its own tenant (A) and on B's. */
describe.each(DATABASE_KINDS)('people permissions on %s', (kind) => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let tokens: Record<Actor, string>;
  let superUserId: number;
  let bPhoto: number;
  const ACTORS: Actor[] = ['driver', 'fleet', 'staff', 'dealer', 'admin'];
  const get = async (url: string) => (await callerFor(t, tokens.admin)('GET', url)).json();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await t.admin();
    a = await createTenant(t, admin, 'A');
    b = await createTenant(t, admin, 'B');
    tokens = { admin, staff: await t.user(), dealer: a.dealer, fleet: a.fleet, driver: a.driver };
    superUserId = (
      await callerFor(t, admin)('POST', '/api/superUsers', {
        name: 'Sue',
        email: 'sue@perm.test',
        mobileNumber: '0123456789',
        address: 'HQ',
        password: 'sue-pass',
      })
    ).json().id;
    bPhoto = (await upload(admin, {})).json().id;
    const bDriver = await get(`/api/drivers/${b.driverId}`);
    await callerFor(t, admin)('PUT', '/api/drivers', { ...bDriver, dbFileId: bPhoto });
  });
  afterAll(() => t?.close());

  const upload = (token: string, fields: Record<string, string>) => {
    const body = multipartBody({ name: 'p.png', bytes: PNG }, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: token },
    });
  };
  const run = async (actor: Actor, call: Call) => {
    if (call.upload) return upload(tokens[actor], (call.body ?? {}) as Record<string, string>);
    return (callerFor(t, tokens[actor]) as Caller)(call.method, call.url, call.body);
  };
  const walk = async (calls: Call[]) => {
    const failures: string[] = [];
    for (const actor of ACTORS) {
      for (const call of calls) {
        const res = await run(actor, call);
        const expected = call.expect[actor] ?? call.expect.others;
        if (res.statusCode !== expected)
          failures.push(`${actor} ${call.name}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  };

  it('answers each call on the caller’s own tenant as the matrix says', async () => {
    const own = {
      dealer: await get(`/api/dealers/${a.dealerId}`),
      fleet: await get(`/api/fleets/${a.fleetId}`),
      driver: await get(`/api/drivers/${a.driverId}`),
      superUser: await get(`/api/superUsers/${superUserId}`),
    };
    let n = 0;
    const fresh = () => `new${++n}@perm.test`;
    const readAll = { others: 200 };
    const noDriver = { driver: 403, others: 200 };
    const managers = (ok: number) => ({ admin: ok, dealer: ok, fleet: ok, others: 403 });
    const fleetWriters = (ok: number) => ({ admin: ok, dealer: ok, others: 403 });
    const dealerReaders = { fleet: 403, driver: 403, others: 200 };
    await walk([
      { name: 'list dealers', method: 'GET', url: '/api/dealers?pageSize=10&pageNo=0', expect: dealerReaders },
      { name: 'search dealers', method: 'GET', url: '/api/dealers/search?name=dealer', expect: dealerReaders },
      { name: 'unassigned dealers', method: 'GET', url: '/api/dealers/unassigned', expect: dealerReaders },
      { name: 'get dealer', method: 'GET', url: `/api/dealers/${a.dealerId}`, expect: dealerReaders },
      {
        name: 'create dealer',
        method: 'POST',
        url: '/api/dealers',
        get body() {
          return { name: 'D', email: fresh(), mobileNumber: '0123456789', company: 'C', password: 'secret-77' };
        },
        expect: { admin: 201, others: 403 },
      },
      {
        name: 'update dealer',
        method: 'PUT',
        url: '/api/dealers',
        body: own.dealer,
        expect: { admin: 200, others: 403 },
      },
      {
        name: 'delete dealer',
        method: 'DELETE',
        url: `/api/dealers/${a.dealerId}`,
        expect: { admin: 400, others: 403 },
      },
      { name: 'list fleets', method: 'GET', url: '/api/fleets', expect: noDriver },
      { name: 'search fleets', method: 'GET', url: '/api/fleets/search?searchKey=fleet', expect: noDriver },
      { name: 'get fleet', method: 'GET', url: `/api/fleets/${a.fleetId}`, expect: noDriver },
      {
        name: 'create fleet',
        method: 'POST',
        url: '/api/fleets',
        get body() {
          return { name: 'F', email: fresh(), dealerId: a.dealerId };
        },
        expect: fleetWriters(201),
      },
      { name: 'update fleet', method: 'PUT', url: '/api/fleets', body: own.fleet, expect: fleetWriters(200) },
      { name: 'delete fleet', method: 'DELETE', url: `/api/fleets/${a.fleetId}`, expect: fleetWriters(400) },
      { name: 'list drivers', method: 'GET', url: '/api/drivers', expect: readAll },
      { name: 'search drivers', method: 'GET', url: '/api/drivers/search?name=driver', expect: readAll },
      { name: 'get driver', method: 'GET', url: `/api/drivers/${a.driverId}`, expect: readAll },
      {
        name: 'create driver',
        method: 'POST',
        url: '/api/drivers',
        get body() {
          return { name: 'R', email: fresh(), mobile: '0123456789', address: 'x', fleetId: a.fleetId };
        },
        expect: managers(201),
      },
      { name: 'update driver', method: 'PUT', url: '/api/drivers', body: own.driver, expect: managers(200) },
      { name: 'delete driver', method: 'DELETE', url: `/api/drivers/${a.driverId}`, expect: managers(400) },
      { name: 'driver vehicles', method: 'GET', url: `/api/drivers/assigned?driverId=${a.driverId}`, expect: readAll },
      {
        name: 'driver free vehicles',
        method: 'GET',
        url: `/api/drivers/unassigned?driverId=${a.driverId}`,
        expect: noDriver,
      },
      {
        name: 'assign to driver',
        method: 'PATCH',
        url: `/api/drivers/assignVehicles?isAssigned=true&vehicleIds=${a.vehicles.withDriver}&driverId=${a.driverId}`,
        expect: managers(200),
      },
      { name: 'fleet vehicles', method: 'GET', url: `/api/vehicles/assigned?fleetId=${a.fleetId}`, expect: noDriver },
      {
        name: 'fleet free vehicles',
        method: 'GET',
        url: `/api/vehicles/unassigned?fleetId=${a.fleetId}`,
        expect: { fleet: 403, driver: 403, others: 200 },
      },
      {
        name: 'vehicles of nobody',
        method: 'GET',
        url: '/api/vehicles/unassigned',
        expect: { admin: 200, staff: 200, others: 403 },
      },
      {
        name: 'assign to fleet',
        method: 'PATCH',
        url: `/api/vehicle/assign?isAssigned=true&fleetId=${a.fleetId}`,
        body: [a.vehicles.inFleet],
        expect: fleetWriters(200),
      },
      { name: 'list super users', method: 'GET', url: '/api/superUsers', expect: { admin: 200, others: 403 } },
      {
        name: 'search super users',
        method: 'GET',
        url: '/api/superUsers/search/?name=sue',
        expect: { admin: 200, others: 403 },
      },
      {
        name: 'get super user',
        method: 'GET',
        url: `/api/superUsers/${superUserId}`,
        expect: { admin: 200, others: 403 },
      },
      {
        name: 'create super user',
        method: 'POST',
        url: '/api/superUsers',
        get body() {
          return { name: 'S', email: fresh(), mobileNumber: '0123456789', address: 'x', password: 'secret' };
        },
        expect: { admin: 201, others: 403 },
      },
      {
        name: 'update super user',
        method: 'PUT',
        url: '/api/superUsers',
        body: own.superUser,
        expect: { admin: 200, others: 403 },
      },
      {
        name: 'delete super user',
        method: 'DELETE',
        url: `/api/superUsers/${superUserId}`,
        expect: { admin: 204, others: 403 },
      },
      { name: 'upload photo', method: 'POST', url: '/api/file/upload', upload: true, expect: managers(200) },
      {
        name: 'set password',
        method: 'POST',
        url: '/api/account/update-password-prototype',
        body: { email: 'driver-a1@people.test', newPassword: 'person-pass-1', confirmNewPassword: 'person-pass-1' },
        expect: managers(200),
      },
      {
        name: 'send reset link',
        method: 'POST',
        url: '/api/account/send-reset-link?mail=driver-a1@people.test',
        expect: managers(200),
      },
    ]);
    // Setting the driver's password ended its sessions; it signs in again with the same one.
    tokens.driver = await t.bearer('driver-a1@people.test', 'person-pass-1');
  });

  it("never reads, changes or deletes another tenant's records, and lists only the caller's own", async () => {
    const other = {
      dealer: await get(`/api/dealers/${b.dealerId}`),
      fleet: await get(`/api/fleets/${b.fleetId}`),
      driver: await get(`/api/drivers/${b.driverId}`),
      ownDriver: await get(`/api/drivers/${a.driverId}`),
    };
    const before = await snapshot(t);
    const notMine = (dealer: number, fleet = dealer, driver = fleet, staff = 403) => ({
      admin: 0,
      dealer,
      fleet,
      driver,
      staff,
      others: 0,
    });
    const calls: Call[] = [
      { name: 'get dealer B', method: 'GET', url: `/api/dealers/${b.dealerId}`, expect: notMine(404, 403, 403, 0) },
      {
        name: 'update dealer B',
        method: 'PUT',
        url: '/api/dealers',
        body: { ...other.dealer, name: 'Hacked' },
        expect: notMine(403),
      },
      { name: 'delete dealer B', method: 'DELETE', url: `/api/dealers/${b.dealerId}`, expect: notMine(403) },
      { name: 'get fleet B', method: 'GET', url: `/api/fleets/${b.fleetId}`, expect: notMine(404, 404, 403, 0) },
      {
        name: 'fleet under dealer B',
        method: 'POST',
        url: '/api/fleets',
        body: { name: 'F', email: 'x1@perm.test', dealerId: b.dealerId },
        expect: notMine(403),
      },
      {
        name: 'update fleet B',
        method: 'PUT',
        url: '/api/fleets',
        body: { ...other.fleet, name: 'Hacked' },
        expect: notMine(404, 403),
      },
      { name: 'delete fleet B', method: 'DELETE', url: `/api/fleets/${b.fleetId}`, expect: notMine(404, 403) },
      { name: 'get driver B', method: 'GET', url: `/api/drivers/${b.driverId}`, expect: notMine(404, 404, 404, 0) },
      {
        name: 'driver in fleet B',
        method: 'POST',
        url: '/api/drivers',
        body: { name: 'R', email: 'x2@perm.test', mobile: '0123456789', address: 'x', fleetId: b.fleetId },
        expect: notMine(403),
      },
      {
        name: 'update driver B',
        method: 'PUT',
        url: '/api/drivers',
        body: { ...other.driver, name: 'Hacked' },
        expect: notMine(404, 404, 403),
      },
      {
        name: 'move own driver to fleet B',
        method: 'PUT',
        url: '/api/drivers',
        body: { ...other.ownDriver, fleetId: b.fleetId },
        expect: notMine(403, 403, 403),
      },
      {
        name: "attach B's photo",
        method: 'PUT',
        url: '/api/drivers',
        body: { ...other.ownDriver, dbFileId: 0 },
        expect: notMine(404, 404, 403),
      },
      {
        name: 'delete driver B',
        method: 'DELETE',
        url: `/api/drivers/${b.driverId}?delete=true`,
        expect: notMine(404, 404, 403),
      },
      {
        name: 'vehicles of driver B',
        method: 'GET',
        url: `/api/drivers/assigned?driverId=${b.driverId}`,
        expect: notMine(404, 404, 404, 0),
      },
      {
        name: 'free vehicles of driver B',
        method: 'GET',
        url: `/api/drivers/unassigned?driverId=${b.driverId}`,
        expect: notMine(404, 404, 403, 0),
      },
      {
        name: 'assign to driver B',
        method: 'PATCH',
        url: `/api/drivers/assignVehicles?isAssigned=false&vehicleIds=${b.vehicles.withDriver}&driverId=${b.driverId}`,
        expect: notMine(404, 404, 403),
      },
      {
        name: "B's vehicle to own driver",
        method: 'PATCH',
        url: `/api/drivers/assignVehicles?isAssigned=true&vehicleIds=${b.vehicles.inFleet}&driverId=${a.driverId}`,
        expect: notMine(404, 404, 403),
      },
      {
        name: 'vehicles of fleet B',
        method: 'GET',
        url: `/api/vehicles/assigned?fleetId=${b.fleetId}`,
        expect: notMine(404, 404, 403, 0),
      },
      {
        name: 'free vehicles for fleet B',
        method: 'GET',
        url: `/api/vehicles/unassigned?fleetId=${b.fleetId}`,
        expect: notMine(404, 403, 403, 0),
      },
      {
        name: 'unassign from fleet B',
        method: 'PATCH',
        url: `/api/vehicle/assign?isAssigned=false&fleetId=${b.fleetId}`,
        body: [b.vehicles.inFleet],
        expect: notMine(404, 403),
      },
      {
        name: "B's vehicle to own fleet",
        method: 'PATCH',
        url: '/api/vehicle/assign?isAssigned=true',
        body: [{ fleetId: a.fleetId, vehicleIds: [b.vehicles.free] }],
        expect: notMine(404, 403),
      },
      {
        name: "replace B's photo",
        method: 'POST',
        url: '/api/file/upload',
        upload: true,
        body: { id: 'B' },
        expect: notMine(403),
      },
      {
        name: 'password of fleet B',
        method: 'POST',
        url: '/api/account/update-password-prototype',
        body: { email: 'fleet-b2@people.test', newPassword: 'stolen-1', confirmNewPassword: 'stolen-1' },
        expect: notMine(403),
      },
      {
        name: 'password of driver B',
        method: 'POST',
        url: '/api/account/update-password-prototype',
        body: { email: 'driver-b2@people.test', newPassword: 'stolen-1', confirmNewPassword: 'stolen-1' },
        expect: notMine(403),
      },
      {
        name: 'password of an administrator',
        method: 'POST',
        url: '/api/account/update-password-prototype',
        body: { email: 'admin@evfleet.local', newPassword: 'stolen-1', confirmNewPassword: 'stolen-1' },
        expect: notMine(403),
      },
      {
        name: 'reset link of driver B',
        method: 'POST',
        url: '/api/account/send-reset-link?mail=driver-b2@people.test',
        expect: notMine(403),
      },
    ];
    for (const call of calls) {
      if (call.name === "attach B's photo") call.body = { ...other.ownDriver, dbFileId: bPhoto };
      if (call.name === "replace B's photo") call.body = { id: String(bPhoto) };
    }
    const walkers: Actor[] = ['driver', 'fleet', 'staff', 'dealer'];
    const failures: string[] = [];
    for (const actor of walkers) {
      for (const call of calls) {
        const expected = call.expect[actor] ?? call.expect.others;
        if (expected === 0) continue; // staff reads everything
        const res = await run(actor, call);
        if (res.statusCode !== expected)
          failures.push(`${actor} ${call.name}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(t)).toEqual(before);

    const listed = async (actor: Actor, url: string) =>
      (
        (await run(actor, { name: url, method: 'GET', url, expect: { others: 200 } })).json() as {
          data: { id: number }[];
        }
      ).data.map((r) => r.id);
    expect(await listed('dealer', '/api/dealers?pageSize=1000')).toEqual([a.dealerId]);
    expect(await listed('dealer', '/api/dealers/search?name=Dealer')).toEqual([a.dealerId]);
    expect(await listed('dealer', '/api/fleets?pageSize=1000')).not.toContain(b.fleetId);
    expect(await listed('dealer', '/api/drivers?pageSize=1000')).not.toContain(b.driverId);
    expect(await listed('fleet', '/api/fleets?pageSize=1000')).toEqual([a.fleetId]);
    expect(await listed('fleet', '/api/drivers/search?name=Driver B')).toEqual([]);
    expect(await listed('driver', '/api/drivers?pageSize=1000')).toEqual([a.driverId]);
    expect(await listed('staff', '/api/drivers?pageSize=1000')).toEqual(
      expect.arrayContaining([a.driverId, b.driverId]),
    );
  });

  it('refuses anonymous callers; an account with a role but no link sees nothing', async () => {
    for (const url of ['/api/dealers', '/api/fleets', '/api/drivers', '/api/superUsers', '/api/vehicles/unassigned']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const admin = callerFor(t, tokens.admin);
    await admin('POST', '/api/users', {
      login: 'orphan',
      email: 'orphan@perm.test',
      authorities: ['ROLE_DEALER'],
      password: 'orphan-1',
    });
    const orphan = callerFor(t, await t.bearer('orphan', 'orphan-1'));
    expect((await orphan('GET', '/api/dealers')).statusCode).toBe(403);
    expect((await orphan('GET', '/api/drivers')).json()).toMatchObject({ data: [], totalCount: 0 });
    expect((await orphan('GET', `/api/drivers/${a.driverId}`)).statusCode).toBe(403);
    expect(
      (await orphan('POST', '/api/fleets', { name: 'F', email: 'f9@perm.test', dealerId: a.dealerId })).statusCode,
    ).toBe(403);
  });
});
