import { describe, expect, it } from 'vitest';
import { fromSavedColumns, toSavedColumns, userSizedColumns } from '../src/components/grid-column-state';

describe("a grid's saved columns", () => {
  it('keep the order, the hidden columns, and only the widths the user dragged', () => {
    const state = [
      { colId: 'name', width: 212.4, hide: false },
      { colId: 'address', width: 300, hide: true },
      { colId: 'actions', width: 150, hide: null },
    ];
    expect(toSavedColumns(state, new Set(['name']))).toEqual([
      { colId: 'name', width: 212 },
      { colId: 'address', hide: true },
      { colId: 'actions' },
    ]);
  });

  it('come back as column state in their order, and name the columns the fit must leave alone', () => {
    const saved = [
      { colId: 'address', hide: true },
      { colId: 'name', width: 212 },
    ];
    expect(fromSavedColumns(saved)).toEqual({
      state: [
        { colId: 'address', hide: true },
        { colId: 'name', hide: false, width: 212 },
      ],
      applyOrder: true,
    });
    expect([...userSizedColumns(saved)]).toEqual(['name']);
    expect(userSizedColumns(undefined).size).toBe(0);
  });
});
