import { Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { ReactNode } from 'react';
import { DataGrid } from '../../components/DataGrid';
import { PageSizeSelect } from '../../components/PageSizeSelect';
import { Pager } from '../../components/Pager';
import { SearchBox } from '../../components/SearchBox';
import type { PeopleList } from './people-list';

interface PeopleListLayoutProps<T> {
  title: string;
  list: PeopleList<T>;
  columns: ColDef<T>[];
  /** Absent for users who may not create (the server would refuse): no 'Add New'. */
  onAdd?: () => void;
  noRowsText: string;
  testId: string;
  /** The page sizes offered, when not the people lists' 10/100/500/1000. */
  pageSizes?: readonly number[];
  /** Shown between the title bar and the grid (the vehicle list's map). */
  aboveGrid?: ReactNode;
  /** The grid waits (a loader in its place) while the content above it draws first. */
  gridWaits?: boolean;
  /** The modals and dialogs over the list. */
  children?: ReactNode;
}

/** The frame of the four people lists (§2.4-§2.8): title, Add New, search, page size, grid, pager. */
export function PeopleListLayout<T extends { id: number }>({
  title,
  list,
  columns,
  onAdd,
  noRowsText,
  testId,
  pageSizes,
  aboveGrid,
  gridWaits = false,
  children,
}: PeopleListLayoutProps<T>) {
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} data-testid="list-title">
          {title}
        </Title>
        <Group gap="sm" wrap="wrap">
          <SearchBox onSearch={list.setSearch} initialValue={list.search} />
          <PageSizeSelect value={list.paging.size} onChange={list.paging.setSize} options={pageSizes} />
          {onAdd && (
            <Button onClick={onAdd} data-testid="add-new">
              Add New
            </Button>
          )}
        </Group>
      </Group>
      {aboveGrid}
      {gridWaits ? (
        <Center h={120}>
          <Loader size="sm" />
        </Center>
      ) : (
        <DataGrid
          rows={list.rows}
          columns={columns}
          loading={list.loading}
          rowId={(row) => String(row.id)}
          noRowsText={noRowsText}
          testId={testId}
        />
      )}
      <Pager page={list.paging.page} size={list.paging.size} total={list.total} onPageChange={list.paging.setPage} />
      {children}
    </Stack>
  );
}
