import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcHandoff } from '../../../src/db/oidc-schema.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { HOSTILE_TEXTS } from '../../support/hostile-input.js';
import { providerBrowser, startOpenIdProvider } from '../../support/openid-provider.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const PORTAL = 'http://portal.test';
const CALLBACK = `${PORTAL}/api/oidc/callback`;
const client = { clientId: 'evfleet', clientSecret: 'evfleet-client-secret-0123456789' };

describe.each(DATABASE_KINDS)('single sign-on through an OpenID provider on %s', (kind) => {
  let provider: Awaited<ReturnType<typeof startOpenIdProvider>>;
  let t: TestApp;
  let creating: TestApp;
  beforeAll(async () => {
    provider = await startOpenIdProvider({
      ...client,
      redirectUris: [CALLBACK],
      postLogoutRedirectUris: [`${PORTAL}/login`],
      accounts: {
        // The demo administrator's address, verified at the provider.
        admin: { email: 'Admin@evfleet.local', email_verified: true },
        unverified: { email: 'admin@evfleet.local', email_verified: false },
        newcomer: { email: 'newcomer@people.test', email_verified: true, given_name: 'Nia' },
        boss: { email: 'boss@people.test', email_verified: true, roles: ['admin'] },
      },
    });
    const oidc = {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: client.clientId,
      OIDC_CLIENT_SECRET: client.clientSecret,
      OIDC_NAME: 'Company login',
    };
    t = await createTestApp(kind, oidc);
    creating = await createTestApp(kind, { ...oidc, OIDC_CREATE_ACCOUNTS: 'true', OIDC_ROLE_CLAIM: 'roles' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await creating?.close();
    await provider?.close();
  });

  /**
   * A browser's sign-in up to the provider's return: the callback address it is sent back to, and
   * the cookie authorize set, as the browser sends it there.
   */
  const startSignIn = async (app: TestApp, login: string, browser = providerBrowser()) => {
    const start = await app.app.inject({ url: '/api/oidc/authorize' });
    expect(start.statusCode).toBe(302);
    const [key] = start.cookies;
    const back = new URL(await browser.signIn(start.headers.location as string, login, CALLBACK));
    return { callback: back.pathname + back.search, cookie: `${key.name}=${key.value}` };
  };
  /** The provider's return reaching the portal, with the cookie a browser sends; answers the web app's /oidc address. */
  const land = async (app: TestApp, callback: string, cookie?: string) => {
    const landed = await app.app.inject({ url: callback, headers: cookie === undefined ? {} : { cookie } });
    expect(landed.statusCode).toBe(302);
    return new URL(landed.headers.location as string);
  };
  /** The whole redirect flow as a browser makes it; answers the web app's /oidc address. */
  const signIn = async (app: TestApp, login: string, browser = providerBrowser()) => {
    const { callback, cookie } = await startSignIn(app, login, browser);
    return land(app, callback, cookie);
  };
  const exchange = (app: TestApp, code: string) =>
    app.app.inject({ method: 'POST', url: '/api/oidc/exchange', payload: { code } });
  const accountOf = async (app: TestApp, token: string) =>
    app.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${token}` } });

  it('tells the sign-in page about the provider', async () => {
    const status = await t.app.inject({ url: '/api/oidc/status' });
    expect(status.json()).toEqual({ enabled: true, name: 'Company login', passwordSignIn: true });
  });

  it('signs an account in by its verified address, with PKCE, and hands the token over once, never in a URL', async () => {
    const start = await t.app.inject({ url: '/api/oidc/authorize' });
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK);

    const landed = await signIn(t, 'admin');
    expect(landed.origin + landed.pathname).toBe(`${PORTAL}/oidc`);
    const code = landed.searchParams.get('code')!;
    expect([...landed.searchParams.keys()]).toEqual(['code']);
    const res = await exchange(t, code);
    expect(res.statusCode, res.body).toBe(200);
    const { id_token: token, endSessionUrl } = res.json<{ id_token: string; endSessionUrl: string }>();
    expect((await accountOf(t, token)).json()).toMatchObject({ email: 'admin@evfleet.local' });
    // The code works once.
    expect((await exchange(t, code)).statusCode).toBe(401);
    expect(new URL(endSessionUrl).origin).toBe(provider.issuer);
  });

  it('takes a one-time code within its minute, and refuses it after', async () => {
    /** Backdates the latest handoff, the sign-in's just made (each expires a minute after it is made). */
    const age = (seconds: number) =>
      t.database.db.execute(
        `update oidc_handoff set expires_at = expires_at - make_interval(secs => ${seconds})
         where expires_at = (select max(expires_at) from oidc_handoff)`,
      );
    const fresh = (await signIn(t, 'admin')).searchParams.get('code')!;
    const { rows } = await t.database.db.execute<{ seconds: number }>(
      'select extract(epoch from max(expires_at) - now())::float8 as seconds from oidc_handoff',
    );
    expect(rows[0].seconds).toBeGreaterThan(50);
    expect(rows[0].seconds).toBeLessThanOrEqual(60);
    await age(50);
    expect((await exchange(t, fresh)).statusCode).toBe(200);

    const stale = (await signIn(t, 'admin')).searchParams.get('code')!;
    await age(60);
    expect((await exchange(t, stale)).statusCode).toBe(401);
  });

  it('refuses an address the provider has not verified, and an unknown person without OIDC_CREATE_ACCOUNTS', async () => {
    expect((await signIn(t, 'unverified')).searchParams.get('error')).toBe('unverified');
    expect((await signIn(t, 'newcomer')).searchParams.get('error')).toBe('no-account');
    // A provider's return is taken once: the same state again, even with its cookie, has expired.
    const { callback, cookie } = await startSignIn(t, 'admin');
    expect((await land(t, callback, cookie)).searchParams.has('code')).toBe(true);
    expect((await land(t, callback, cookie)).searchParams.get('error')).toBe('expired');
  });

  it('makes new accounts with no role beyond ROLE_USER, or the roles OIDC_ROLE_CLAIM names', async () => {
    const newcomer = await signIn(creating, 'newcomer');
    const token = (await exchange(creating, newcomer.searchParams.get('code')!)).json<{ id_token: string }>().id_token;
    expect((await accountOf(creating, token)).json()).toMatchObject({
      login: 'newcomer@people.test',
      firstName: 'Nia',
      authorities: ['ROLE_USER'],
    });
    // ROLE_USER alone, linked to nothing, sees nothing.
    const vehicles = await creating.app.inject({ url: '/api/vehicles', headers: { authorization: `Bearer ${token}` } });
    expect(vehicles.json<{ totalCount?: number }>().totalCount ?? 0).toBe(0);
    const boss = await signIn(creating, 'boss');
    const bossToken = (await exchange(creating, boss.searchParams.get('code')!)).json<{ id_token: string }>().id_token;
    expect((await accountOf(creating, bossToken)).json()).toMatchObject({ authorities: ['ROLE_ADMIN'] });
  });

  it('signs out of evfleet and, through its end_session_endpoint, out of the provider', async () => {
    const browser = providerBrowser();
    const landed = await signIn(t, 'admin', browser);
    const { id_token: token, endSessionUrl } = (await exchange(t, landed.searchParams.get('code')!)).json<{
      id_token: string;
      endSessionUrl: string;
    }>();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(204);
    expect((await accountOf(t, token)).statusCode).toBe(401);
    // While the provider's session lasts, signing in again asks nothing.
    await signIn(t, 'admin', browser);
    expect(browser.shown).toEqual(['login', 'consent']);
    expect(await browser.signOut(endSessionUrl, `${PORTAL}/login`)).toBe(`${PORTAL}/login`);
    // The provider's session is gone: signing in again asks for the login.
    await signIn(t, 'admin', browser);
    expect(browser.shown).toEqual(['login', 'consent', 'logout', 'login', 'consent']);
  });

  it('completes a sign-in only in the browser that started it: another browser gets no one-time code', async () => {
    const handoffs = async () => (await t.database.db.select({ n: count() }).from(oidcHandoff))[0].n;
    // An attacker signs in as themselves and sends the provider's return to a victim, whose browser
    // holds no cookie for it, or the cookie of a sign-in of its own.
    const attacker = await startSignIn(t, 'admin');
    const victim = await startSignIn(t, 'admin');
    const before = await handoffs();
    for (const cookie of [undefined, victim.cookie, `${attacker.cookie}x`]) {
      const landed = await land(t, attacker.callback, cookie);
      expect([...landed.searchParams]).toEqual([['error', 'expired']]);
    }
    expect(await handoffs()).toBe(before);
    // The sign-in is still its starter's to complete.
    expect((await land(t, attacker.callback, attacker.cookie)).searchParams.has('code')).toBe(true);
  });

  it('keeps the sign-in key in an HttpOnly cookie for the callback alone, Secure behind a TLS proxy, cleared on return', async () => {
    const start = await t.app.inject({ url: '/api/oidc/authorize' });
    expect(start.cookies).toEqual([
      expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/api/oidc/callback', maxAge: 600 }),
    ]);
    expect(start.cookies[0].value).toMatch(/^[\w-]{43}$/);
    expect(start.cookies[0].secure).toBeUndefined();
    const back = await t.app.inject({ url: '/api/oidc/callback?state=unknown' });
    expect(back.cookies).toEqual([expect.objectContaining({ name: start.cookies[0].name, value: '', maxAge: 0 })]);

    const proxied = await createTestApp(kind, {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: client.clientId,
      OIDC_CLIENT_SECRET: client.clientSecret,
      TRUST_PROXY: '127.0.0.1',
    });
    try {
      const overTls = await proxied.app.inject({
        url: '/api/oidc/authorize',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.cookies[0].secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('answers any return at the callback with the web app’s /oidc page and an error (or a 400 for text no field holds), never a 5xx', async () => {
    // A sign-in under way, so some returns carry its cookie and its state and reach the provider.
    const start = await t.app.inject({ url: '/api/oidc/authorize' });
    const [key] = start.cookies;
    const state = new URL(start.headers.location as string).searchParams.get('state') ?? '';
    const text = fc.oneof(fc.constantFrom(...HOSTILE_TEXTS, state, provider.issuer), fc.string({ maxLength: 40 }));
    const params = fc.array(
      fc.tuple(fc.constantFrom('state', 'code', 'iss', 'error', 'error_description', 'session_state'), text),
      { maxLength: 6 },
    );
    const cookie = fc.option(
      fc.constantFrom(`${key.name}=${key.value}`, `${key.name}=`, `${key.name}=${'x'.repeat(5000)}`, '=;;', 'a=%zz'),
    );
    const answered = async (query: string, cookieHeader: string | null) => {
      const res = await t.app.inject({
        url: `/api/oidc/callback?${query}`,
        headers: cookieHeader === null ? {} : { cookie: cookieHeader },
      });
      // Text no field may hold (a NUL, an unpaired surrogate) is refused before, as on every route.
      if (res.statusCode === 400) expect(res.json()).toHaveProperty('fieldErrors');
      else {
        expect(res.statusCode, res.body).toBe(302);
        expect(res.headers.location).toMatch(/^http:\/\/portal\.test\/oidc\?error=(expired|failed)$/);
      }
    };
    for (const raw of ['', 'state', '%', 'state=%zz&code=%', `state=${state}&state=${state}`, 'code[]=1&state[a]=2'])
      await answered(raw, `${key.name}=${key.value}`);
    await fc.assert(
      fc.asyncProperty(params, cookie, (p, c) => answered(new URLSearchParams(p).toString(), c)),
      { numRuns: 60 },
    );
  });

  it('refuses password sign-in when PASSWORD_SIGNIN=false', async () => {
    const closed = await createTestApp(kind, { PASSWORD_SIGNIN: 'false' });
    try {
      const res = await closed.app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'admin@evfleet.local', password: 'admin123' },
      });
      expect(res.statusCode).toBe(400);
      expect((await closed.app.inject({ url: '/api/oidc/status' })).json()).toEqual({
        enabled: false,
        name: null,
        passwordSignIn: false,
      });
    } finally {
      await closed.close();
    }
  });
});
