import { Button, Center, Loader, Stack } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../DataGrid';
import { ListHeader } from './ListHeader';
import { PageSizeSelect } from './PageSizeSelect';
import { Pager } from './Pager';
import { SearchBox } from './SearchBox';
import type { PagedList } from './paged-list';

interface ListLayoutProps<T> {
  title: string;
  list: PagedList<T>;
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

/** The frame of the server-paged lists (people §2.4-§2.8, vehicles, templates): title, Add New, search, page size, grid, pager. */
export function ListLayout<T extends { id: number }>({
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
}: ListLayoutProps<T>) {
  const { t } = useTranslation('components');
  return (
    <Stack gap="md" p="md">
      <ListHeader title={title}>
        <SearchBox onSearch={list.setSearch} initialValue={list.search} />
        <PageSizeSelect value={list.paging.size} onChange={list.paging.setSize} options={pageSizes} />
        {onAdd && (
          <Button onClick={onAdd} data-testid="add-new">
            {t('list.addNew')}
          </Button>
        )}
      </ListHeader>
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
