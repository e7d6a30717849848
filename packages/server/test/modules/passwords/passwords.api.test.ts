import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, snapshot, type Caller, type Tenant } from '../../support/people.js';
import { linkIn, startSmtp } from '../../support/smtp.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('passwords set by managers on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Caller;
  let a: Tenant;
  const reset = (email: string, password = 'fresh-pass-9') => ({
    email,
    newPassword: password,
    confirmNewPassword: password,
  });
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    admin = callerFor(t, await t.admin());
    a = await createTenant(t, await t.admin(), 'A');
    await createTenant(t, await t.admin(), 'B');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('lets an administrator, the dealer and the fleet owner set a password that then signs in', async () => {
    const setBy = async (token: string, email: string, password: string) => {
      const res = await callerFor(t, token)('POST', '/api/account/update-password-prototype', reset(email, password));
      expect(res.statusCode, `${email} by ${token.slice(-6)}`).toBe(200);
      expect(await t.bearer(email, password)).toMatch(/^Bearer /);
    };
    const oldDealer = a.dealer;
    await setBy(await t.admin(), 'dealer-a1@people.test', 'by-admin-1');
    // A password set for someone ends that person's sessions; they sign in with the new one.
    expect((await callerFor(t, oldDealer)('GET', '/api/account')).statusCode).toBe(401);
    a.dealer = await t.bearer('dealer-a1@people.test', 'by-admin-1');
    await setBy(a.dealer, 'fleet-a1@people.test', 'by-dealer-1');
    a.fleet = await t.bearer('fleet-a1@people.test', 'by-dealer-1');
    await setBy(a.dealer, 'driver-a1@people.test', 'by-dealer-2');
    await setBy(a.fleet, 'driver-a1@people.test', 'by-fleet-1');
    a.driver = await t.bearer('driver-a1@people.test', 'by-fleet-1');
  });

  it('refuses accounts outside the caller’s reach with 403, unknown ones with 404 for administrators only', async () => {
    const before = await snapshot(t);
    const status = async (token: string, email: string) =>
      (await callerFor(t, token)('POST', '/api/account/update-password-prototype', reset(email))).statusCode;
    expect(await status(a.dealer, 'fleet-b2@people.test')).toBe(403);
    expect(await status(a.dealer, 'driver-b2@people.test')).toBe(403);
    expect(await status(a.dealer, 'admin@evfleet.local')).toBe(403);
    expect(await status(a.dealer, 'user@evfleet.local')).toBe(403);
    expect(await status(a.dealer, 'dealer-b2@people.test')).toBe(403);
    expect(await status(a.dealer, 'nobody@people.test')).toBe(403);
    expect(await status(a.fleet, 'fleet-b2@people.test')).toBe(403);
    expect(await status(a.fleet, 'driver-b2@people.test')).toBe(403);
    expect(await status(a.fleet, 'dealer-a1@people.test')).toBe(403);
    expect(await status(a.driver, 'driver-a1@people.test')).toBe(403);
    expect(await status(await t.user(), 'driver-a1@people.test')).toBe(403);
    expect(await status(await t.admin(), 'nobody@people.test')).toBe(404);
    const mismatch = await admin('POST', '/api/account/update-password-prototype', {
      email: 'driver-a1@people.test',
      newPassword: 'abcdef1',
      confirmNewPassword: 'abcdef2',
    });
    expect(mismatch.json().fieldErrors[0]).toMatchObject({
      field: 'confirmNewPassword',
      message: 'The password and its confirmation do not match!',
    });
    const empty = await admin('POST', '/api/account/update-password-prototype', {
      email: 'driver-a1@people.test',
      newPassword: '',
      confirmNewPassword: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it("mails a reset link with 'Send Link'; following it sets the password", async () => {
    const res = await callerFor(t, a.dealer)('POST', '/api/account/send-reset-link?mail=fleet-a1@people.test');
    expect(res.statusCode).toBe(200);
    const link = linkIn((await smtp.waitFor('fleet-a1@people.test')).raw, '/account/reset/finish');
    const key = new URL(link).searchParams.get('key');
    const finish = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/finish',
      payload: { key, newPassword: 'from-link-1' },
    });
    expect(finish.statusCode).toBe(200);
    expect(await t.bearer('fleet-a1@people.test', 'from-link-1')).toMatch(/^Bearer /);

    expect(
      (await callerFor(t, a.dealer)('POST', '/api/account/send-reset-link?mail=fleet-b2@people.test')).statusCode,
    ).toBe(403);
    expect((await admin('POST', '/api/account/send-reset-link?mail=nobody@people.test')).statusCode).toBe(404);
    expect((await admin('POST', '/api/account/send-reset-link')).statusCode).toBe(400);
    expect(smtp.received.some((m) => m.to.includes('fleet-b2@people.test'))).toBe(false);
  });
});
