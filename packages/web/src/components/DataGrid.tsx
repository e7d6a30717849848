import type { GridColumnState } from '@evfleet/domain';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { usePreference, useSavePreference } from '../api/preferences';
import type { DataGridImplProps, DataGridProps } from './data-grid-props';

// AG Grid is the biggest dependency of the portal: its chunk loads only when a grid first shows.
const GridImpl = lazy(() => import('./DataGridImpl')) as unknown as ComponentType<DataGridImplProps<unknown>>;

const waiting = (
  <Center h={120}>
    <Loader size="sm" />
  </Center>
);

/** The one grid of the portal (ARCHITECTURE: AG Grid Community), server-paged by its parent. */
export function DataGrid<T>(props: DataGridProps<T>) {
  const gridId = props.testId;
  const saved = usePreference('gridColumns');
  const save = useSavePreference('gridColumns');
  // The saved columns are applied as the grid starts; waiting for them keeps the columns from jumping.
  if (gridId && saved.isPending) return waiting;

  const onSaveColumns =
    gridId &&
    ((columns: GridColumnState | null) => {
      const { [gridId]: _old, ...others } = saved.data ?? {};
      save.mutate(columns ? { ...others, [gridId]: columns } : others);
    });

  return (
    <Suspense fallback={waiting}>
      <GridImpl
        {...(props as unknown as DataGridProps<unknown>)}
        savedColumns={gridId ? saved.data?.[gridId] : undefined}
        onSaveColumns={onSaveColumns || undefined}
      />
    </Suspense>
  );
}
