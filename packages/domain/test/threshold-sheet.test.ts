import { describe, expect, it } from 'vitest';
import { parseThresholdSheet, sheetErrorText, thresholdSheetRows } from '../src/threshold-sheet.js';
import { DEFAULT_THRESHOLDS } from '../src/thresholds.js';

const header = ['Metric', 'Band', 'Low', 'High', 'Notification Frequency (Mins)', 'Minutes Backward (Mins)'];

describe('threshold spreadsheet', () => {
  it('reads back the sheet of the defaults unchanged', () => {
    const result = parseThresholdSheet(thresholdSheetRows(DEFAULT_THRESHOLDS), []);
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.attributes).toEqual(DEFAULT_THRESHOLDS);
  });

  it('replaces only the metrics it names, keeping the others and the channels', () => {
    const current = DEFAULT_THRESHOLDS.map((a) => (a.name === 'speedAlert' ? { ...a, smsOn: ['SEVERE' as const] } : a));
    const result = parseThresholdSheet(
      [
        header,
        ['Speed Alert', 'normal', '0', '30', '15', ''],
        ['speedAlert', 'Moderate', 31, 40],
        ['speedAlert', 'Sever', '40.5', 50],
      ],
      current,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.metrics).toEqual(['speedAlert']);
    const speed = result.attributes.find((a) => a.name === 'speedAlert')!;
    expect(speed).toMatchObject({
      normal: [{ low: 0, high: 30 }],
      warning: [{ low: 31, high: 40 }],
      sever: [{ low: 40.5, high: 50 }],
      notificationFrequencyHour: 15,
      minutesBackward: 5,
      smsOn: ['SEVERE'],
    });
    expect(result.attributes.filter((a) => a.name !== 'speedAlert')).toEqual(
      DEFAULT_THRESHOLDS.filter((a) => a.name !== 'speedAlert'),
    );
  });

  it('names the row and column of each bad cell', () => {
    const result = parseThresholdSheet(
      [
        header,
        ['speedAlert', 'Normal', 0, 37],
        ['speedAlert', 'Warning', 'abc', 45],
        ['nope', 'Normal', 1, 2],
        ['cabinTemp', 'Extreme', 1, 2],
        ['cabinTemp', 'Normal', 1, 2, '1.5'],
      ],
      DEFAULT_THRESHOLDS,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map(sheetErrorText)).toEqual([
      'Row 3, column C: Low must be a number, not "abc".',
      'Row 4, column A: Unknown metric "nope".',
      'Row 5, column B: The band must be Normal, Warning or Severe, not "Extreme".',
      'Row 6, column E: Notification Frequency (Mins) must be a whole number of minutes, not "1.5".',
    ]);
  });

  it('refuses overlaps and a third range at the offending row', () => {
    const overlap = parseThresholdSheet(
      [header, ['speedAlert', 'Normal', 0, 37], ['speedAlert', 'Severe', 30, 50]],
      DEFAULT_THRESHOLDS,
    );
    expect(overlap.ok || overlap.errors.map(sheetErrorText)).toEqual([
      'Row 3, column C: Cannot set this range for Speed Alert: Severe 30-50 overlaps Normal 0-37.',
    ]);
    const third = parseThresholdSheet(
      [header, ...[1, 2, 3].map((n) => ['speedAlert', 'Severe', n, n + 0.5])],
      DEFAULT_THRESHOLDS,
    );
    expect(third.ok || third.errors.map(sheetErrorText)).toEqual([
      'Row 4, column B: Speed Alert has more than 2 Severe rows.',
    ]);
  });

  it('refuses a sheet without the header or without rows', () => {
    expect(parseThresholdSheet([['a', 'b']], [])).toMatchObject({ ok: false, errors: [{ row: 1 }] });
    expect(parseThresholdSheet([header, []], [])).toEqual({
      ok: false,
      errors: [{ row: 2, message: 'The sheet has no thresholds.' }],
    });
  });
});
