import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK, type AuditEvent } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS } from '../../support/databases.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createDevice } from '../../support/vehicles.js';

describe.each(DATABASE_KINDS)('audit trail on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.admin();
    user = await t.user();
  });
  afterAll(() => t?.close());

  const audits = async (query: string) => {
    const res = await t.app.inject({ url: `/management/audits?${query}`, headers: { authorization: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return { events: res.json<AuditEvent[]>(), total: Number(res.headers['x-total-count']) };
  };
  /** Audit rows are written just after the reply; wait until the one looked for is there. */
  const eventually = async (query: string, found: (events: AuditEvent[]) => boolean) => {
    for (let i = 0; i < 50; i++) {
      const page = await audits(query);
      if (found(page.events)) return page;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no audit row for ${query}`);
  };

  it('records sign-ins that succeed and fail, with the attempted login and the address', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'user@evfleet.local', password: 'not-it' },
      remoteAddress: '203.0.113.9',
    });
    expect(failed.statusCode).toBe(401);
    const { events } = await eventually('type=AUTHENTICATION_FAILURE', (e) => e.length > 0);
    expect(events[0]).toMatchObject({
      principal: 'user@evfleet.local',
      type: 'AUTHENTICATION_FAILURE',
      remoteAddress: '203.0.113.9',
    });
    expect(events[0].data?.body).toMatchObject({ username: 'user@evfleet.local', password: MASK });
    await eventually('type=AUTHENTICATION_SUCCESS&principal=admin@evfleet.local', (e) => e.length > 0);
  });

  it('records a dealer created and a password changed, without secrets', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dealers',
      headers: { authorization: admin },
      payload: {
        name: 'Audit Motors',
        email: 'audit-dealer@people.test',
        mobileNumber: '0123456789',
        company: 'Audit Motors',
        password: 'dealer-pass-1',
        activation: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const { events } = await eventually('type=DEALER_CREATED', (e) => e.length > 0);
    expect(events[0]).toMatchObject({
      principal: 'admin',
      data: { method: 'POST', route: '/api/dealers', status: 201 },
    });
    expect(JSON.stringify(events[0].data)).not.toContain('dealer-pass-1');

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: { authorization: user },
      payload: { currentPassword: 'user1234', newPassword: 'user12345' },
    });
    expect(changed.statusCode).toBe(200);
    const pw = await eventually('type=PASSWORD_CHANGED', (e) => e.length > 0);
    expect(pw.events[0].principal).toBe('user');
    expect(JSON.stringify(pw.events[0].data)).not.toContain('user12345');
  });

  it('names the account or vehicle in every row about one, with the actor, never the key', async () => {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, authorization = admin) =>
      t.app.inject({ method, url, payload, headers: authorization ? { authorization } : {} });
    const keyOf = async (column: 'reset_key' | 'activation_key', login: string) => {
      const { rows } = await t.database.db.execute<{ key: string }>(
        sql`select ${sql.raw(column)} as key from app_user where login = ${login}`,
      );
      return rows[0].key;
    };
    const subjectOf = async (type: string, subject: string) => {
      const { events } = await eventually(`type=${type}`, (e) => e.some((r) => r.data?.subject === subject));
      return events.find((r) => r.data?.subject === subject)!;
    };

    // Activation: the key names nobody; the row names the account.
    await call('POST', '/api/register', { login: 'audited1', email: 'audited1@fleet.test', password: 'pass-1234' }, '');
    const activationKey = await keyOf('activation_key', 'audited1');
    expect((await call('GET', `/api/activate?key=${activationKey}`, undefined, '')).statusCode).toBe(200);
    const activated = await subjectOf('ACCOUNT_ACTIVATED', 'audited1');
    expect(JSON.stringify(activated)).not.toContain(activationKey);

    // A password set by a manager, then a reset link sent and followed.
    const set = await call('POST', '/api/account/update-password-prototype', {
      email: 'audited1@fleet.test',
      newPassword: 'set-by-admin-1',
      confirmNewPassword: 'set-by-admin-1',
    });
    expect(set.statusCode).toBe(200);
    expect((await subjectOf('PASSWORD_SET', 'audited1')).principal).toBe('admin');
    expect((await call('POST', '/api/account/send-reset-link?mail=audited1@fleet.test')).statusCode).toBe(200);
    expect((await subjectOf('PASSWORD_RESET_LINK_SENT', 'audited1')).principal).toBe('admin');
    const resetKey = await keyOf('reset_key', 'audited1');
    const finished = await call(
      'POST',
      '/api/account/reset-password/finish',
      { key: resetKey, newPassword: 'via-link-1' },
      '',
    );
    expect(finished.statusCode).toBe(200);
    const reset = await subjectOf('PASSWORD_RESET_COMPLETED', 'audited1');
    expect(reset.principal).toBe('anonymous');
    expect(JSON.stringify(reset)).not.toContain(resetKey);

    // A deactivation and a deletion by an administrator.
    const id = (await call('GET', '/api/users?size=50'))
      .json<{ id: number; login: string }[]>()
      .find((u) => u.login === 'audited1')!.id;
    const deactivate = {
      id,
      login: 'audited1',
      email: 'audited1@fleet.test',
      activated: false,
      authorities: ['ROLE_USER'],
    };
    expect((await call('PUT', '/api/users', deactivate)).statusCode).toBe(200);
    expect((await subjectOf('USER_UPDATED', 'audited1')).principal).toBe('admin');
    expect((await call('DELETE', `/api/users/${id}`)).statusCode).toBe(204);
    expect((await subjectOf('USER_DELETED', 'audited1')).principal).toBe('admin');

    // A device token rotated: the vehicle, never the token.
    const device = await createDevice(t.database, 'VIN-AUDIT-1');
    const rotated = await call('POST', `/api/vehicles/${device.id}/device-token`);
    expect(rotated.statusCode).toBe(200);
    const rotation = await subjectOf('DEVICE_TOKEN_ROTATED', 'vehicle VIN-AUDIT-1');
    expect(JSON.stringify(rotation)).not.toContain(rotated.json<{ token: string }>().token);
  });

  it('pages, sorts and filters by date with x-total-count', async () => {
    const all = await audits('size=1000');
    expect(all.total).toBeGreaterThanOrEqual(4);
    const page = await audits('page=1&size=2&sort=timestamp,asc');
    expect(page.events).toHaveLength(2);
    expect(page.total).toBe(all.total);
    expect(page.events[0].timestamp <= page.events[1].timestamp).toBe(true);
    expect(page.events.map((e) => e.id)).toEqual(
      all.events
        .slice(-4, -2)
        .reverse()
        .map((e) => e.id),
    );

    // From the oldest event's day: a run that passes midnight has events on two days.
    const oldest = all.events.at(-1)!.timestamp.slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audits(`fromDate=${oldest}&toDate=${today}`)).total).toBe(all.total);
    expect((await audits('fromDate=2001-01-01&toDate=2001-01-31')).total).toBe(0);
  });

  it('refuses bad queries and any attempt to change audit rows', async () => {
    for (const query of [
      'size=0',
      'page=-1',
      'sort=password',
      'fromDate=yesterday',
      'fromDate=2024-02-02&toDate=2024-02-01',
    ]) {
      const res = await t.app.inject({ url: `/management/audits?${query}`, headers: { authorization: admin } });
      expect(res.statusCode, query).toBe(400);
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/management/audits',
        headers: { authorization: admin },
        payload: {},
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/management/audits/1', headers: { authorization: admin } }))
        .statusCode,
    ).toBe(404);
  });
});
