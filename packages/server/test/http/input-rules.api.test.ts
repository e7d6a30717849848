import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The input rules of docs/decisions.md, case by case (the fuzz test covers every route at random). */
describe.each(DATABASE_KINDS)('input rules on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.admin();
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    authorization: string | undefined = admin,
  ) => t.app.inject({ method, url, payload: payload as object, headers: authorization ? { authorization } : {} });
  const fieldErrors = (res: { json: () => unknown }) =>
    (res.json() as { fieldErrors: { objectName: string; field: string; message: string }[] }).fieldErrors;
  const TEXT = 'must not contain NUL characters or unpaired surrogates';

  it('refuses NUL and lone surrogates in bodies, paths and queries, public routes included, with a field error', async () => {
    const signIn = await call('POST', '/api/authenticate', { username: 'admin\u0000', password: 'x' }, undefined);
    expect([signIn.statusCode, fieldErrors(signIn)]).toEqual([
      400,
      [{ objectName: 'body', field: 'username', message: TEXT }],
    ]);
    const fleet = await call('POST', '/api/fleets', { name: 'Fleet \ud800', email: 'f@people.test', dealerId: 1 });
    expect([fleet.statusCode, fieldErrors(fleet)]).toEqual([
      400,
      [{ objectName: 'body', field: 'name', message: TEXT }],
    ]);
    const activate = await call('GET', '/api/activate?key=%00', undefined, undefined);
    expect([activate.statusCode, fieldErrors(activate)]).toEqual([
      400,
      [{ objectName: 'querystring', field: 'key', message: TEXT }],
    ]);
    const search = await call('GET', '/api/dealers/search?name=a%00b');
    expect(fieldErrors(search)[0].field).toBe('name');
    const key = await call('GET', '/api/account/preferences/%00');
    expect([key.statusCode, fieldErrors(key)[0].objectName]).toEqual([400, 'params']);
    const nested = await call('PUT', '/api/dashboard/settings', { gasolineMpg: 30, extra: [{ ['\udc00']: 1 }] });
    expect(fieldErrors(nested)[0]).toMatchObject({ field: 'extra[0].\udc00', message: TEXT });
  });

  it('answers ids beyond the database integer, non-decimal numbers and mistyped JSON with 400', async () => {
    for (const url of [
      '/api/dealers/2147483648',
      '/api/fleets/99999999999999999999',
      '/api/drivers/1e3',
      '/api/cars/0x10',
      '/api/dealers?pageNo=1e3',
      '/management/audits?page=99999999',
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(400);
    }
    expect((await call('GET', '/api/dealers/2147483647')).statusCode).toBe(404);
    const id = await call('PUT', '/api/fleets', { id: true, name: 'F', email: 'f@people.test', dealerId: 1 });
    expect(fieldErrors(id).map((e) => [e.field, e.message])).toContainEqual(['id', 'must be a number']);
    const dealer = await call('POST', '/api/fleets', { name: 'F', email: 'f@people.test', dealerId: '2' });
    expect(fieldErrors(dealer)).toEqual([{ objectName: 'body', field: 'dealerId', message: 'must be a number' }]);
    const flag = await call('POST', '/api/fleets', { name: 'F', email: 'f@people.test', dealerId: 1, status: 'true' });
    expect([flag.statusCode, fieldErrors(flag).map((e) => e.field)]).toEqual([400, ['status']]);
  });

  it('keeps the audit row of an accepted write whose text is cut in the trail inside a surrogate pair', async () => {
    const name = `${'a'.repeat(199)}${'😀'.repeat(10)}`;
    const res = await call('POST', '/api/cars', { name });
    expect(res.statusCode).toBe(201);
    await t.app.auditTrail.settled();
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_event where type = 'CAR_CREATED'`,
    );
    expect(Number(rows[0].n)).toBe(1);
  });
});
