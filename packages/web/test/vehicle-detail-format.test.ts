import { describe, expect, it } from 'vitest';
import { gearName, localDateTimeWithZone, onOff, relativeTo, withUnit } from '../src/features/vehicles/detail/format';

describe('vehicle detail formats (part 2 §2, §9)', () => {
  it('shows a value with its unit, whole numbers whole and others to two decimals, nothing when missing', () => {
    expect(withUnit(50, '%')).toBe('50 %');
    expect(withUnit(12.6, 'v')).toBe('12.6 v');
    expect(withUnit(3.14159, 'V')).toBe('3.14 V');
    expect(withUnit(-4.5, 'A')).toBe('-4.5 A');
    expect(withUnit(0, 'Mi')).toBe('0 Mi');
    expect(withUnit(null, 'Mi')).toBeNull();
    expect(withUnit(undefined, 'Mi')).toBeNull();
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
    expect(relativeTo('2026-11-22T09:00:00Z', now, 'en')).toBe('an hour ago');
    expect(relativeTo('2026-11-20T09:00:00Z', now, 'en')).toBe('2 days ago');
    expect(relativeTo('2026-11-20T09:00:00Z', now, 'de')).toBe('vor 2 Tagen');
    expect(localDateTimeWithZone('2026-11-20T17:39:00Z')).toMatch(/^\d{2}\/\d{2}\/2026 \d{2}:39:00 \S+/);
  });
});
