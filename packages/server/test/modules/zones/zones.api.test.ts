import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** A square around a depot in Chicago, closed. */
const SQUARE = [
  [
    [-87.7, 41.8],
    [-87.6, 41.8],
    [-87.6, 41.9],
    [-87.7, 41.9],
    [-87.7, 41.8],
  ],
];
const polygon = (coordinates: unknown) => ({ type: 'Polygon', coordinates });
const circle = (radiusM: unknown, coordinates: unknown = [-87.65, 41.85]) => ({ type: 'Point', coordinates, radiusM });

interface ZoneBody {
  id: number;
  name: string;
  kind: string;
  dealerId: number | null;
  fleetId: number | null;
  eveningTime: string | null;
  timeZone: string;
  minDwellSeconds: number;
}
type Errors = { fieldErrors?: { field: string; message: string }[] };

describe.each(DATABASE_KINDS)('depots and zones on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  let as: (tenant: Tenant, who: 'dealer' | 'fleet' | 'driver') => Caller;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    b = await createTenant(t, adminToken, 'B');
    as = (tenant, who) => callerFor(t, tenant[who]);
  });
  afterAll(() => t?.close());

  const depotOf = (owner: { dealerId?: number; fleetId?: number }, extra: Record<string, unknown> = {}) => ({
    name: 'North depot',
    kind: 'depot',
    geometry: polygon(SQUARE),
    ...owner,
    ...extra,
  });
  const created = async (caller: Caller, body: unknown) => {
    const res = await caller('POST', '/api/zones', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ZoneBody>();
  };
  /** The fields a refused body is refused on. */
  const refusedFields = async (body: unknown) => {
    const res = await admin('POST', '/api/zones', body);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json<Errors>().fieldErrors ?? []).map((e) => e.field);
  };

  it('lets an administrator create, read, update and delete a zone, with the defaults filled in', async () => {
    const zone = await created(admin, depotOf({ dealerId: a.dealerId }));
    expect(zone).toMatchObject({
      name: 'North depot',
      kind: 'depot',
      dealerId: a.dealerId,
      fleetId: null,
      timeZone: 'UTC',
      minDwellSeconds: 60,
      speedLimitMph: null,
      tariff: null,
      eveningTime: '18:00',
    });
    expect((await admin('GET', `/api/zones/${zone.id}`)).json()).toMatchObject({ id: zone.id, name: 'North depot' });
    const tariff = { currency: 'USD', perKwh: 0.14, bands: [{ from: '07:00', to: '23:00', perKwh: 0.21 }] };
    const put = await admin('PUT', `/api/zones/${zone.id}`, {
      ...depotOf({ fleetId: a.fleetId }),
      name: 'Yard',
      kind: 'no-go',
      geometry: circle(250),
      timeZone: 'America/Chicago',
      speedLimitMph: 15,
      tariff,
      eveningTime: '19:30',
    });
    expect(put.statusCode, put.body).toBe(200);
    // A zone that is not a depot has no evening.
    expect(put.json()).toMatchObject({ name: 'Yard', kind: 'no-go', dealerId: null, fleetId: a.fleetId, tariff });
    expect(put.json<ZoneBody>().eveningTime).toBeNull();
    const list = (await admin('GET', '/api/zones')).json<{ data: ZoneBody[]; totalCount: number }>();
    expect(list.data.map((z) => z.id)).toContain(zone.id);
    expect((await admin('DELETE', `/api/zones/${zone.id}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/zones/${zone.id}`)).statusCode).toBe(404);
  });

  it("lets a dealer manage its own and its fleets' zones, and no one else's", async () => {
    const dealer = as(a, 'dealer');
    const own = await created(dealer, depotOf({ dealerId: a.dealerId }));
    const ofFleet = await created(dealer, depotOf({ fleetId: a.fleetId }, { kind: 'zone' }));
    expect(ofFleet.eveningTime).toBeNull();
    const seen = (await dealer('GET', '/api/zones')).json<{ data: ZoneBody[] }>().data.map((z) => z.id);
    expect(seen).toEqual(expect.arrayContaining([own.id, ofFleet.id]));
    const update = await dealer('PUT', `/api/zones/${own.id}`, depotOf({ dealerId: a.dealerId }, { name: 'South' }));
    expect(update.json()).toMatchObject({ name: 'South' });
    // Another tenant's dealer or fleet may not own what it makes.
    expect((await dealer('POST', '/api/zones', depotOf({ dealerId: b.dealerId }))).statusCode).toBe(403);
    expect((await dealer('POST', '/api/zones', depotOf({ fleetId: b.fleetId }))).statusCode).toBe(403);
    expect((await dealer('PUT', `/api/zones/${own.id}`, depotOf({ fleetId: b.fleetId }))).statusCode).toBe(403);
    expect((await dealer('DELETE', `/api/zones/${ofFleet.id}`)).statusCode).toBe(204);
    expect((await dealer('DELETE', `/api/zones/${own.id}`)).statusCode).toBe(204);
  });

  it("lets a fleet owner manage its fleet's zones only, and read not its dealer's", async () => {
    const fleet = as(a, 'fleet');
    const dealerZone = await created(admin, depotOf({ dealerId: a.dealerId }));
    const zone = await created(fleet, depotOf({ fleetId: a.fleetId }, { eveningTime: '17:15' }));
    expect(zone.eveningTime).toBe('17:15');
    const seen = (await fleet('GET', '/api/zones')).json<{ data: ZoneBody[] }>().data.map((z) => z.id);
    expect(seen).toContain(zone.id);
    expect(seen).not.toContain(dealerZone.id);
    expect((await fleet('GET', `/api/zones/${dealerZone.id}`)).statusCode).toBe(404);
    expect((await fleet('POST', '/api/zones', depotOf({ dealerId: a.dealerId }))).statusCode).toBe(403);
    expect((await fleet('POST', '/api/zones', depotOf({ fleetId: b.fleetId }))).statusCode).toBe(403);
    const put = await fleet('PUT', `/api/zones/${zone.id}`, depotOf({ fleetId: a.fleetId }, { minDwellSeconds: 0 }));
    expect(put.json()).toMatchObject({ minDwellSeconds: 0 });
    expect((await fleet('DELETE', `/api/zones/${zone.id}`)).statusCode).toBe(204);
  });

  it("answers another tenant's zone with 404 and changes nothing", async () => {
    const zoneB = await created(admin, depotOf({ fleetId: b.fleetId }));
    for (const who of ['dealer', 'fleet'] as const) {
      const caller = as(a, who);
      expect((await caller('GET', `/api/zones/${zoneB.id}`)).statusCode).toBe(404);
      const body = depotOf(who === 'dealer' ? { dealerId: a.dealerId } : { fleetId: a.fleetId });
      expect((await caller('PUT', `/api/zones/${zoneB.id}`, body)).statusCode).toBe(404);
      expect((await caller('DELETE', `/api/zones/${zoneB.id}`)).statusCode).toBe(404);
      const seen = (await caller('GET', '/api/zones')).json<{ data: ZoneBody[] }>().data.map((z) => z.id);
      expect(seen).not.toContain(zoneB.id);
    }
    expect((await admin('GET', `/api/zones/${zoneB.id}`)).json()).toMatchObject({ name: 'North depot' });
  });

  it('lets staff read every zone and change none, and a driver read its fleet’s zones only', async () => {
    const zone = await created(admin, depotOf({ dealerId: b.dealerId }));
    const staff = callerFor(t, await t.user());
    expect((await staff('GET', `/api/zones/${zone.id}`)).statusCode).toBe(200);
    expect((await staff('POST', '/api/zones', depotOf({ dealerId: b.dealerId }))).statusCode).toBe(403);
    expect((await staff('DELETE', `/api/zones/${zone.id}`)).statusCode).toBe(403);
    const driver = as(a, 'driver');
    const own = await created(admin, depotOf({ fleetId: a.fleetId }));
    const listed = (await driver('GET', '/api/zones?pageSize=1000')).json<{ data: { id: number }[] }>().data;
    expect(listed.map((z) => z.id)).toContain(own.id);
    expect(listed.map((z) => z.id)).not.toContain(zone.id);
    expect((await driver('GET', `/api/zones/${own.id}`)).statusCode).toBe(200);
    expect((await driver('GET', `/api/zones/${zone.id}`)).statusCode).toBe(404);
    expect((await driver('POST', '/api/zones', depotOf({ fleetId: a.fleetId }))).statusCode).toBe(403);
    expect((await driver('PUT', `/api/zones/${own.id}`, depotOf({ fleetId: a.fleetId }))).statusCode).toBe(403);
  });

  it('refuses every invalid zone with a field error, and answers no 500', async () => {
    const base = depotOf({ dealerId: a.dealerId });
    const bowTie = [
      [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ],
    ];
    const cases: [Record<string, unknown>, string][] = [
      [{ geometry: polygon(bowTie) }, 'geometry.coordinates'],
      [{ geometry: polygon([SQUARE[0].slice(0, 4)]) }, 'geometry.coordinates[0]'],
      [{ geometry: polygon([[SQUARE[0][0], SQUARE[0][1], SQUARE[0][0]]]) }, 'geometry.coordinates[0]'],
      [{ geometry: circle(0) }, 'geometry.radiusM'],
      [{ geometry: circle(50_001) }, 'geometry.radiusM'],
      [{ geometry: circle(100, [181, 0]) }, 'geometry.coordinates[0]'],
      [{ geometry: circle(100, [0, -90.5]) }, 'geometry.coordinates[1]'],
      [{ kind: 'garage' }, 'kind'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ eveningTime: '24:00' }, 'eveningTime'],
      [{ eveningTime: '6pm' }, 'eveningTime'],
      [{ minDwellSeconds: -1 }, 'minDwellSeconds'],
      [{ minDwellSeconds: 86_401 }, 'minDwellSeconds'],
      [{ speedLimitMph: 0 }, 'speedLimitMph'],
      [{ speedLimitMph: -5 }, 'speedLimitMph'],
      [{ dealerId: a.dealerId, fleetId: a.fleetId }, 'fleetId'],
      [{ dealerId: undefined }, 'dealerId'],
      [{ tariff: { currency: 'usd', perKwh: 0.1, bands: [] } }, 'tariff.currency'],
      [{ tariff: { currency: 'USD', perKwh: -0.1, bands: [] } }, 'tariff.perKwh'],
    ];
    for (const [change, field] of cases) expect(await refusedFields({ ...base, ...change }), field).toContain(field);
    // A hole is checked as the outer ring is: here it is open.
    const openHole = [
      ...SQUARE,
      [
        [-87.68, 41.82],
        [-87.62, 41.82],
        [-87.62, 41.88],
        [-87.68, 41.88],
      ],
    ];
    expect(await refusedFields({ ...base, geometry: polygon(openHole) })).toContain('geometry.coordinates[1]');
    const farHole = SQUARE[0].map(([x, y]) => [x + 1, y]);
    expect(await refusedFields({ ...base, geometry: polygon([...SQUARE, farHole]) })).toContain(
      'geometry.coordinates[1]',
    );
    const bands = [
      { from: '07:00', to: '12:00', perKwh: 0.2 },
      { from: '11:00', to: '13:00', perKwh: 0.3 },
    ];
    const overlapping = { tariff: { currency: 'USD', perKwh: 0.1, bands } };
    expect(await refusedFields({ ...base, ...overlapping })).toContain('tariff.bands[1]');
  });

  it('answers hostile geometries and tariffs with 400, never 500', async () => {
    const base = depotOf({ dealerId: a.dealerId });
    const deep = (n: number): unknown => (n ? [deep(n - 1)] : 0);
    const many = Array.from({ length: 2_500 }, (_, i) => [Math.cos(i / 400), Math.sin(i / 400)]);
    const hostile: Record<string, unknown>[] = [
      { geometry: polygon('x') },
      { geometry: polygon([[null, [0, 0], 5, 'x', [0, 0]]]) },
      { geometry: polygon([[['a', 'b']]]) },
      { geometry: polygon(deep(20)) },
      { geometry: polygon([[...many, many[0]]]) },
      { geometry: circle(1e308, [1e308, -1e308]) },
      { geometry: { type: 'Point', coordinates: [0, 0] } },
      { geometry: { type: 'LineString', coordinates: SQUARE[0] } },
      { geometry: null },
      { tariff: { currency: 'USD', perKwh: 0.1, bands: [{ from: null, to: 7, perKwh: 'x' }] } },
      { tariff: 'cheap' },
      { timeZone: '../../etc/passwd' },
      { kind: null, name: 42 },
    ];
    for (const change of hostile) {
      const res = await admin('POST', '/api/zones', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
    }
  });

  it('keeps a valid polygon with a hole, and takes a dealer’s zones along when the dealer goes', async () => {
    const hole = [
      [-87.68, 41.82],
      [-87.68, 41.88],
      [-87.62, 41.88],
      [-87.62, 41.82],
      [-87.68, 41.82],
    ];
    const zone = await created(admin, depotOf({ fleetId: b.fleetId }, { geometry: polygon([...SQUARE, hole]) }));
    expect((await admin('GET', `/api/zones/${zone.id}`)).json()).toMatchObject({
      geometry: polygon([...SQUARE, hole]),
    });
    // The fleet's drivers and vehicles hold its delete back; without them, its zones go with it.
    await t.database.db.execute(
      sql`update vehicle set fleet_id = null, driver_id = null where fleet_id = ${b.fleetId}`,
    );
    await t.database.db.execute(sql`delete from driver where fleet_id = ${b.fleetId}`);
    expect((await admin('DELETE', `/api/fleets/${b.fleetId}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/zones/${zone.id}`)).statusCode).toBe(404);
  });
});
