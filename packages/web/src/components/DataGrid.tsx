import { Center, Loader } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { lazy, Suspense, type ComponentType } from 'react';

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

// AG Grid is the biggest dependency of the portal: its chunk loads only when a grid first shows.
const GridImpl = lazy(() => import('./DataGridImpl')) as unknown as ComponentType<DataGridProps<unknown>>;

/** The one grid of the portal (ARCHITECTURE: AG Grid Community), server-paged by its parent. */
export function DataGrid<T>(props: DataGridProps<T>) {
  return (
    <Suspense
      fallback={
        <Center h={120}>
          <Loader size="sm" />
        </Center>
      }
    >
      <GridImpl {...(props as unknown as DataGridProps<unknown>)} />
    </Suspense>
  );
}
