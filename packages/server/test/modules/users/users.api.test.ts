import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('users, authorities and pages on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.admin();
    user = await t.user();
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization } });

  it('lists users a page at a time with x-total-count, sorted', async () => {
    const res = await call('GET', '/api/users?page=0&size=1&sort=login,desc', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0].login).toBe('user');
    expect(res.body).not.toContain('passwordHash');
  });

  it('refuses the administration calls to non-admins and to anonymous callers', async () => {
    expect((await call('GET', '/api/users', user)).statusCode).toBe(403);
    expect((await call('GET', '/api/users/authorities', user)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users' })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/users/1', user)).statusCode).toBe(403);
  });

  it('creates, reads, updates and deletes a user', async () => {
    const created = await call('POST', '/api/users', admin, {
      login: 'dispatcher',
      email: 'dispatch@fleet.test',
      firstName: 'Dee',
      authorities: ['ROLE_USER'],
      password: 'dispatch1',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call('GET', `/api/users/${id}`, admin)).json()).toMatchObject({
      login: 'dispatcher',
      createdBy: 'admin',
      authorities: ['ROLE_USER'],
    });

    const updated = await call('PUT', '/api/users', admin, {
      id,
      login: 'dispatcher',
      email: 'dispatch@fleet.test',
      lastName: 'Patch',
      authorities: ['ROLE_USER', 'ROLE_FLEET'],
    });
    expect(updated.json()).toMatchObject({
      lastName: 'Patch',
      lastModifiedBy: 'admin',
      authorities: ['ROLE_FLEET', 'ROLE_USER'],
    });

    expect((await call('DELETE', `/api/users/${id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/users/${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses unknown roles, duplicate logins and bad ids', async () => {
    const badRole = await call('POST', '/api/users', admin, {
      login: 'x1',
      email: 'x1@fleet.test',
      authorities: ['ROLE_GOD'],
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().fieldErrors[0].field).toBe('authorities[0]');
    const dup = await call('POST', '/api/users', admin, { login: 'USER', email: 'x2@fleet.test' });
    expect(dup.headers['x-evfleetapp-error']).toBe('Login name already used!');
    expect((await call('GET', '/api/users/abc', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/users/999999', admin)).statusCode).toBe(404);
  });

  it('keeps an administrator from deleting or demoting itself', async () => {
    const me = (await call('GET', '/api/account', admin)).json();
    const del = await call('DELETE', `/api/users/${me.id}`, admin);
    expect(del.headers['x-evfleetapp-error']).toBe('You cannot delete your own account.');
    const demote = await call('PUT', '/api/users', admin, { ...me, authorities: ['ROLE_USER'] });
    expect(demote.headers['x-evfleetapp-error']).toBe('You cannot remove your own administrator role.');
  });

  it('returns the authorities and the pages per role with a page field', async () => {
    expect((await call('GET', '/api/users/authorities', admin)).json()).toEqual([
      'ROLE_ADMIN',
      'ROLE_DEALER',
      'ROLE_FLEET',
      'ROLE_USER',
    ]);
    const pages = (await call('GET', '/api/users/roleAndPermissions/ROLE_ADMIN', admin)).json() as { page: string }[];
    expect(pages.map((p) => p.page)).toContain('Roles And Permission');
    const own = await call('GET', '/api/users/roleAndPermissions/ROLE_USER', user);
    expect(
      own
        .json()
        .map((p: { page: string }) => p.page)
        .sort(),
    ).toEqual(['CAN History Report', 'Dashboard Screen', 'Vehicle Details']);
    expect((await call('GET', '/api/users/roleAndPermissions/ROLE_ADMIN', user)).statusCode).toBe(403);
  });

  it('shows code versions and sources only to roles with Roles And Permission', async () => {
    expect(Object.keys((await call('GET', '/api/app-info', user)).json()).sort()).toEqual([
      'appVersion',
      'backendVersion',
      'trackerPorts',
    ]);
    // The test app listens for no tracker: each protocol is off.
    expect((await call('GET', '/api/app-info', user)).json()).toMatchObject({
      trackerPorts: { teltonika: null, teltonikaTls: null, osmand: null },
    });
    expect((await call('GET', '/api/app-info', admin)).json()).toHaveProperty('databaseSource');
  });
});
