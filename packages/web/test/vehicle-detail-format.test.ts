import { describe, expect, it } from 'vitest';
import { createFormat } from '../src/components/format/format';
import { gearName, onOff } from '../src/features/vehicles/detail/format';

const format = createFormat({ language: 'en', hourCycle: '24h', timeZone: 'UTC' });

describe('vehicle detail formats (part 2 §2, §9)', () => {
  it('shows a reading with its unit, whole numbers whole and others to two decimals, nothing when missing', () => {
    expect(format.reading(50, '%')).toBe('50 %');
    expect(format.reading(12.6, 'v')).toBe('12.6 v');
    expect(format.reading(3.14159, 'V')).toBe('3.14 V');
    expect(format.reading(-4.5, 'A')).toBe('-4.5 A');
    expect(format.reading(0, 'Mi')).toBe('0 Mi');
    expect(format.reading(12345, 'Mi')).toBe('12,345 Mi');
    expect(createFormat({ language: 'de', hourCycle: '24h' }).reading(12.5, 'V')).toBe('12,5 V');
    expect(format.reading(null, 'Mi')).toBeNull();
    expect(format.reading(undefined, 'Mi')).toBeNull();
  });

  it('names the gear: 1 Drive, 2 Neutral, 3 Reverse, anything else Park, nothing without data', () => {
    expect([1, 2, 3, 0, 4, 7].map(gearName)).toEqual([
      'gear.drive',
      'gear.neutral',
      'gear.reverse',
      'gear.park',
      'gear.park',
      'gear.park',
    ]);
    expect(gearName(null)).toBeNull();
  });

  it('says On or Off for the charge status', () => {
    expect([onOff(1), onOff(0), onOff(null)]).toEqual(['on', 'off', null]);
  });

  it('tells last-reported times relative to now, or in full with the zone', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(format.relative('2026-11-22T09:00:00Z', now)).toBe('1 hour ago');
    expect(format.relative('2026-11-20T09:00:00Z', now)).toBe('2 days ago');
    expect(createFormat({ language: 'de', hourCycle: '24h' }).relative('2026-11-20T09:00:00Z', now)).toBe(
      'vor 2 Tagen',
    );
    expect(format.dateTime('2026-11-20T17:39:00Z', { seconds: true, zoneName: true })).toBe('20/11/2026 17:39:00 UTC');
  });
});
