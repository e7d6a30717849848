import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

describe('the VAPID keys push messages are signed with', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evfleet-vapid-'));
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: dir };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are made once and kept in DATA_DIR, readable only by the server, when the environment gives none', () => {
    const first = loadConfig(base).push.vapid;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loadConfig(base).push.vapid).toEqual(first);
    const file = join(dir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('are taken from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, never one alone', () => {
    const keys = webpush.generateVAPIDKeys();
    const env = { ...base, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(loadConfig(env).push.vapid).toMatchObject(keys);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY: needs VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...base, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: needs VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'short' })).toThrow(
      /VAPID_PUBLIC_KEY: must be a P-256 public key/,
    );
  });

  it('name a contact: VAPID_SUBJECT, else the address of MAIL_FROM, else the administrator', () => {
    expect(loadConfig(base).push.vapid.subject).toBe('mailto:no-reply@evfleet.local');
    expect(loadConfig({ ...base, MAIL_FROM: 'Fleet ops <ops@fleet.example>' }).push.vapid.subject).toBe(
      'mailto:ops@fleet.example',
    );
    expect(loadConfig({ ...base, MAIL_FROM: 'evfleet' }).push.vapid.subject).toBe('mailto:admin@evfleet.local');
    expect(loadConfig({ ...base, VAPID_SUBJECT: 'https://fleet.example/contact' }).push.vapid.subject).toBe(
      'https://fleet.example/contact',
    );
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'ops@fleet.example' })).toThrow(/VAPID_SUBJECT/);
  });
});
