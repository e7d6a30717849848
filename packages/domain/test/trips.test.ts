import { describe, expect, it } from 'vitest';
import { localDate, timeSlotText } from '../src/trips.js';

const MIN = 60_000;

describe('trip texts', () => {
  it('names time slots and dates in the vehicle time zone', () => {
    const start = Date.UTC(2026, 10, 22, 4, 30);
    expect(timeSlotText({ start, end: start + 45 * MIN }, 'America/Chicago')).toBe('22:30 - 23:15');
    expect(localDate(start, 'America/Chicago')).toBe('2026-11-21');
  });
});
