import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataGridProps } from '../data-grid-props';
import { DataGrid } from '../DataGrid';
import { ListHeader } from './ListHeader';

/** What the page reads of the query that loads its rows (TanStack Query's result has these). */
interface RowsQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
}

interface QueryListPageProps<T> extends Omit<DataGridProps<T>, 'rows' | 'loading'> {
  title: string;
  /** A line under the title on what the list holds. */
  intro: string;
  /** The title bar's buttons. */
  actions: ReactNode;
  rows: RowsQuery<T>;
  /** Said in the grid's place when the rows could not be loaded. */
  failedText: string;
  /** What the page shows between its intro and the list (a panel the list belongs to). */
  before?: ReactNode;
  /** The modals and dialogs over the list. */
  children?: ReactNode;
}

/** A list page whose rows one query loads whole (no paging): title bar, intro, and the grid or its failure. */
export function QueryListPage<T>({
  title,
  intro,
  actions,
  rows,
  failedText,
  before,
  children,
  ...grid
}: QueryListPageProps<T>) {
  return (
    <Stack gap="md" p="md">
      <ListHeader title={title}>{actions}</ListHeader>
      <Text size="sm" c="dimmed" maw={760}>
        {intro}
      </Text>
      {before}
      {rows.isError ? (
        <Alert color="red">{failedText}</Alert>
      ) : (
        <DataGrid {...grid} rows={rows.data} loading={rows.isPending} />
      )}
      {children}
    </Stack>
  );
}
