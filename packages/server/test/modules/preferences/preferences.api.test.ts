import { PREFERENCES } from '@evfleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, type Caller } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('screen preferences on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let user: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = callerFor(t, await t.admin());
    user = callerFor(t, await t.user());
  });
  afterAll(async () => t?.close());

  it("answers the detail page's tile defaults of part 2 §2 until saved", async () => {
    const res = await admin('GET', '/api/account/preferences/vehicleDetailTiles');
    expect(res.json()).toEqual({ key: 'vehicleDetailTiles', value: PREFERENCES.vehicleDetailTiles.default });
    expect(res.json().value).toMatchObject({
      batteryCharged: true,
      gearSelector: true,
      activityTime: true,
      headingMag: false,
      cabinTemperature: false,
    });
  });

  it("keeps each user's own choice", async () => {
    const saved = await admin('PUT', '/api/account/preferences/vehicleDetailTiles', {
      value: { ...PREFERENCES.vehicleDetailTiles.default, headingMag: true, odometer: false },
    });
    expect(saved.json().value).toMatchObject({ headingMag: true, odometer: false });
    expect((await admin('GET', '/api/account/preferences/vehicleDetailTiles')).json().value).toMatchObject({
      headingMag: true,
      odometer: false,
      batteryCharged: true,
    });
    expect((await user('GET', '/api/account/preferences/vehicleDetailTiles')).json().value).toMatchObject({
      headingMag: false,
      odometer: true,
    });
    const layout = [{ i: 'totalVehicles', x: 0, y: 0, w: 3, h: 4 }];
    expect((await user('PUT', '/api/account/preferences/dashboardLayout', { value: layout })).json()).toEqual({
      key: 'dashboardLayout',
      value: layout,
    });
    expect((await user('GET', '/api/account/preferences/dashboardLayout')).json().value).toEqual(layout);
    expect((await admin('GET', '/api/account/preferences/dashboardLayout')).json().value).toEqual([]);
  });

  it("keeps each grid's columns and the clock per user, refusing malformed ones", async () => {
    const columns = {
      'dealers-grid': [
        { colId: 'company', width: 180 },
        { colId: 'address', hide: true },
      ],
    };
    expect((await admin('PUT', '/api/account/preferences/gridColumns', { value: columns })).json().value).toEqual(
      columns,
    );
    expect((await admin('GET', '/api/account/preferences/gridColumns')).json().value).toEqual(columns);
    expect((await user('GET', '/api/account/preferences/gridColumns')).json().value).toEqual({});
    const bad = { 'dealers-grid': [{ colId: '', width: -5 }] };
    expect((await admin('PUT', '/api/account/preferences/gridColumns', { value: bad })).statusCode).toBe(400);
    expect((await admin('GET', '/api/account/preferences/hourCycle')).json().value).toBe('24h');
    expect((await user('PUT', '/api/account/preferences/hourCycle', { value: '12h' })).json().value).toBe('12h');
    expect((await user('GET', '/api/account/preferences/hourCycle')).json().value).toBe('12h');
    expect((await admin('GET', '/api/account/preferences/hourCycle')).json().value).toBe('24h');
    expect((await user('PUT', '/api/account/preferences/hourCycle', { value: 'h11' })).statusCode).toBe(400);
    // Dates follow the specification's patterns until the user chooses their language's order.
    expect((await user('GET', '/api/account/preferences/dateStyle')).json().value).toBe('specification');
    expect((await user('PUT', '/api/account/preferences/dateStyle', { value: 'language' })).json().value).toBe(
      'language',
    );
    expect((await user('GET', '/api/account/preferences/dateStyle')).json().value).toBe('language');
    expect((await admin('GET', '/api/account/preferences/dateStyle')).json().value).toBe('specification');
    expect((await user('PUT', '/api/account/preferences/dateStyle', { value: 'MM/DD' })).statusCode).toBe(400);
  });

  it('refuses unknown keys, bad values and anonymous callers', async () => {
    expect((await admin('GET', '/api/account/preferences/nope')).statusCode).toBe(400);
    const bad = await admin('PUT', '/api/account/preferences/vehicleDetailTiles', { value: { odometer: 'yes' } });
    expect(bad.json().fieldErrors).toEqual([
      { objectName: 'preference', field: 'value.odometer', message: expect.any(String) },
    ]);
    expect(
      (await admin('PUT', '/api/account/preferences/dashboardLayout', { value: [{ i: 'x', x: 20, y: 0, w: 1, h: 1 }] }))
        .statusCode,
    ).toBe(400);
    expect((await callerFor(t)('GET', '/api/account/preferences/vehicleDetailTiles')).statusCode).toBe(401);
  });
});
