import { describe, expect, it } from 'vitest';
import { afterPick, allChosen, matching, SELECT_ALL, summary } from '../src/features/report/picker-choice';

const options = [
  { value: 'batteryCharge', label: 'Battery Charge' },
  { value: 'batteryTemp', label: 'Battery Temperature' },
  { value: 'speed', label: 'Speed' },
];

describe("the report picker's choices", () => {
  it('filters by label or key, ignoring case and the spaces around', () => {
    expect(matching(options, ' battery ').map((o) => o.value)).toEqual(['batteryCharge', 'batteryTemp']);
    expect(matching(options, 'SPEED').map((o) => o.value)).toEqual(['speed']);
    expect(matching(options, 'batteryt').map((o) => o.value)).toEqual(['batteryTemp']);
    expect(matching(options, '')).toBe(options);
  });

  it('keeps a choice in the options’ order whatever order it was clicked in', () => {
    expect(afterPick(options, ['speed'], options, 'batteryCharge')).toEqual(['batteryCharge', 'speed']);
    expect(afterPick(options, ['batteryCharge', 'speed'], options, 'speed')).toEqual(['batteryCharge']);
    expect(summary(options, ['speed', 'batteryCharge'])).toBe('Battery Charge, Speed');
  });

  it('selects all over the filtered options only, and takes them off when they all are', () => {
    const battery = matching(options, 'battery');
    expect(allChosen(battery, ['speed'])).toBe(false);
    const all = afterPick(options, ['speed'], battery, SELECT_ALL);
    expect(all).toEqual(['batteryCharge', 'batteryTemp', 'speed']);
    expect(allChosen(battery, all)).toBe(true);
    expect(afterPick(options, all, battery, SELECT_ALL)).toEqual(['speed']);
    expect(allChosen([], [])).toBe(false);
  });
});
