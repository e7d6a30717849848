import { BATTERY_MESSAGES, DEFAULT_THRESHOLDS, type Vehicle, type VehicleRow } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { defaultTemplates, vehicleBody } from '../../support/vehicle-screens.js';

describe.each(DATABASE_KINDS)('vehicles (part 2 §7) on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  let a: Tenant;
  let b: Tenant;
  let templates: number[];
  const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((v) => v.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    staff = callerFor(t, await t.user());
    a = await createTenant(t, adminToken, 'Alpha');
    b = await createTenant(t, adminToken, 'Beta');
    templates = await defaultTemplates(t);
    await t.database.db.execute(sql`
      insert into vehicle_state (vehicle_id, values, last_reported, gps_last_reported)
      values (${a.vehicles.inFleet}, '{"gpsSignal": 4.5, "lteSignal": 1}', now() - interval '5 minutes', now() - interval '7 minutes')`);
  });
  afterAll(async () => t?.close());

  it("creates a vehicle with its template's thresholds, and lists it first with the columns of the list", async () => {
    const res = await admin(
      'POST',
      '/api/vehicles',
      vehicleBody(a.dealerId, templates[1], { name: 'Cold Cart', vin: 'VIN-COLD-1' }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json<Vehicle>();
    const cold = (await admin('GET', `/api/vehicle-templates/${templates[1]}`)).json<{
      attributes: unknown[];
      name: string;
    }>();
    expect(created).toMatchObject({
      name: 'Cold Cart',
      vin: 'VIN-COLD-1',
      dealerId: a.dealerId,
      dealerName: 'Dealer Alpha',
      templateId: templates[1],
      templateName: cold.name,
      cells: 28,
      timeZone: 'America/Denver',
      status: true,
      emailNotification: true,
      notificationEmailAddress: 'ops@fleet.test',
      iotVersion: '1.2.3',
      fleetResponseDTO: null,
    });
    expect(created.attributes).toEqual(cold.attributes);
    expect(created.dealerResponseDTO).toEqual({
      id: a.dealerId,
      name: 'Dealer Alpha',
      fleetResponseDTOs: [{ id: a.fleetId, name: 'Fleet Alpha' }],
    });
    const list = await admin('GET', '/api/vehicles?pageSize=100&pageNo=0');
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ data: VehicleRow[]; totalCount: number }>();
    expect(rows.totalCount).toBe(7);
    expect(rows.data[0]).toMatchObject({
      id: created.id,
      templateName: cold.name,
      dealerName: 'Dealer Alpha',
      gpsSignal: null,
      lastReported: null,
    });
    expect(Date.parse(rows.data[0].currentGmtTime)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows last reported times and signal letters from the vehicle state', async () => {
    const row = (await admin('GET', '/api/vehicles?pageSize=10'))
      .json<{ data: VehicleRow[] }>()
      .data.find((v) => v.id === a.vehicles.inFleet)!;
    // GPS 4.5 is in the default Warning band (4-5): yellow; LTE 1 bar: red.
    expect(row).toMatchObject({ gpsSignal: 'Y', lteSignal: 'R', dealerName: 'Dealer Alpha', templateName: null });
    expect(Date.parse(row.lastReported!) - Date.parse(row.gpsLastReported!)).toBe(2 * 60_000);
    const detail = (await admin('GET', `/api/vehicles/${a.vehicles.inFleet}`)).json<Vehicle>();
    expect(detail).toMatchObject({
      gpsSignal: 'Y',
      lteSignal: 'R',
      fleetResponseDTO: { id: a.fleetId, name: 'Fleet Alpha' },
      attributes: DEFAULT_THRESHOLDS,
    });
  });

  it('searches name and VIN case-insensitively, on both paths', async () => {
    expect(ids(await admin('GET', '/api/vehicles/search?name=cold&pageSize=100'))).toHaveLength(1);
    expect(ids(await admin('GET', '/api/vehicles/search/?name=vin-alpha1-2&pageSize=100'))).toEqual([
      a.vehicles.inFleet,
    ]);
    expect(ids(await admin('GET', '/api/vehicles/search?name=%25&pageSize=100'))).toEqual([]);
  });

  it('scopes lists, search and detail: dealer, fleet owner, driver and staff', async () => {
    const dealer = callerFor(t, a.dealer);
    const fleet = callerFor(t, a.fleet);
    const driver = callerFor(t, a.driver);
    const alphaIds = [a.vehicles.withDriver, a.vehicles.inFleet, a.vehicles.free];
    expect(ids(await dealer('GET', '/api/vehicles?pageSize=100')).sort()).toEqual(expect.arrayContaining(alphaIds));
    expect(ids(await dealer('GET', '/api/vehicles?pageSize=100'))).not.toContain(b.vehicles.free);
    expect(ids(await fleet('GET', '/api/vehicles?pageSize=100')).sort()).toEqual(
      [a.vehicles.withDriver, a.vehicles.inFleet].sort(),
    );
    expect(ids(await driver('GET', '/api/vehicles?pageSize=100'))).toEqual([a.vehicles.withDriver]);
    expect(ids(await driver('GET', '/api/vehicles/search?name=van&pageSize=100'))).toEqual([a.vehicles.withDriver]);
    expect(ids(await staff('GET', '/api/vehicles?pageSize=100'))).toHaveLength(7);
    expect((await dealer('GET', `/api/vehicles/${b.vehicles.free}`)).statusCode).toBe(404);
    expect((await fleet('GET', `/api/vehicles/${a.vehicles.free}`)).statusCode).toBe(404);
    expect((await driver('GET', `/api/vehicles/${a.vehicles.inFleet}`)).statusCode).toBe(404);
    expect((await driver('GET', `/api/vehicles/${a.vehicles.withDriver}`)).statusCode).toBe(200);
  });

  it('lets only administrators write: everyone else gets 403 and nothing changes', async () => {
    const body = vehicleBody(a.dealerId, templates[0]);
    for (const who of [staff, callerFor(t, a.dealer), callerFor(t, a.fleet), callerFor(t, a.driver)]) {
      expect((await who('POST', '/api/vehicles', body)).statusCode).toBe(403);
      expect((await who('PUT', '/api/vehicles', { ...body, id: a.vehicles.free })).statusCode).toBe(403);
      expect((await who('DELETE', `/api/vehicles/${a.vehicles.free}`)).statusCode).toBe(403);
      expect((await who('PATCH', `/api/vehicle/status?id=${a.vehicles.free}&status=true`)).statusCode).toBe(403);
      expect(
        (await who('PUT', `/api/vehicles/${a.vehicles.free}/attributes/speedAlert`, DEFAULT_THRESHOLDS[4])).statusCode,
      ).toBe(403);
    }
    expect((await callerFor(t)('GET', '/api/vehicles')).statusCode).toBe(401);
    expect(ids(await admin('GET', '/api/vehicles?pageSize=100'))).toHaveLength(7);
  });

  it("refuses bad input with the form's messages", async () => {
    const res = await admin('POST', '/api/vehicles', {
      name: ' ',
      vin: '',
      dealerId: -1,
      templateId: '',
      cells: 30,
      timeZone: 'Mars/Olympus',
      notificationEmailAddress: 'nope',
    });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      res.json<{ fieldErrors: { field: string; message: string }[] }>().fieldErrors.map((e) => [e.field, e.message]),
    );
    expect(messages).toMatchObject({
      name: 'Vehicle name can not be empty!',
      vin: 'Vin  can not be empty!',
      dealerId: 'Dealer Name can not be empty!',
      templateId: 'Template Name can not be empty!',
      cells: 'Cells can not be empty!',
      timeZone: 'Unknown time zone',
      notificationEmailAddress: 'Invalid Email',
    });
    const missingTemplate = await admin('POST', '/api/vehicles', vehicleBody(a.dealerId, 999_999));
    expect([missingTemplate.statusCode, missingTemplate.headers['x-evfleetapp-error']]).toEqual([
      400,
      'The template does not exist.',
    ]);
    const missingDealer = await admin('POST', '/api/vehicles', vehicleBody(999_999, templates[0]));
    expect([missingDealer.statusCode, missingDealer.headers['x-evfleetapp-error']]).toEqual([
      400,
      'The dealer does not exist.',
    ]);
    const takenVin = await admin('POST', '/api/vehicles', vehicleBody(a.dealerId, templates[0], { vin: 'VIN-COLD-1' }));
    expect([takenVin.statusCode, takenVin.headers['x-evfleetapp-error']]).toEqual([
      400,
      'A vehicle with this VIN already exists.',
    ]);
    const badBands = await admin(
      'POST',
      '/api/vehicles',
      vehicleBody(a.dealerId, templates[0], {
        attributes: [{ ...DEFAULT_THRESHOLDS[4], warning: [{ low: 30, high: 45 }] }],
      }),
    );
    expect(badBands.json().fieldErrors[0]).toMatchObject({
      field: 'attributes[0].warning[0].low',
      message: 'Cannot set this range for Speed Alert: Moderate 30-45 overlaps Normal 0-37.',
    });
    for (const url of [
      '/api/vehicles/abc',
      '/api/vehicles?pageSize=50',
      '/api/vehicles?pageNo=-1',
      '/api/vehicle/status?id=1&status=maybe',
    ]) {
      expect((await admin(url.includes('status') ? 'PATCH' : 'GET', url)).statusCode, url).toBe(400);
    }
    expect((await admin('GET', '/api/vehicles/999999')).statusCode).toBe(404);
    expect((await admin('DELETE', '/api/vehicles/999999')).statusCode).toBe(404);
    expect((await admin('PATCH', '/api/vehicle/status?id=999999&status=true')).statusCode).toBe(404);
    expect(
      (await admin('PUT', '/api/vehicles', { ...vehicleBody(a.dealerId, templates[0]), id: 999_999 })).statusCode,
    ).toBe(404);
  });

  it('updates: keeps own thresholds unless the template changes, and a new dealer takes it out of its fleet', async () => {
    const current = (await admin('GET', `/api/vehicles/${a.vehicles.inFleet}`)).json<Vehicle>();
    const body = { ...vehicleBody(a.dealerId, templates[0]), id: current.id, name: 'Van renamed', vin: current.vin };
    const same = (await admin('PUT', '/api/vehicles', body)).json<Vehicle>();
    expect(same).toMatchObject({ name: 'Van renamed', templateId: templates[0], fleetResponseDTO: { id: a.fleetId } });
    const moved = await admin('PUT', '/api/vehicles', { ...body, dealerId: b.dealerId, templateId: templates[1] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Vehicle>()).toMatchObject({
      dealerId: b.dealerId,
      fleetResponseDTO: null,
      driverId: null,
      templateId: templates[1],
    });
    expect(moved.json<Vehicle>().attributes.find((x) => x.name === 'cabinTemp')!.normal).toEqual([
      { low: 30, high: 100 },
    ]);
  });

  it('toggles the status and deletes', async () => {
    const status = await admin('PATCH', `/api/vehicle/status?id=${a.vehicles.free}&status=true`);
    expect(status.json()).toEqual({ id: a.vehicles.free, status: true });
    expect((await admin('GET', `/api/vehicles/${a.vehicles.free}`)).json<Vehicle>().status).toBe(true);
    expect((await admin('DELETE', `/api/vehicles/${b.vehicles.free}`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/vehicles/${b.vehicles.free}`)).statusCode).toBe(404);
  });

  it('keeps its own rated capacity: given, read back, changed, cleared by null or by leaving it out', async () => {
    const created = await admin(
      'POST',
      '/api/vehicles',
      vehicleBody(a.dealerId, templates[0], { name: 'Rated', ratedCapacityKwh: 72.5 }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json<Vehicle>().id;
    expect(created.json<Vehicle>().ratedCapacityKwh).toBe(72.5);
    const read = async () => (await admin('GET', `/api/vehicles/${id}`)).json<Vehicle>().ratedCapacityKwh;
    expect(await read()).toBe(72.5);
    const body = { ...vehicleBody(a.dealerId, templates[0]), id, vin: created.json<Vehicle>().vin };
    const changed = await admin('PUT', '/api/vehicles', { ...body, ratedCapacityKwh: 2000 });
    expect([changed.statusCode, changed.json<Vehicle>().ratedCapacityKwh]).toEqual([200, 2000]);
    expect(await read()).toBe(2000);
    expect((await admin('PUT', '/api/vehicles', { ...body, ratedCapacityKwh: null })).statusCode).toBe(200);
    expect(await read()).toBeNull();
    await admin('PUT', '/api/vehicles', { ...body, ratedCapacityKwh: 0.5 });
    expect(await read()).toBe(0.5);
    // A PUT names the whole vehicle (the form drops empty values before sending).
    expect((await admin('PUT', '/api/vehicles', body)).json<Vehicle>().ratedCapacityKwh).toBeNull();
    expect((await admin('POST', '/api/vehicles', vehicleBody(a.dealerId, templates[0]))).json<Vehicle>()).toMatchObject(
      { ratedCapacityKwh: null },
    );
  });

  it('refuses a rated capacity of 0 or less, over 2000 kWh, or not a number, naming the field', async () => {
    const body = vehicleBody(a.dealerId, templates[0]);
    const before = (await admin('GET', '/api/vehicles?pageSize=10')).json<{ totalCount: number }>().totalCount;
    for (const ratedCapacityKwh of [0, -3, 2000.5, 1e308]) {
      for (const [method, sent] of [
        ['POST', body],
        ['PUT', { ...body, id: a.vehicles.free }],
      ] as const) {
        const res = await admin(method, '/api/vehicles', { ...sent, ratedCapacityKwh });
        expect(res.statusCode, `${method} ${ratedCapacityKwh}`).toBe(400);
        expect(res.json().fieldErrors).toEqual([
          { objectName: 'body', field: 'ratedCapacityKwh', message: BATTERY_MESSAGES.ratedCapacity },
        ]);
      }
    }
    for (const ratedCapacityKwh of ['72', true, { kwh: 72 }]) {
      const res = await admin('POST', '/api/vehicles', { ...body, ratedCapacityKwh });
      expect(res.statusCode, JSON.stringify(ratedCapacityKwh)).toBe(400);
      expect(res.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual(['ratedCapacityKwh']);
    }
    expect((await admin('GET', '/api/vehicles?pageSize=10')).json<{ totalCount: number }>().totalCount).toBe(before);
    expect((await admin('GET', `/api/vehicles/${a.vehicles.free}`)).json<Vehicle>().ratedCapacityKwh).toBeNull();
  });
});
