import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { linkIn, startSmtp } from '../../support/smtp.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** Reset keys die with the right that made them (docs/security.md, "Sessions"). */
describe.each(DATABASE_KINDS)('reset keys on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    admin = await t.admin();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, authorization = admin) =>
    t.app.inject({ method, url, payload, headers: { authorization } });
  let made = 0;
  /** An activated account with a password, made by the administrator. */
  const account = async () => {
    const login = `keyed${++made}`;
    const created = await call('POST', '/api/users', {
      login,
      email: `${login}@fleet.test`,
      authorities: ['ROLE_USER'],
      password: 'first-pass-1',
    });
    expect(created.statusCode).toBe(201);
    return { id: created.json<{ id: number }>().id, login, email: `${login}@fleet.test` };
  };
  /** A fresh reset key for the address, mailed by the administrator's 'Send Link'. */
  const resetKey = async (email: string) => {
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    expect((await call('POST', `/api/account/send-reset-link?mail=${email}`)).statusCode).toBe(200);
    for (let waited = 0; smtp.received.filter((m) => m.to.includes(email)).length === before; waited += 20) {
      if (waited > 10_000) throw new Error(`no reset mail for ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
    return new URL(linkIn(mail.raw, '/account/reset/finish')).searchParams.get('key')!;
  };
  const finish = (key: string, newPassword = 'from-the-link-1') =>
    t.app.inject({ method: 'POST', url: '/api/account/reset-password/finish', payload: { key, newPassword } });
  const update = (a: { id: number; login: string; email: string }, changes: object) =>
    call('PUT', '/api/users', { id: a.id, login: a.login, email: a.email, authorities: ['ROLE_USER'], ...changes });

  it('die when the account changes its own password', async () => {
    const a = await account();
    const key = await resetKey(a.email);
    const own = await t.bearer(a.login, 'first-pass-1');
    const changed = await call(
      'POST',
      '/api/account/change-password',
      { currentPassword: 'first-pass-1', newPassword: 'second-pass-2' },
      own,
    );
    expect(changed.statusCode).toBe(200);
    expect((await finish(key)).statusCode).toBe(400);
    expect(await t.bearer(a.login, 'second-pass-2')).toMatch(/^Bearer /);
  });

  it('die when an administrator or a manager sets the password', async () => {
    const a = await account();
    const first = await resetKey(a.email);
    expect((await update(a, { activated: true, password: 'set-by-admin-1' })).statusCode).toBe(200);
    expect((await finish(first)).statusCode).toBe(400);
    const second = await resetKey(a.email);
    const set = await call('POST', '/api/account/update-password-prototype', {
      email: a.email,
      newPassword: 'set-by-admin-2',
      confirmNewPassword: 'set-by-admin-2',
    });
    expect(set.statusCode).toBe(200);
    expect((await finish(second)).statusCode).toBe(400);
    expect(await t.bearer(a.login, 'set-by-admin-2')).toMatch(/^Bearer /);
  });

  it('die with a deactivation, and a reset never activates a deactivated account', async () => {
    const a = await account();
    const key = await resetKey(a.email);
    expect((await update(a, { activated: false })).statusCode).toBe(200);
    expect((await finish(key)).statusCode).toBe(400);
    // A link sent after the deactivation sets the password, and the account stays deactivated.
    const later = await resetKey(a.email);
    expect((await finish(later)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${a.id}`)).json()).toMatchObject({ activated: false });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: a.login, password: 'from-the-link-1' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('die with a newer reset and with the account; an edit of an inactive invitee keeps its key', async () => {
    const a = await account();
    const older = await resetKey(a.email);
    const newer = await resetKey(a.email);
    expect((await finish(older)).statusCode).toBe(400);
    const gone = await resetKey(a.email);
    expect((await call('DELETE', `/api/users/${a.id}`)).statusCode).toBe(204);
    expect((await finish(gone)).statusCode).toBe(400);
    expect(newer).not.toBe(older);

    // Made inactive without a password: the creation mail's key survives edits of its name.
    const created = await call('POST', '/api/users', {
      login: 'invitee1',
      email: 'invitee1@fleet.test',
      activated: false,
      authorities: ['ROLE_USER'],
    });
    expect(created.statusCode).toBe(201);
    const invitee = { id: created.json<{ id: number }>().id, login: 'invitee1', email: 'invitee1@fleet.test' };
    const link = linkIn((await smtp.waitFor(invitee.email)).raw, '/account/reset/finish');
    expect((await update(invitee, { activated: false, lastName: 'Renamed' })).statusCode).toBe(200);
    expect((await finish(new URL(link).searchParams.get('key')!)).statusCode).toBe(200);
  });
});
