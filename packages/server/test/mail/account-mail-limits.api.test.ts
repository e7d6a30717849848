import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAILS_PER_HOUR } from '../../src/mail/outbox.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** docs/security.md, "No mail bombing": account mails to one address, a few an hour and one unsent copy. */
describe.each(DATABASE_KINDS)('account mail limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No mail server listens there: every mail stays unsent, as during an outage.
    t = await createTestApp(kind, { SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => t?.close());

  const requestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: `/api/account/reset-password/init?mail=${email}` });
  const mails = async (to: string) =>
    (
      await t.database.db.execute<{ body: string; sent_at: Date | null }>(
        sql`select body, sent_at from mail_outbox where recipient = ${to} order by id`,
      )
    ).rows;
  const resetKey = async (login: string) =>
    (await t.database.db.execute<{ key: string }>(sql`select reset_key as key from app_user where login = ${login}`))
      .rows[0].key;

  it('keeps one unsent reset mail an address, with the newest key, and the key it mails valid', async () => {
    for (let i = 0; i < 2; i++) expect((await requestReset('user@evfleet.local')).statusCode).toBe(200);
    const unsent = await mails('user@evfleet.local');
    expect(unsent).toHaveLength(1);
    expect(unsent[0].body).toContain(`key=${await resetKey('user')}`);
  });

  const held = async () => {
    const admin = await t.admin();
    const summary = await t.app.inject({ url: '/management/jhimetrics', headers: { authorization: admin } });
    const text = (await t.app.inject({ url: '/management/prometheus', headers: { authorization: admin } })).body;
    const counter = Number(/^evfleet_account_mails_held_total (\d+)$/m.exec(text)?.[1]);
    expect(counter).toBe(summary.json<{ outbox: { held: number } }>().outbox.held);
    return counter;
  };

  it(`sends at most ${ACCOUNT_MAILS_PER_HOUR} an hour to an address, answers the rest as usual and counts them`, async () => {
    const heldBefore = await held();
    // Each mail delivered before the next request: none replaces another.
    await t.database.db.execute(sql`update mail_outbox set sent_at = now() where sent_at is null`);
    for (let i = 0; i < ACCOUNT_MAILS_PER_HOUR + 2; i++) {
      expect((await requestReset('admin@evfleet.local')).statusCode).toBe(200);
      await t.database.db.execute(sql`update mail_outbox set sent_at = now() where sent_at is null`);
    }
    const sent = await mails('admin@evfleet.local');
    expect(sent).toHaveLength(ACCOUNT_MAILS_PER_HOUR);
    // The key of the last mail sent is the valid one: a request that sent nothing changed nothing.
    expect(sent.at(-1)!.body).toContain(`key=${await resetKey('admin')}`);
    expect((await held()) - heldBefore).toBe(2);
  });
});
