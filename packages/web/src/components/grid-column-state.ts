import type { GridColumnState } from '@evfleet/domain';
import type { ApplyColumnStateParams, ColumnState } from 'ag-grid-community';

/**
 * What of a grid's columns is the user's to keep (domain `gridColumns`): the order always, a width
 * only where they dragged it (the rest keep fitting their content), and the columns they hid.
 */
export function toSavedColumns(state: readonly ColumnState[], userSized: ReadonlySet<string>): GridColumnState {
  return state.map(({ colId, width, hide }) => ({
    colId,
    ...(width !== undefined && userSized.has(colId) && { width: Math.round(width) }),
    ...(hide && { hide: true }),
  }));
}

/** The saved columns as AG Grid's column state: their order, widths and visibility. */
export function fromSavedColumns(saved: GridColumnState): ApplyColumnStateParams {
  return {
    state: saved.map(({ colId, width, hide }) => ({ colId, hide: hide ?? false, ...(width && { width }) })),
    applyOrder: true,
  };
}

/** The columns whose width the user chose, so fitting leaves them alone. */
export const userSizedColumns = (saved: GridColumnState | undefined) =>
  new Set((saved ?? []).filter((column) => column.width !== undefined).map((column) => column.colId));
