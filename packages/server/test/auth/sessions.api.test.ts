import { Client } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor, createTenant } from '../support/people.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Sessions end with their accounts (docs/security.md "Sessions"). */
describe.each(DATABASE_KINDS)('sessions on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.admin();
  });
  afterAll(() => t?.close());

  const account = (bearer: string) => t.app.inject({ url: '/api/account', headers: { authorization: bearer } });
  /** A fresh account with these roles, signed in twice (two devices). */
  const person = async (authorities: string[]) => {
    const login = `person${++n}`;
    const res = await callerFor(t, admin)('POST', '/api/users', {
      login,
      email: `${login}@sessions.test`,
      authorities,
      password: 'person-pass-1',
    });
    expect(res.statusCode).toBe(201);
    return {
      id: res.json<{ id: number }>().id,
      login,
      tokens: [await t.bearer(login, 'person-pass-1'), await t.bearer(login, 'person-pass-1')],
    };
  };
  const userBody = async (id: number) =>
    (await callerFor(t, admin)('GET', `/api/users/${id}`)).json<Record<string, unknown>>();

  it("ends a deleted administrator's sessions: its token cannot create another administrator", async () => {
    const p = await person(['ROLE_ADMIN', 'ROLE_USER']);
    expect((await callerFor(t, admin)('DELETE', `/api/users/${p.id}`)).statusCode).toBe(204);
    const attempt = await callerFor(t, p.tokens[0])('POST', '/api/users', {
      login: 'mallory',
      email: 'mallory@sessions.test',
      authorities: ['ROLE_ADMIN'],
      password: 'mallory-1',
    });
    expect(attempt.statusCode).toBe(401);
    expect(
      (await callerFor(t, admin)('GET', '/api/users?size=1000')).json<{ login: string }[]>().map((u) => u.login),
    ).not.toContain('mallory');
  });

  it('ends the sessions of a deactivated account, of changed roles and of a password set by an administrator', async () => {
    const deactivated = await person(['ROLE_USER']);
    await callerFor(t, admin)('PUT', '/api/users', { ...(await userBody(deactivated.id)), activated: false });
    const demoted = await person(['ROLE_ADMIN', 'ROLE_USER']);
    await callerFor(t, admin)('PUT', '/api/users', { ...(await userBody(demoted.id)), authorities: ['ROLE_USER'] });
    const renamed = await person(['ROLE_USER']);
    await callerFor(t, admin)('PUT', '/api/users', { ...(await userBody(renamed.id)), lastName: 'Renamed' });
    const newPassword = await person(['ROLE_USER']);
    await callerFor(t, admin)('PUT', '/api/users', { ...(await userBody(newPassword.id)), password: 'another-pass-2' });

    for (const ended of [deactivated, demoted, newPassword])
      for (const token of ended.tokens) expect((await account(token)).statusCode).toBe(401);
    // A change that touches neither roles, password nor activation leaves the sessions alone.
    for (const token of renamed.tokens) expect((await account(token)).statusCode).toBe(200);
    // Signing in again works for those still allowed to.
    expect((await account(await t.bearer(demoted.login, 'person-pass-1'))).json()).toMatchObject({
      authorities: ['ROLE_USER'],
    });
  });

  it("signing out ends every session of the account, and no one else's", async () => {
    const p = await person(['ROLE_USER']);
    const other = await person(['ROLE_USER']);
    expect((await callerFor(t, p.tokens[0])('POST', '/api/logout')).statusCode).toBe(204);
    for (const token of p.tokens) expect((await account(token)).statusCode).toBe(401);
    expect((await account(other.tokens[0])).statusCode).toBe(200);
    expect((await account(await t.bearer(p.login, 'person-pass-1'))).statusCode).toBe(200);
  });

  it("ends a driver's sessions when its driver record is deleted", async () => {
    const tenant = await createTenant(t, admin, 'S');
    const drivers = callerFor(t, tenant.driver);
    expect((await drivers('GET', `/api/drivers/${tenant.driverId}`)).statusCode).toBe(200);
    expect(
      (await callerFor(t, admin)('DELETE', `/api/drivers/${tenant.driverId}?delete=true`)).statusCode,
    ).toBeLessThan(300);
    for (const url of [
      '/api/account',
      '/api/vehicles',
      '/api/drivers',
      `/api/vehicles/${tenant.vehicles.withDriver}`,
      '/api/dashboard/dashboardCounts',
    ]) {
      expect([401, 403]).toContain((await drivers('GET', url)).statusCode);
    }
  });
});

describe('sessions with the production cache', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SESSION_CHECK_SECONDS: '5' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/evts-websocket`;
  });
  afterAll(() => t?.close());

  it('ends HTTP sessions and closes the live socket with an ERROR frame within 5 seconds of a deactivation', async () => {
    const admin = callerFor(t, await t.admin());
    const created = await admin('POST', '/api/users', {
      login: 'watcher',
      email: 'watcher@sessions.test',
      authorities: ['ROLE_USER'],
      password: 'watcher-1',
    });
    const id = created.json<{ id: number }>().id;
    // A staff member, so the live feed has something to show it.
    await t.database.db.execute(`update app_user set staff = true where id = ${id}`);
    const token = await t.bearer('watcher', 'watcher-1');
    expect((await t.app.inject({ url: '/api/account', headers: { authorization: token } })).statusCode).toBe(200);

    const errors: string[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(base),
      connectHeaders: { Authorization: token },
      reconnectDelay: 0,
      onStompError: (f) => errors.push(f.headers.message),
    });
    const closed = new Promise<void>((resolve) => (client.onWebSocketClose = () => resolve()));
    await new Promise<void>((resolve) => {
      client.onConnect = () => {
        client.subscribe('/evts/ws/mapdetails', () => undefined, { initial: 'none' });
        resolve();
      };
      client.activate();
    });

    const body = (await admin('GET', `/api/users/${id}`)).json<Record<string, unknown>>();
    const changedAt = Date.now();
    expect((await admin('PUT', '/api/users', { ...body, activated: false })).statusCode).toBe(200);
    let httpEndedAfter = Infinity;
    while (Date.now() - changedAt < 6000) {
      if ((await t.app.inject({ url: '/api/account', headers: { authorization: token } })).statusCode === 401) {
        httpEndedAfter = Date.now() - changedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(httpEndedAfter).toBeLessThanOrEqual(5000);
    await Promise.race([closed, new Promise((r) => setTimeout(r, 6000))]);
    expect(Date.now() - changedAt).toBeLessThanOrEqual(5500);
    expect(errors).toEqual(['Your session has ended. Please sign in again.']);
    await client.deactivate();
  }, 20_000);
});
