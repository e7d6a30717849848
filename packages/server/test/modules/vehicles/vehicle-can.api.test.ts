import type { UnassignedVehicle, VehicleDealerFleets } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** The unassigned-vehicles screen (/vehicle-can) and its Assign modal (part 2 §2, §7). */
describe.each(DATABASE_KINDS)('unassigned vehicles and dealer fleets on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  let loose: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'Alpha');
    b = await createTenant(t, adminToken, 'Beta');
    loose = (
      await t.database.db.execute<{ id: number }>(
        sql`insert into vehicle (name, vin, status) values ('Loose', 'VIN-LOOSE', true) returning id`,
      )
    ).rows[0].id;
  });
  afterAll(async () => t?.close());

  it('lists every vehicle in no fleet with its dealer (VIN, Vehicle Name, Dealer Name, Status)', async () => {
    const res = await admin('GET', '/api/vehicles/unassigned?withDealers=true&pageNo=0&pageSize=10');
    expect(res.json()).toEqual({
      totalCount: 3,
      data: [
        {
          id: a.vehicles.free,
          vin: 'VIN-alpha1-3',
          name: 'Van alpha1 3',
          status: false,
          dealerId: a.dealerId,
          dealerName: 'Dealer Alpha',
        },
        {
          id: b.vehicles.free,
          vin: 'VIN-beta2-3',
          name: 'Van beta2 3',
          status: false,
          dealerId: b.dealerId,
          dealerName: 'Dealer Beta',
        },
        { id: loose, vin: 'VIN-LOOSE', name: 'Loose', status: true, dealerId: null, dealerName: null },
      ],
    });
    // Without the flag: the vehicles of nobody, as before.
    expect((await admin('GET', '/api/vehicles/unassigned')).json().data.map((v: UnassignedVehicle) => v.id)).toEqual([
      loose,
    ]);
    expect(
      (await callerFor(t, a.dealer)('GET', '/api/vehicles/unassigned?withDealers=true'))
        .json()
        .data.map((v: UnassignedVehicle) => v.id),
    ).toEqual([a.vehicles.free]);
    expect((await callerFor(t, a.fleet)('GET', '/api/vehicles/unassigned?withDealers=true')).statusCode).toBe(403);
    expect((await callerFor(t, a.driver)('GET', '/api/vehicles/unassigned?withDealers=true')).statusCode).toBe(403);
  });

  it("names each vehicle's dealer and its fleets for the Assign modal, then assigns with the UI payload", async () => {
    const url = `/api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=${a.vehicles.free}&vehicleIds=${loose}`;
    const res = await admin('GET', url);
    expect(res.json<VehicleDealerFleets[]>()).toEqual([
      {
        id: a.vehicles.free,
        name: 'Van alpha1 3',
        vin: 'VIN-alpha1-3',
        dealerResponseDTO: {
          id: a.dealerId,
          name: 'Dealer Alpha',
          fleetResponseDTOs: [{ id: a.fleetId, name: 'Fleet Alpha' }],
        },
      },
      { id: loose, name: 'Loose', vin: 'VIN-LOOSE', dealerResponseDTO: null },
    ]);
    expect((await admin('GET', url.replace('Fleets/?', 'Fleets?'))).json()).toEqual(res.json());
    const assign = await admin('PATCH', '/api/vehicle/assign?isAssigned=true', [
      { fleetId: a.fleetId, vehicleIds: [a.vehicles.free] },
      { fleetId: b.fleetId, vehicleIds: [loose] },
    ]);
    expect(assign.statusCode).toBe(200);
    expect((await admin('GET', '/api/vehicles/unassigned?withDealers=true')).json()).toMatchObject({
      totalCount: 1,
      data: [{ id: b.vehicles.free }],
    });
    expect((await admin('GET', `/api/vehicles/${loose}`)).json()).toMatchObject({
      dealerId: b.dealerId,
      fleetResponseDTO: { id: b.fleetId },
    });
  });

  it('scopes and checks the dealer-fleets call', async () => {
    const dealer = callerFor(t, a.dealer);
    expect(
      (await dealer('GET', `/api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=${b.vehicles.free}`)).statusCode,
    ).toBe(404);
    expect(
      (await dealer('GET', `/api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=${a.vehicles.inFleet}`)).statusCode,
    ).toBe(200);
    expect(
      (
        await callerFor(t, a.fleet)(
          'GET',
          `/api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=${a.vehicles.inFleet}`,
        )
      ).statusCode,
    ).toBe(403);
    expect((await admin('GET', '/api/vehicle/vehicleDealersUnassignedFleets/')).statusCode).toBe(400);
    expect((await admin('GET', '/api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=abc')).statusCode).toBe(400);
    expect((await admin('GET', '/api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=999999')).statusCode).toBe(404);
    expect((await admin('GET', '/api/vehicles/unassigned?withDealers=maybe')).statusCode).toBe(400);
  });
});
