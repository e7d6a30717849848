import { defaultPermissions } from '@evfleet/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('role permissions (part 2 §2) on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let vins: { withDriver: string; inFleet: string; free: string };
  const set = async (role: string, permissions: Record<string, boolean>) => {
    const res = await admin('PUT', `/api/role-permissions/${role}`, { permissions });
    expect(res.statusCode).toBe(200);
    return res.json<{ permissions: Record<string, boolean> }>().permissions;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'Alpha');
    const vin = async (id: number) => (await admin('GET', `/api/vehicles/${id}`)).json<{ vin: string }>().vin;
    vins = {
      withDriver: await vin(a.vehicles.withDriver),
      inFleet: await vin(a.vehicles.inFleet),
      free: await vin(a.vehicles.free),
    };
  });
  beforeEach(async () => {
    await set('ROLE_FLEET', defaultPermissions('ROLE_FLEET'));
    await set('ROLE_DEALER', defaultPermissions('ROLE_DEALER'));
  });
  afterAll(async () => t?.close());

  it('answers the defaults of the spec, persists changes, and syncs the page toggles with the menus', async () => {
    expect((await admin('GET', '/api/role-permissions/ROLE_FLEET')).json()).toEqual({
      authority: 'ROLE_FLEET',
      permissions: {
        driverScreen: true,
        vehicleConfigurationTemplate: false,
        vehicle: true,
        'vehicle.canDetails': true,
        'vehicle.canHistory': true,
        'vehicle.canHistoryExport': true,
        'vehicle.warningLogs': true,
      },
    });
    expect(
      Object.values((await admin('GET', '/api/role-permissions/ROLE_DEALER')).json().permissions).every(Boolean),
    ).toBe(true);
    const after = await set('ROLE_FLEET', { driverScreen: false, 'vehicle.canHistoryExport': false });
    expect(after).toMatchObject({ driverScreen: false, 'vehicle.canHistoryExport': false, 'vehicle.canHistory': true });
    const pages = (await callerFor(t, a.fleet)('GET', '/api/users/roleAndPermissions/ROLE_FLEET'))
      .json<{ page: string }[]>()
      .map((p) => p.page);
    expect(pages).not.toContain('Driver Screen');
    await set('ROLE_FLEET', { driverScreen: true });
    expect(
      (await callerFor(t, a.fleet)('GET', '/api/users/roleAndPermissions/ROLE_FLEET'))
        .json<{ page: string }[]>()
        .map((p) => p.page),
    ).toContain('Driver Screen');
  });

  it('lets administrators write; roles read their own, ROLE_USER any', async () => {
    const fleet = callerFor(t, a.fleet);
    expect((await fleet('GET', '/api/role-permissions/ROLE_FLEET')).statusCode).toBe(200);
    expect((await fleet('GET', '/api/role-permissions/ROLE_DEALER')).statusCode).toBe(403);
    expect((await callerFor(t, a.dealer)('GET', '/api/role-permissions/ROLE_DEALER')).statusCode).toBe(200);
    expect((await callerFor(t, await t.user())('GET', '/api/role-permissions/ROLE_DEALER')).statusCode).toBe(200);
    for (const who of [fleet, callerFor(t, a.dealer), callerFor(t, await t.user())]) {
      expect(
        (await who('PUT', '/api/role-permissions/ROLE_FLEET', { permissions: { driverScreen: false } })).statusCode,
      ).toBe(403);
    }
    expect((await admin('GET', '/api/role-permissions/ROLE_FLEET')).json().permissions.driverScreen).toBe(true);
  });

  it('refuses unknown roles, keys and values', async () => {
    expect((await admin('GET', '/api/role-permissions/ROLE_ADMIN')).statusCode).toBe(400);
    const unknown = await admin('PUT', '/api/role-permissions/ROLE_DEALER', { permissions: { driverScreen: false } });
    expect(unknown.json().fieldErrors).toEqual([
      { objectName: 'rolePermissions', field: 'permissions.driverScreen', message: 'Not a permission of ROLE_DEALER.' },
    ]);
    expect(
      (await admin('PUT', '/api/role-permissions/ROLE_DEALER', { permissions: { assignVehicle: 'no' } })).statusCode,
    ).toBe(400);
    expect((await admin('PUT', '/api/role-permissions/ROLE_DEALER', {})).statusCode).toBe(400);
  });

  it("stops a dealer's unassign (and assign) when switched off", async () => {
    const dealer = callerFor(t, a.dealer);
    await set('ROLE_DEALER', { unassignVehicle: false });
    const body = [{ fleetId: a.fleetId, vehicleIds: [a.vehicles.inFleet] }];
    expect((await dealer('PATCH', '/api/vehicle/assign?isAssigned=false', body)).statusCode).toBe(403);
    expect((await admin('GET', `/api/vehicles/${a.vehicles.inFleet}`)).json().fleetId).toBe(a.fleetId);
    expect(
      (
        await dealer('PATCH', '/api/vehicle/assign?isAssigned=true', [
          { fleetId: a.fleetId, vehicleIds: [a.vehicles.free] },
        ])
      ).statusCode,
    ).toBe(200);
    await set('ROLE_DEALER', { unassignVehicle: true, assignVehicle: false });
    expect(
      (
        await dealer('PATCH', '/api/vehicle/assign?isAssigned=false', [
          { fleetId: a.fleetId, vehicleIds: [a.vehicles.free] },
        ])
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await dealer('PATCH', '/api/vehicle/assign?isAssigned=true', [
          { fleetId: a.fleetId, vehicleIds: [a.vehicles.free] },
        ])
      ).statusCode,
    ).toBe(403);
    // Administrators have no toggles.
    expect(
      (
        await admin('PATCH', '/api/vehicle/assign?isAssigned=true', [
          { fleetId: a.fleetId, vehicleIds: [a.vehicles.free] },
        ])
      ).statusCode,
    ).toBe(200);
    await admin('PATCH', '/api/vehicle/assign?isAssigned=false', [
      { fleetId: a.fleetId, vehicleIds: [a.vehicles.free] },
    ]);
  });

  it("governs a fleet owner's CAN details, warning logs and driver screen", async () => {
    const fleet = callerFor(t, a.fleet);
    const calls = {
      canDetails: [`/api/vehicles/device-can-data?vin=${vins.inFleet}`, `/api/vehicles/cells?vin=${vins.inFleet}`],
      warningLogs: [
        `/api/notifications?vehicleId=${a.vehicles.inFleet}&pageNo=0&pageSize=10`,
        `/api/clearNotifications/${a.vehicles.inFleet}`,
      ],
    };
    for (const url of [...calls.canDetails, ...calls.warningLogs, '/api/drivers'])
      expect((await fleet('GET', url)).statusCode, url).toBe(200);
    await set('ROLE_FLEET', { 'vehicle.canDetails': false, driverScreen: false });
    for (const url of [...calls.canDetails, '/api/drivers', `/api/drivers/${a.driverId}`])
      expect((await fleet('GET', url)).statusCode, url).toBe(403);
    for (const url of calls.warningLogs) expect((await fleet('GET', url)).statusCode, url).toBe(200);
    expect((await fleet('POST', `/api/downloadWarningLogs/${a.vehicles.inFleet}`)).statusCode).toBe(200);
    // The Vehicle switch takes its four with it.
    await set('ROLE_FLEET', { 'vehicle.canDetails': true, vehicle: false });
    for (const url of [...calls.canDetails, ...calls.warningLogs])
      expect((await fleet('GET', url)).statusCode, url).toBe(403);
    expect((await fleet('POST', `/api/downloadWarningLogs/${a.vehicles.inFleet}`)).statusCode).toBe(403);
    // Only fleet owners are governed by the fleet-owner page.
    expect((await callerFor(t, a.dealer)('GET', calls.canDetails[0])).statusCode).toBe(200);
    expect(
      (await callerFor(t, a.driver)('GET', `/api/vehicles/device-can-data?vin=${vins.withDriver}`)).statusCode,
    ).toBe(200);
  });

  it("governs a dealer's access by the state of the vehicle: in a fleet or in none", async () => {
    const dealer = callerFor(t, a.dealer);
    await set('ROLE_DEALER', { 'assignVehicle.canDetails': false });
    expect((await dealer('GET', `/api/vehicles/device-can-data?vin=${vins.inFleet}`)).statusCode).toBe(403);
    expect((await dealer('GET', `/api/vehicles/device-can-data?vin=${vins.free}`)).statusCode).toBe(200);
    await set('ROLE_DEALER', { 'assignVehicle.canDetails': true, unassignVehicle: false });
    expect((await dealer('GET', `/api/vehicles/device-can-data?vin=${vins.free}`)).statusCode).toBe(403);
    expect((await dealer('GET', `/api/notifications?vehicleId=${a.vehicles.free}`)).statusCode).toBe(403);
    expect((await dealer('GET', `/api/notifications?vehicleId=${a.vehicles.inFleet}`)).statusCode).toBe(200);
  });
});
