import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, mergeLayout, storedLayout } from '../src/features/dashboard/dashboard-layout';

describe('dashboard layout (part 2 §2 "Dashboard")', () => {
  it('shows the default places when nothing is saved', () => {
    expect(mergeLayout([]).map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual(DEFAULT_LAYOUT);
  });

  it("keeps the user's places, drops cards that no longer exist and adds new ones in their default place", () => {
    const saved = [
      { i: 'totalVehicles', x: 9, y: 4, w: 3, h: 4 },
      { i: 'retiredCard', x: 0, y: 0, w: 2, h: 2 },
    ];
    const merged = mergeLayout(saved);
    expect(merged.find((item) => item.i === 'totalVehicles')).toMatchObject({ x: 9, y: 4 });
    expect(merged.some((item) => item.i === 'retiredCard')).toBe(false);
    expect(merged.map((item) => item.i).sort()).toEqual(DEFAULT_LAYOUT.map((item) => item.i).sort());
  });

  it('stores only where each card is', () => {
    expect(storedLayout([{ i: 'emission', x: 1, y: 2, w: 3, h: 4, minW: 2, moved: true, static: false }])).toEqual([
      { i: 'emission', x: 1, y: 2, w: 3, h: 4 },
    ]);
  });
});
