import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { periodQuery } from '../src/api/time-window';
import { DEFAULT_PERIOD_DAYS, lastDays, rangeWindow } from '../src/components/period/day-range';

describe("the tables' period", () => {
  it('is the last days through today, both included', () => {
    const [first, last] = lastDays(DEFAULT_PERIOD_DAYS);
    expect(last).toBe(dayjs().format('YYYY-MM-DD'));
    expect(dayjs(last).diff(dayjs(first), 'day')).toBe(DEFAULT_PERIOD_DAYS - 1);
  });

  it("runs from the first day's local midnight to the one after the last day, as the calls take it", () => {
    const window = rangeWindow(['2026-11-01', '2026-11-03']);
    expect(window).toEqual({
      from: new Date(2026, 10, 1).getTime(),
      to: new Date(2026, 10, 4).getTime(),
    });
    expect(periodQuery(window)).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 4).toISOString(),
    });
  });
});
