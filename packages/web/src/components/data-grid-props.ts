import type { GridColumnState } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';

// The wrapper (DataGrid) and the lazily loaded AG Grid part (DataGridImpl) both read these.

export interface GridSort {
  colId: string;
  direction: 'asc' | 'desc';
}

export interface DataGridProps<T> {
  /** One page of rows from the server; undefined while the first page loads. */
  rows: T[] | undefined;
  columns: ColDef<T>[];
  loading?: boolean;
  /** What an empty grid says; each screen has its own text in the spec. */
  noRowsText?: string;
  /** A stable id keeps selection and scroll across refetches. */
  rowId?: (row: T) => string;
  /** Server-side sorting: the grid shows the arrows and reports, the parent re-queries. */
  onSortChange?: (sort: GridSort | null) => void;
  selection?: 'single' | 'multiple';
  onSelectionChange?: (rows: T[]) => void;
  /** Also the grid's id: the user's column order, widths and hidden columns are kept under it. */
  testId?: string;
}

/** The lazily loaded part also gets the user's saved columns and a way to store them. */
export interface DataGridImplProps<T> extends DataGridProps<T> {
  savedColumns?: GridColumnState;
  /** Stores the columns as the user left them; null forgets them. */
  onSaveColumns?: (columns: GridColumnState | null) => void;
}
