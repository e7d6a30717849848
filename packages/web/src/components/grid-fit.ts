import type { CellStyle, Column, GridApi } from 'ag-grid-community';

/** The cell of a column whose text wraps (wrapText, autoHeight): its lines spaced, with room above and below. */
export const WRAPPED_CELL: CellStyle = { lineHeight: '1.45', paddingTop: '11px', paddingBottom: '11px' };

/**
 * Sizes the columns to their content (header and the rows drawn), leaving the widths the user
 * chose and the wrapping texts (measured as one long line, they take the room left instead).
 * Returns whether anything was measured: AG Grid then reports the resize, and `fillWidth` follows.
 */
export function autoSizeColumns(api: GridApi, userSized: ReadonlySet<string>): boolean {
  if (api.isDestroyed()) return false;
  const measured = api
    .getAllDisplayedColumns()
    .filter((column) => !userSized.has(column.getColId()) && !column.getColDef().wrapText);
  if (measured.length > 0) api.autoSizeColumns(measured, false);
  return measured.length > 0;
}

/**
 * When the columns leave room in the box, the room goes to the wrapping text columns if there are
 * any, else to every column the user has not sized. Columns wider than the box scroll sideways.
 */
export function fillWidth(api: GridApi, box: HTMLElement, userSized: ReadonlySet<string>): void {
  if (api.isDestroyed()) return;
  const columns = api.getAllDisplayedColumns();
  const used = columns.reduce((sum, column) => sum + column.getActualWidth(), 0);
  // The box's borders and a vertical scrollbar: a little slack so a fit never makes a sideways scroll.
  if (used >= box.clientWidth - 24) return;
  const free = columns.filter((column) => !userSized.has(column.getColId()));
  const wrapping = free.filter((column) => column.getColDef().wrapText);
  const stretch = new Set<Column>(wrapping.length > 0 ? wrapping : free);
  if (stretch.size === 0) return;
  const locked = columns.filter((column) => !stretch.has(column));
  api.sizeColumnsToFit({
    columnLimits: locked.map((column) => ({
      key: column,
      minWidth: column.getActualWidth(),
      maxWidth: column.getActualWidth(),
    })),
  });
}
