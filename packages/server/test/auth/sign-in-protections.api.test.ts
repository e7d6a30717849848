import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Signs in from `remoteAddress`, as `user` unless told. */
const signIn = (
  app: TestApp,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
  username = 'user',
) =>
  app.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password }, headers, remoteAddress });

/** docs/security.md "Sign-in" and "Every answer": limits that hold per real client, and closed headers. */
describe('sign-in protections', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    const limits = { LOGIN_ATTEMPTS_PER_MINUTE: '5', LOGIN_FAILURES_PER_ACCOUNT: '3' };
    t = await createTestApp('pglite', limits);
    proxied = await createTestApp('pglite', { ...limits, TRUST_PROXY: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });

  it('does not let a client escape the rate limit by inventing X-Forwarded-For addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await signIn(t, 'wrong-pass', { 'x-forwarded-for': `203.0.113.${i}` }, '198.51.100.7')).statusCode,
      );
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('believes X-Forwarded-For from a configured proxy, so clients behind it are limited one by one', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn(proxied, 'user1234', { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(200);
    expect((await signIn(proxied, 'user1234', { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(429);
    expect((await signIn(proxied, 'user1234', { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(200);
  });

  it('locks an account out for the client that failed, not for its owner signing in elsewhere', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(t, 'wrong-pass', {}, '192.0.2.66')).statusCode).toBe(401);
    const locked = await signIn(t, 'user1234', {}, '192.0.2.66');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(t, 'user1234', {}, '192.0.2.77')).statusCode).toBe(200);
  });

  it('counts the attempts of every instance on one database: another instance keeps the lockout', async () => {
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    await second.ready();
    try {
      for (let i = 0; i < 3; i++) expect((await signIn(t, 'wrong-pass', {}, '192.0.2.99')).statusCode).toBe(401);
      const elsewhere = await second.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'user', password: 'user1234' },
        remoteAddress: '192.0.2.99',
      });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('sends the security headers on every answer, and no CORS grant or cookie', async () => {
    for (const url of ['/', '/api/account', '/management/health', '/no/such/route']) {
      const res = await t.app.inject({ url, headers: { origin: 'https://evil.test' } });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/authenticate',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const signedIn = await signIn(t, 'user1234', {}, '192.0.2.88');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
  });

  it("checks the caller before the body: invalid bodies to administrators' routes get 401 or 403, never the schema's field errors", async () => {
    const user = await t.user();
    const routes: [string, string][] = [
      ['POST', '/api/vehicles'],
      ['PUT', '/api/vehicles'],
      ['POST', '/api/fleets'],
      ['POST', '/api/dealers'],
      ['PUT', '/api/dealers'],
      ['POST', '/api/users'],
      ['PUT', '/api/users'],
      ['PUT', '/api/dashboard/settings'],
    ];
    for (const [method, url] of routes) {
      const anonymous = await t.app.inject({ method: method as 'POST', url, payload: { nonsense: true } });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.body).not.toContain('fieldErrors');
      const plain = await t.app.inject({
        method: method as 'POST',
        url,
        payload: { nonsense: true },
        headers: { authorization: user },
      });
      expect(plain.statusCode, `${method} ${url}`).toBe(403);
      expect(plain.body).not.toContain('fieldErrors');
    }
    // The role without the link that gives it records is refused before the body too.
    const admin = await t.admin();
    await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: admin },
      payload: { login: 'lonely', email: 'lonely@guard.test', authorities: ['ROLE_DEALER'], password: 'lonely-1' },
    });
    const lonely = await t.bearer('lonely', 'lonely-1');
    for (const url of ['/api/fleets', '/api/drivers']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { nonsense: true },
        headers: { authorization: lonely },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('fieldErrors');
    }
  });
});

/** docs/security.md "Sign-in": every password check counts as a sign-in, on either database. */
describe.each(DATABASE_KINDS)('password checks besides sign-in on %s', (kind) => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp(kind, { LOGIN_ATTEMPTS_PER_MINUTE: '5', LOGIN_FAILURES_PER_ACCOUNT: '3' });
  }, 120_000);
  afterAll(() => c?.close());
  it('limits the current password of a password change as sign-in does, in one count with it', async () => {
    const token = (await signIn(c, 'user1234', {}, '192.0.2.120')).json<{ id_token: string }>().id_token;
    const change = (currentPassword: string, remoteAddress: string) =>
      c.app.inject({
        method: 'POST',
        url: '/api/account/change-password',
        payload: { currentPassword, newPassword: 'user1234' },
        headers: { authorization: `Bearer ${token}` },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await change('guess-number-' + i, '192.0.2.121')).statusCode).toBe(400);
    const locked = await change('user1234', '192.0.2.121');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same count holds the sign-in of that account from that client, by login or by e-mail.
    expect((await signIn(c, 'user1234', {}, '192.0.2.121')).statusCode).toBe(429);
    expect((await signIn(c, 'user1234', {}, '192.0.2.121', 'USER@evfleet.local')).statusCode).toBe(429);
    // The client's rate holds too: 5 attempts a minute, whichever call makes them.
    const admin = (password: string) => signIn(c, password, {}, '192.0.2.122', 'admin');
    for (let i = 0; i < 3; i++) await change('guess-again-' + i, '192.0.2.122');
    for (let i = 0; i < 2; i++) expect((await admin('wrong-pass')).statusCode).toBe(401);
    expect((await admin('admin123')).statusCode).toBe(429);
    // Another client is not held.
    expect((await change('user1234', '192.0.2.123')).statusCode).toBe(200);
  });
});
