import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe.each(DATABASE_KINDS)('bad input and limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_ATTEMPTS_PER_MINUTE: '1000', LOGIN_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(() => t?.close());

  it('answers malformed JSON, wrong types, oversized bodies and unknown routes with a clear 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 42, password: ['x'] },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(
      wrongType
        .json()
        .fieldErrors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['password', 'username']);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"login":"${'a'.repeat(2_000_000)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large.');

    const unknown = await t.app.inject({ url: '/api/does-not-exist' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status).toBe(404);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ url: '/management/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.json().status).toBe('UP');
  });

  it('limits failed sign-ins per account with a 429 and a clear message', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'user', password: `wrong-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'user', password: 'user1234' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('hides internals of an unexpected error behind a correlation id', async () => {
    t.app.log.level = 'silent';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/init',
      headers: { 'content-type': 'text/plain' },
      payload: 'not an email',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toBeDefined();
  });
});
