import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_KEYS, SERVER_MESSAGE_KEYS } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { de } from '../src/i18n/de';
import { en } from '../src/i18n/en';
import { changeLanguage, translate } from '../src/i18n';
import { looksLikeKey, messageText } from '../src/i18n/messages';

const serverSource = fileURLToPath(new URL('../../server/src', import.meta.url));

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The errorKeys the server's code names in its refusals (`refused(text, 'key')`, `key: 'key'`). */
function errorKeysInServerCode(): string[] {
  const code = filesUnder(serverSource)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  return [...code.matchAll(/refused\([^;]*?,\s*'([a-z]+)'\s*,?\s*\)/g)].map((match) => match[1]);
}

describe('the message catalogue', () => {
  it('has a sentence for every key the server sends, in English and German', () => {
    const keys = [...SERVER_MESSAGE_KEYS, ...ERROR_KEYS.map((key) => `errorKey.${key}`)];
    for (const key of keys) {
      expect(en, key).toHaveProperty([key]);
      expect(de, key).toHaveProperty([key]);
    }
  });

  it("knows every errorKey the server's refusals name (the server takes them from domain's ERROR_KEYS)", () => {
    const named = errorKeysInServerCode();
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((key) => !(ERROR_KEYS as readonly string[]).includes(key))).toEqual([]);
  });

  it('holds the same keys in English and German', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it('holds sentences, never a value that looks like a key', () => {
    for (const [language, catalogue] of Object.entries({ en, de })) {
      for (const [key, value] of Object.entries(catalogue)) {
        expect(value.trim(), `${language} ${key}`).not.toBe('');
        expect(looksLikeKey(value), `${language} ${key}: ${value}`).toBe(false);
      }
    }
  });

  it('keeps the texts of the specification exactly', () => {
    expect(en['page.accessDenied.text']).toBe('You are not authorized to access this page.');
    expect(en['error.http.401']).toBe('Invalid email/password or your account is not activated.');
    expect(en['toast.unexpected']).toBe('An unexpected error has occurred.');
    expect(en['page.notFound.text']).toBe('The page does not exist.');
  });

  it('turns keys into sentences and leaves server sentences alone', () => {
    expect(messageText('error.http.403', 403)).toBe('You are not allowed to do this.');
    expect(messageText('userexists', 400)).toBe('Login name already used!');
    expect(messageText('error.http.418', 418)).toBe('Something went wrong. Please try again.');
    expect(messageText('A vehicle with this VIN already exists.', 400)).toBe('A vehicle with this VIN already exists.');
    expect(looksLikeKey('error.http.403')).toBe(true);
    expect(looksLikeKey('cellPackTemp')).toBe(true);
    expect(looksLikeKey('Not found')).toBe(false);
  });

  it('loads German when asked and switches back', async () => {
    await changeLanguage('de');
    expect(translate('session.expired')).toBe('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    expect(messageText('Server not reachable', 0)).toBe('Der Server ist nicht erreichbar.');
    await changeLanguage('en');
    expect(translate('session.expired')).toBe('Your session has expired. Please sign in again.');
  });
});
