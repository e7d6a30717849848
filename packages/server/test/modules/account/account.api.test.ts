import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { linkIn, startSmtp } from '../../support/smtp.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('account API on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload?: object, authorization?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: authorization ? { authorization } : {} });

  it('signs in with email or login and returns the account', async () => {
    const byLogin = await post('/api/authenticate', { username: 'admin', password: 'admin123' });
    expect(byLogin.statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/account', headers: { authorization: await t.admin() } });
    expect(res.json()).toEqual({
      id: expect.any(Number),
      login: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@evfleet.local',
      activated: true,
      langKey: 'en',
      authorities: ['ROLE_ADMIN', 'ROLE_USER'],
    });
    expect(res.body).not.toContain('password');
  });

  it('refuses a wrong password with error.http.401', async () => {
    const res = await post('/api/authenticate', { username: 'user@evfleet.local', password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'error.http.401' });
  });

  it('answers 401 without or with a forged token', async () => {
    expect((await t.app.inject({ url: '/api/account' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/account', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
  });

  it('issues a longer-lived token with rememberMe', async () => {
    const exp = async (rememberMe: boolean) => {
      const res = await post('/api/authenticate', { username: 'user', password: 'user1234', rememberMe });
      const payload = JSON.parse(
        Buffer.from(res.json<{ id_token: string }>().id_token.split('.')[1], 'base64url').toString(),
      );
      return payload.exp - payload.iat;
    };
    expect(await exp(false)).toBe(86_400);
    expect(await exp(true)).toBe(2_592_000);
  });

  it('registers, mails an activation link, refuses sign-in until activated, then signs in', async () => {
    const reg = await post('/api/register', {
      login: 'newbie',
      email: 'newbie@fleet.test',
      password: 'secret12',
      langKey: 'en',
    });
    expect(reg.statusCode).toBe(201);
    const before = await post('/api/authenticate', { username: 'newbie@fleet.test', password: 'secret12' });
    expect(before.statusCode).toBe(401);

    const link = linkIn((await smtp.waitFor('newbie@fleet.test')).raw, '/account/activate');
    expect(link.startsWith('http://portal.test/account/activate?key=')).toBe(true);
    const key = new URL(link).searchParams.get('key');
    expect((await t.app.inject({ url: `/api/activate?key=${key}` })).statusCode).toBe(200);
    expect((await post('/api/authenticate', { username: 'newbie@fleet.test', password: 'secret12' })).statusCode).toBe(
      200,
    );

    const again = await t.app.inject({ url: `/api/activate?key=${key}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'User can not be activated!' });
  });

  it('answers a registration the same whether its login or address is taken, and tells by mail', async () => {
    const fresh = await post('/api/register', {
      login: 'newcomer',
      email: 'newcomer@fleet.test',
      password: 'secret12',
    });
    const login = await post('/api/register', { login: 'admin', email: 'other@fleet.test', password: 'secret12' });
    const email = await post('/api/register', { login: 'someone', email: 'ADMIN@evfleet.local', password: 'secret12' });
    for (const res of [fresh, login, email]) {
      expect(res.statusCode).toBe(201);
      expect(res.body).toBe('{}');
      expect(res.headers['x-evfleetapp-error']).toBeUndefined();
    }
    // The address's owner learns someone tried; the new address learns its login is taken.
    expect((await smtp.waitFor('admin@evfleet.local')).raw).toContain('Someone tried to register an evfleet account');
    expect((await smtp.waitFor('other@fleet.test')).raw).toContain('"admin", which is already taken');
    const users = await t.app.inject({ url: '/api/users?size=100', headers: { authorization: await t.admin() } });
    const logins = users.json<{ login: string; email: string }[]>().map((u) => u.login);
    expect(logins).toContain('newcomer');
    expect(logins).not.toContain('someone');
    expect(users.json<{ email: string }[]>().map((u) => u.email)).not.toContain('other@fleet.test');
  });

  it('validates registration with the spec messages as field errors', async () => {
    const res = await post('/api/register', { login: 'bad login!', email: 'x@y', password: '123' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('error.validation');
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([
        { objectName: 'body', field: 'login', message: 'Your username is invalid.' },
        { objectName: 'body', field: 'email', message: 'Your email is required to be at least 5 characters.' },
        { objectName: 'body', field: 'password', message: 'Your password is required to be at least 4 characters.' },
      ]),
    );
  });

  it('resets a password through the mailed link and answers the same for unknown addresses', async () => {
    const unknown = await post('/api/account/reset-password/init?mail=nobody@fleet.test');
    expect(unknown.statusCode).toBe(200);
    const res = await post('/api/account/reset-password/init?mail=user@evfleet.local');
    expect(res.statusCode).toBe(200);
    const key = new URL(
      linkIn((await smtp.waitFor('user@evfleet.local')).raw, '/account/reset/finish'),
    ).searchParams.get('key');

    const tooShort = await post('/api/account/reset-password/finish', { key, newPassword: '12345' });
    expect(tooShort.json().fieldErrors[0]).toMatchObject({
      field: 'newPassword',
      message: 'Your name must be between 6 and 16 characters',
    });
    expect((await post('/api/account/reset-password/finish', { key, newPassword: 'brand-new-1' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/authenticate', { username: 'user', password: 'brand-new-1' })).statusCode).toBe(200);
    const reused = await post('/api/account/reset-password/finish', { key, newPassword: 'brand-new-2' });
    expect(reused.statusCode).toBe(400);
    expect(smtp.received.some((m) => m.to.includes('nobody@fleet.test'))).toBe(false);
  });

  it('changes the password only with the right current password, ending the old sessions', async () => {
    const auth = await t.bearer('admin', 'admin123');
    const elsewhere = await t.bearer('admin', 'admin123');
    const wrong = await post(
      '/api/account/change-password',
      { currentPassword: 'nope-nope', newPassword: 'admin1234' },
      auth,
    );
    expect(wrong.statusCode).toBe(400);
    const changed = await post(
      '/api/account/change-password',
      { currentPassword: 'admin123', newPassword: 'admin1234' },
      auth,
    );
    expect(changed.statusCode).toBe(200);
    const fresh = `Bearer ${changed.json<{ id_token: string }>().id_token}`;
    expect((await post('/api/authenticate', { username: 'admin', password: 'admin1234' })).statusCode).toBe(200);
    for (const old of [auth, elsewhere])
      expect((await t.app.inject({ url: '/api/account', headers: { authorization: old } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/account', headers: { authorization: fresh } })).statusCode).toBe(200);
    expect(
      (await post('/api/account/change-password', { currentPassword: 'admin1234', newPassword: 'admin123' }, fresh))
        .statusCode,
    ).toBe(200);
  });

  it('saves account settings and refuses an email taken by another user', async () => {
    const auth = await t.bearer('admin', 'admin123');
    const ok = await post(
      '/api/account',
      { firstName: 'Ada', lastName: 'Lovelace', email: 'admin@evfleet.local', langKey: 'en' },
      auth,
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/account', headers: { authorization: auth } })).json().lastName).toBe(
      'Lovelace',
    );
    const taken = await post('/api/account', { firstName: 'Ada', lastName: 'L', email: 'newbie@fleet.test' }, auth);
    expect(taken.headers['x-evfleetapp-error']).toBe('Email is already in use!');
  });
});
