import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import type { DataGridProps } from './data-grid-props';

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
