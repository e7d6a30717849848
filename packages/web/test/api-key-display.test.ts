import { describe, expect, test } from 'vitest';
import { createFormat } from '../src/components/format/format';
import { isExpired, lastUse, shownKey } from '../src/features/api-keys/key-display';

const format = createFormat({ language: 'en', hourCycle: '24h', timeZone: 'UTC' });

describe('how an API key is shown in its list', () => {
  test('the clear start of a key is marked as cut short', () => {
    expect(shownKey({ shown: 'evk_3Fq9xZ2a' })).toBe('evk_3Fq9xZ2a…');
  });

  test('the last use names its time and, when known, its address', () => {
    const at = '2026-11-26T21:05:00.000Z';
    expect(lastUse({ lastUsedAt: at, lastUsedFrom: '203.0.113.4' }, format)).toBe(
      `${format.dateTime(at, { list: true })} · 203.0.113.4`,
    );
    expect(lastUse({ lastUsedAt: at, lastUsedFrom: null }, format)).toBe(format.dateTime(at, { list: true }));
    expect(lastUse({ lastUsedAt: null, lastUsedFrom: null }, format)).toBeNull();
  });

  test('a key is expired from its expiry on, and never without one', () => {
    const expiresAt = '2026-11-26T12:00:00.000Z';
    const expiry = Date.parse(expiresAt);
    expect(isExpired({ expiresAt }, expiry - 1)).toBe(false);
    expect(isExpired({ expiresAt }, expiry)).toBe(true);
    expect(isExpired({ expiresAt: null }, expiry)).toBe(false);
  });
});
