import { describe, expect, it } from 'vitest';
import { alertAttributesSchema, checkedAttributeSchema, thresholdProblems } from '../src/threshold-checks.js';
import { notifiesAt, DEFAULT_THRESHOLDS, type AlertAttribute } from '../src/thresholds.js';

const speed = (): AlertAttribute => structuredClone(DEFAULT_THRESHOLDS.find((a) => a.name === 'speedAlert')!);

describe('threshold checks (the spec\'s removed "Cannot set this range for ...")', () => {
  it('accepts the default table of §5, whose cell voltage starts below the slider', () => {
    for (const a of DEFAULT_THRESHOLDS) expect(thresholdProblems(a)).toEqual([]);
    expect(alertAttributesSchema.safeParse(DEFAULT_THRESHOLDS).success).toBe(true);
  });

  it('refuses a lower bound above the upper, naming the metric and band', () => {
    const a = speed();
    a.warning = [{ low: 45, high: 38 }];
    expect(thresholdProblems(a)).toEqual([
      {
        band: 'warning',
        index: 0,
        field: 'low',
        message: 'Cannot set this range for Speed Alert: the lower bound of Moderate 45-38 is above its upper bound.',
      },
    ]);
  });

  it('refuses overlapping bands', () => {
    const a = speed();
    a.warning = [{ low: 30, high: 45 }];
    expect(thresholdProblems(a).map((p) => p.message)).toEqual([
      'Cannot set this range for Speed Alert: Moderate 30-45 overlaps Normal 0-37.',
    ]);
  });

  it('refuses a third range and values outside the slider range', () => {
    const a = speed();
    a.sever = [
      { low: 46, high: 47 },
      { low: 48, high: 49 },
      { low: 49.5, high: 50 },
    ];
    a.normal = [{ low: -1, high: 37 }];
    const messages = thresholdProblems(a).map((p) => p.message);
    expect(messages).toContain('Cannot set this range for Speed Alert: Normal -1-37 is outside 0-50.');
    expect(messages).toContain('Cannot set this range for Speed Alert: at most 2 Severe ranges.');
  });

  it('reports problems at their path in a list, and a metric listed twice', () => {
    const bad = speed();
    bad.sever = [{ low: 46, high: 60 }];
    const result = alertAttributesSchema.safeParse([DEFAULT_THRESHOLDS[0], bad, DEFAULT_THRESHOLDS[0]]);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual([
      '1.sever.0.high',
      'Cannot set this range for Speed Alert: Severe 46-60 is outside 0-50.',
    ]);
    expect(issues).toContainEqual(['2.name', 'Cell Voltage is listed twice.']);
    expect(checkedAttributeSchema.safeParse(bad).success).toBe(false);
  });

  it('notifies by both channels at both bands unless told otherwise', () => {
    expect(notifiesAt({}, 'email', 'WARNING')).toBe(true);
    expect(notifiesAt({ smsOn: ['SEVERE'] }, 'sms', 'WARNING')).toBe(false);
    expect(notifiesAt({ smsOn: ['SEVERE'] }, 'sms', 'SEVERE')).toBe(true);
    expect(notifiesAt({ emailOn: [] }, 'email', 'SEVERE')).toBe(false);
  });
});
