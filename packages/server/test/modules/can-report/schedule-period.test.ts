import { describe, expect, it } from 'vitest';
import { localInstant, nextRunAfter, periodOf } from '../../../src/modules/can-report/schedules/schedule-period.js';

const CHICAGO = 'America/Chicago';

describe('report schedule periods in the vehicle’s time zone', () => {
  it('runs daily at the local hour, today if it is still ahead, else tomorrow', () => {
    const morning = Date.parse('2026-06-10T11:00:00Z'); // 06:00 in Chicago (CDT, UTC-5)
    expect(nextRunAfter(morning, { period: 'DAILY', weekday: null, hour: 7 }, CHICAGO).toISOString()).toBe(
      '2026-06-10T12:00:00.000Z',
    );
    expect(
      nextRunAfter(
        Date.parse('2026-06-10T12:00:00Z'),
        { period: 'DAILY', weekday: null, hour: 7 },
        CHICAGO,
      ).toISOString(),
    ).toBe('2026-06-11T12:00:00.000Z');
  });

  it('runs weekly on the chosen local weekday', () => {
    // 2026-06-10 is a Wednesday; the next Monday is the 15th.
    expect(
      nextRunAfter(
        Date.parse('2026-06-10T11:00:00Z'),
        { period: 'WEEKLY', weekday: 1, hour: 6 },
        CHICAGO,
      ).toISOString(),
    ).toBe('2026-06-15T11:00:00.000Z');
    // Late on Tuesday in Chicago is already Wednesday in UTC: the local day counts.
    expect(
      nextRunAfter(
        Date.parse('2026-06-10T03:00:00Z'),
        { period: 'WEEKLY', weekday: 2, hour: 23 },
        CHICAGO,
      ).toISOString(),
    ).toBe('2026-06-10T04:00:00.000Z');
  });

  it('keeps the local hour across daylight-saving changes', () => {
    // Chicago springs forward on 2026-03-08: 07:00 is 13:00 UTC before and 12:00 UTC after.
    expect(localInstant('2026-03-07', 7, CHICAGO)).toBe(Date.parse('2026-03-07T13:00:00Z'));
    expect(localInstant('2026-03-08', 7, CHICAGO)).toBe(Date.parse('2026-03-08T12:00:00Z'));
    expect(
      nextRunAfter(
        Date.parse('2026-03-07T14:00:00Z'),
        { period: 'DAILY', weekday: null, hour: 7 },
        CHICAGO,
      ).toISOString(),
    ).toBe('2026-03-08T12:00:00.000Z');
  });

  it('reports whole local days before the run: one for daily, seven for weekly', () => {
    const run = Date.parse('2026-03-09T12:00:00Z'); // Monday 07:00 in Chicago
    const daily = periodOf(run, 'DAILY', CHICAGO);
    expect([daily.start.toISOString(), daily.end.toISOString(), daily.label]).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-09T04:59:59.999Z',
      '2026-03-08',
    ]);
    const weekly = periodOf(run, 'WEEKLY', CHICAGO);
    expect([weekly.start.toISOString(), weekly.label]).toEqual([
      '2026-03-02T06:00:00.000Z',
      '2026-03-02 to 2026-03-08',
    ]);
  });
});
