import { API_KEY_LIMITS } from '@evfleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../src/auth/api-keys.js';
import type { SessionAccount } from '../../src/auth/sessions.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor } from '../support/people.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe.each(DATABASE_KINDS)("an API key's allowance on %s", (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await callerFor(t, await t.admin())('POST', '/api/api-keys', { name: 'Shared', scopes: ['read'] });
    expect(res.statusCode, res.body).toBe(201);
    key = res.json<{ key: string }>().key;
  });
  afterAll(() => t?.close());

  it('is 100 requests a second for the key, however many instances take them', async () => {
    let clock = Date.parse('2026-11-30T10:00:00.250Z');
    const owner: SessionAccount = {
      id: 1,
      login: 'admin',
      authorities: ['ROLE_ADMIN'],
      activated: true,
      sessionVersion: 0,
    };
    // Two instances: each its own authenticator over the one database.
    const [one, two] = [0, 1].map(() =>
      createApiKeys({ db: t.database.db, account: () => Promise.resolve(owner), now: () => clock }),
    );
    const answers: string[] = [];
    for (let i = 0; i < API_KEY_LIMITS.requestsPerSecond; i++) {
      const caller = await (i % 2 ? two : one).authenticate(key, '192.0.2.1');
      answers.push(caller === 'limited' ? 'limited' : caller === null ? 'refused' : 'ok');
    }
    expect(answers.every((a) => a === 'ok')).toBe(true);
    expect(await one.authenticate(key, '192.0.2.1')).toBe('limited');
    expect(await two.authenticate(key, '192.0.2.1')).toBe('limited');

    // The next second starts a new count, on either instance.
    clock += 1000;
    expect(await two.authenticate(key, '192.0.2.1')).toMatchObject({ login: 'admin' });
  });
});
