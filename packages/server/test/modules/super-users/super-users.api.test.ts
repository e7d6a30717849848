import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, snapshot, type Caller } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('super users API on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  const superUser = (n: string, extra: object = {}) => ({
    name: `Super ${n}`,
    email: `${n}@supers.test`,
    mobileNumber: '0123456789',
    address: 'HQ',
    password: 'super-pw',
    ...extra,
  });
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = callerFor(t, await t.admin());
  });
  afterAll(() => t?.close());

  it('creates a super user whose account is an administrator signing in with the given password', async () => {
    const res = await admin('POST', '/api/superUsers', superUser('ann'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Super ann',
      email: 'ann@supers.test',
      mobileNumber: '0123456789',
      address: 'HQ',
      userId: expect.any(Number),
    });
    expect(res.body).not.toContain('password');
    const ann = callerFor(t, await t.bearer('ann@supers.test', 'super-pw'));
    expect((await ann('GET', '/api/account')).json().authorities).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
    expect((await ann('GET', '/api/superUsers')).statusCode).toBe(200);
  });

  it('pages and searches, with and without the trailing slash', async () => {
    await admin('POST', '/api/superUsers', superUser('bob'));
    await admin('POST', '/api/superUsers', superUser('cyd', { name: 'Cydney Smith' }));
    expect((await admin('GET', '/api/superUsers?pageSize=2&pageNo=1')).json()).toMatchObject({
      totalCount: 3,
      data: [{ name: 'Super ann' }],
    });
    expect((await admin('GET', '/api/superUsers/search/?name=SMITH')).json()).toMatchObject({
      totalCount: 1,
      data: [{ email: 'cyd@supers.test' }],
    });
    expect((await admin('GET', '/api/superUsers/search?name=supers.test&pageSize=1&pageNo=0')).json().totalCount).toBe(
      3,
    );
  });

  it('updates name, email and optionally the password', async () => {
    const bob = (await admin('GET', '/api/superUsers/search/?name=bob')).json().data[0];
    const res = await admin('PUT', '/api/superUsers', superUser('bobby', { id: bob.id, password: undefined }));
    expect(res.json()).toMatchObject({ id: bob.id, name: 'Super bobby', email: 'bobby@supers.test' });
    expect(await t.bearer('bobby@supers.test', 'super-pw')).toMatch(/^Bearer /);
    await admin('PUT', '/api/superUsers', superUser('bobby', { id: bob.id, password: 'changed-pw' }));
    expect(await t.bearer('bobby', 'changed-pw').catch(() => t.bearer('bobby@supers.test', 'changed-pw'))).toMatch(
      /^Bearer /,
    );
  });

  it('deletes a super user and its account, but never the one the caller signs in as', async () => {
    const ann = (await admin('GET', '/api/superUsers/search/?name=ann')).json().data[0];
    const asAnn = callerFor(t, await t.bearer('ann@supers.test', 'super-pw'));
    const self = await asAnn('DELETE', `/api/superUsers/${ann.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.headers['x-evfleetapp-error']).toBe('You cannot delete your own account.');
    expect((await admin('DELETE', `/api/superUsers/${ann.id}`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/superUsers/${ann.id}`)).statusCode).toBe(404);
    expect((await admin('GET', `/api/users/${ann.userId}`)).statusCode).toBe(404);
  });

  it('is for administrators only and refuses bad input without changing anything', async () => {
    const user = callerFor(t, await t.user());
    const before = await snapshot(t);
    expect((await user('GET', '/api/superUsers')).statusCode).toBe(403);
    expect((await user('POST', '/api/superUsers', superUser('evil'))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/superUsers' })).statusCode).toBe(401);
    const missing = await admin('POST', '/api/superUsers', {});
    expect(
      missing
        .json()
        .fieldErrors.map((e: { message: string }) => e.message)
        .sort(),
    ).toEqual(
      [
        'Address can not be empty!',
        'Email can not be empty!',
        'Mobile Number can not be empty!',
        'Please enter your password',
        'User Name can not be empty!',
      ].sort(),
    );
    expect(
      (await admin('POST', '/api/superUsers', superUser('short', { password: '12345' }))).json().fieldErrors[0].message,
    ).toBe('Minimum length of 6 characters required');
    expect((await admin('POST', '/api/superUsers', superUser('cyd'))).headers['x-evfleetapp-error']).toBe(
      'Email is already in use!',
    );
    expect((await admin('PUT', '/api/superUsers', superUser('x', { id: 999999 }))).statusCode).toBe(404);
    expect((await admin('PUT', '/api/superUsers', superUser('x'))).statusCode).toBe(400);
    expect((await admin('DELETE', '/api/superUsers/999999')).statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });
});
