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
  testId?: string;
}
