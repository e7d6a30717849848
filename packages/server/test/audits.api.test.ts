import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK, type AuditEvent } from '@evfleet/domain';
import { DATABASE_KINDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

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
