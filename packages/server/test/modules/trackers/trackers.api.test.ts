import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** IMEIs with a valid check digit (Luhn), and one without. */
const IMEI_A = '356307042441013';
const IMEI_B = '490154203237518';
const BAD_CHECK_DIGIT = '356307042441014';
const PHONE_ID = 'f3b9c1d2e4a5b6c7d8e9';

describe.each(DATABASE_KINDS)("a vehicle's tracker and the device profiles on %s", (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  let builtInId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    b = await createTenant(t, adminToken, 'B');
    const profiles = (await admin('GET', '/api/device-profiles')).json<{ id: number; builtIn: boolean }[]>();
    builtInId = profiles.find((p) => p.builtIn)!.id;
  });
  afterAll(() => t?.close());

  it('ships the built-in FMB/FMC profile, each mapping with its source', async () => {
    const res = await admin('GET', `/api/device-profiles/${builtInId}`);
    expect(res.statusCode).toBe(200);
    const profile = res.json<{ protocol: string; mappings: { io: number; signal: string; source: string }[] }>();
    expect(profile.protocol).toBe('teltonika');
    const bySignal = new Map(profile.mappings.map((m) => [m.io, m.signal]));
    expect(bySignal.get(16)).toBe('odometer');
    expect(bySignal.get(66)).toBe('battery12v');
    expect(bySignal.get(239)).toBe('ignition');
    expect(bySignal.get(240)).toBe('movement');
    expect(bySignal.get(21)).toBe('lteSignal');
    expect(profile.mappings.every((m) => m.source.length > 0)).toBe(true);
  });

  it('registers a Teltonika tracker by IMEI with the built-in profile unless one is named, and reads it back', async () => {
    const id = a.vehicles.inFleet;
    const res = await admin('PUT', `/api/vehicles/${id}/device`, { protocol: 'teltonika', identifier: IMEI_A });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ protocol: 'teltonika', identifier: IMEI_A, profileId: builtInId });
    const read = await admin('GET', `/api/vehicles/${id}/device`);
    expect(read.json()).toMatchObject({ protocol: 'teltonika', identifier: IMEI_A, profileId: builtInId });
    // The fleet owner and the driver of the vehicle read it; they do not change it.
    expect((await callerFor(t, a.fleet)('GET', `/api/vehicles/${id}/device`)).statusCode).toBe(200);
    const byFleet = await callerFor(t, a.fleet)('PUT', `/api/vehicles/${id}/device`, { protocol: 'none' });
    expect(byFleet.statusCode).toBe(403);
  });

  it('refuses a malformed IMEI with a field error, and an identifier another vehicle has with 409', async () => {
    for (const identifier of [BAD_CHECK_DIGIT, '35630704244101', 'abcdefghijklmno']) {
      const res = await admin('PUT', `/api/vehicles/${a.vehicles.free}/device`, { protocol: 'teltonika', identifier });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((e) => e.field)).toContain('identifier');
    }
    const taken = await admin('PUT', `/api/vehicles/${b.vehicles.free}/device`, {
      protocol: 'teltonika',
      identifier: IMEI_A,
    });
    expect(taken.statusCode).toBe(409);
    // The same id under another protocol is another device.
    const phone = await admin('PUT', `/api/vehicles/${b.vehicles.free}/device`, {
      protocol: 'osmand',
      identifier: PHONE_ID,
    });
    expect(phone.statusCode).toBe(200);
    expect(phone.json()).toMatchObject({ protocol: 'osmand', identifier: PHONE_ID, profileId: null });
  });

  it("refuses a phone's id too short to be a credential, and an unknown profile", async () => {
    const short = await admin('PUT', `/api/vehicles/${a.vehicles.free}/device`, {
      protocol: 'osmand',
      identifier: '123456',
    });
    expect(short.statusCode).toBe(400);
    const noProfile = await admin('PUT', `/api/vehicles/${a.vehicles.free}/device`, {
      protocol: 'teltonika',
      identifier: IMEI_B,
      profileId: 999_999,
    });
    expect(noProfile.statusCode).toBe(400);
    expect(noProfile.json<{ fieldErrors: { field: string }[] }>().fieldErrors[0].field).toBe('profileId');
  });

  it("lets the vehicle's dealer set its tracker, and no other dealer", async () => {
    const own = await callerFor(t, a.dealer)('PUT', `/api/vehicles/${a.vehicles.free}/device`, {
      protocol: 'teltonika',
      identifier: IMEI_B,
      profileId: builtInId,
    });
    expect(own.statusCode).toBe(200);
    const foreign = await callerFor(t, b.dealer)('PUT', `/api/vehicles/${a.vehicles.free}/device`, {
      protocol: 'none',
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await callerFor(t, a.dealer)('PUT', `/api/vehicles/${a.vehicles.free}/device`, {
      protocol: 'none',
    });
    expect(removed.json()).toMatchObject({ protocol: 'none', identifier: null, profileId: null });
  });

  it('creates, edits and deletes a profile; a profile in use is not deleted (409)', async () => {
    const mappings = [
      { io: 66, signal: 'battery12v', scale: 0.001, offset: 0, signed: false },
      { io: 10_001, signal: 'cell1', scale: 0.001 },
      { io: 10_002, signal: 'packCurrentRaw', scale: 0.1, offset: -3200, signed: true },
    ];
    const created = await admin('POST', '/api/device-profiles', { name: 'Carts', protocol: 'teltonika', mappings });
    expect(created.statusCode).toBe(201);
    const profile = created.json<{ id: number; mappings: { offset: number; signed: boolean }[] }>();
    expect(profile.mappings[1]).toMatchObject({ offset: 0, signed: false });

    const duplicate = await admin('POST', '/api/device-profiles', {
      name: 'carts',
      protocol: 'teltonika',
      mappings: [],
    });
    expect(duplicate.statusCode).toBe(400);
    const twice = await admin('POST', '/api/device-profiles', {
      name: 'Twice',
      protocol: 'teltonika',
      mappings: [mappings[0], mappings[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ fieldErrors: { field: string }[] }>().fieldErrors[0].field).toBe('mappings[1].io');

    const edited = await admin('PUT', `/api/device-profiles/${profile.id}`, {
      name: 'Carts v2',
      protocol: 'teltonika',
      mappings: mappings.slice(0, 1),
    });
    expect(edited.json()).toMatchObject({ name: 'Carts v2', mappings: [{ io: 66 }] });

    await admin('PUT', `/api/vehicles/${a.vehicles.withDriver}/device`, {
      protocol: 'teltonika',
      identifier: '352094087982671',
      profileId: profile.id,
    });
    expect((await admin('DELETE', `/api/device-profiles/${profile.id}`)).statusCode).toBe(409);
    await admin('PUT', `/api/vehicles/${a.vehicles.withDriver}/device`, { protocol: 'none' });
    expect((await admin('DELETE', `/api/device-profiles/${profile.id}`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/device-profiles/${profile.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/device-profiles/${builtInId}`)).statusCode).toBe(400);
  });

  it('keeps profile changes to administrators and the list to those who install trackers', async () => {
    const body = { name: 'Theirs', protocol: 'teltonika', mappings: [] };
    expect((await callerFor(t, a.dealer)('POST', '/api/device-profiles', body)).statusCode).toBe(403);
    expect((await callerFor(t, a.dealer)('GET', '/api/device-profiles')).statusCode).toBe(200);
    expect((await callerFor(t, a.fleet)('GET', '/api/device-profiles')).statusCode).toBe(403);
    expect((await callerFor(t, a.driver)('GET', '/api/device-profiles')).statusCode).toBe(403);
  });

  it('audits a tracker change', async () => {
    await t.app.auditTrail.settled();
    const audits = await admin('GET', '/management/audits?page=0&size=50');
    expect(audits.body).toContain(IMEI_B);
  });
});
