import { GRID_ROW_HEIGHT } from '@evfleet/domain';
import { Box, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AllCommunityModule, ModuleRegistry, themeQuartz, type ColDef, type SortChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGridColumnsMenu } from './DataGridColumnsMenu';
import type { DataGridImplProps, GridSort } from './data-grid-props';
import { tabThroughCellChildren } from './grid-keyboard';
import { useGridLocale } from './grid-locale';
import { ACTION_COLUMN_ID } from './list/RowActions';
import { useColumnLayout } from './useColumnLayout';

ModuleRegistry.registerModules([AllCommunityModule]);

/** Past this many rows the grid scrolls inside a fixed height instead of growing with its rows. */
const AUTO_HEIGHT_ROWS = 25;
const SCROLL_HEIGHT = 600;
/** Below this width a pinned column would take most of the box: nothing is pinned, all scrolls. */
const NARROW = '(max-width: 48em)';

/** Quartz names web fonts the portal does not ship (no internet is assumed): use the page's font. */
const theme = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600 });

/** With server sorting the rows arrive sorted; the grid must not reorder them. */
const keepServerOrder = () => 0;

function currentSort(event: SortChangedEvent): GridSort | null {
  const sorted = event.api.getColumnState().find((column) => column.sort);
  return sorted?.sort ? { colId: sorted.colId, direction: sorted.sort } : null;
}

/**
 * What the grid is given to draw the columns: sortable by the server or not, unpinned on a narrow
 * screen, the shared Action column and the grid's own texts in the language of the moment.
 */
function useColumnDefinitions(
  columns: ColDef[],
  { narrow, serverSorted, noRowsText }: { narrow: boolean; serverSorted: boolean; noRowsText?: string },
) {
  const { t, i18n } = useTranslation('components');
  const gridLocale = useGridLocale(i18n.resolvedLanguage);
  const defaultColDef = useMemo<ColDef>(
    () => ({
      resizable: true,
      sortable: serverSorted,
      suppressKeyboardEvent: tabThroughCellChildren,
      ...(serverSorted && { comparator: keepServerOrder }),
    }),
    [serverSorted],
  );
  const columnDefs = useMemo(
    () =>
      columns.map((column) => ({
        ...column,
        ...(narrow && { pinned: null }),
        // The shared Action column is named here, in the language of the moment.
        ...(column.colId === ACTION_COLUMN_ID && { headerName: t('grid.action') }),
      })),
    [columns, narrow, t],
  );
  const localeText = useMemo(
    () => ({ ...gridLocale, ...(noRowsText && { noRowsToShow: noRowsText }) }),
    [gridLocale, noRowsText],
  );
  return { defaultColDef, columnDefs, localeText };
}

export default function DataGridImpl({
  rows,
  columns,
  loading,
  noRowsText,
  rowId,
  onSortChange,
  selection,
  onSelectionChange,
  testId,
  savedColumns,
  onSaveColumns,
}: DataGridImplProps<unknown>) {
  const box = useRef<HTMLDivElement>(null);
  const narrow = useMediaQuery(NARROW) ?? false;
  const { i18n } = useTranslation('components');
  const definitions = useColumnDefinitions(columns, { narrow, serverSorted: Boolean(onSortChange), noRowsText });
  const layout = useColumnLayout(box, savedColumns, onSaveColumns);
  const autoHeight = (rows?.length ?? 0) <= AUTO_HEIGHT_ROWS;

  return (
    // minWidth 0: in a flex or grid parent the box may shrink below its columns and scroll them instead.
    <Box data-testid={testId} ref={box} miw={0} maw="100%">
      {testId && onSaveColumns && (
        <Group justify="flex-end" mb={4}>
          <DataGridColumnsMenu api={layout.api} testId={testId} onChange={layout.changed} onReset={layout.reset} />
        </Group>
      )}
      <div style={autoHeight ? undefined : { height: SCROLL_HEIGHT }}>
        <AgGridReact
          // The grid reads its texts once, as it starts: another language starts it anew.
          key={i18n.resolvedLanguage}
          theme={theme}
          rowData={rows}
          {...definitions}
          rowHeight={GRID_ROW_HEIGHT}
          domLayout={autoHeight ? 'autoHeight' : 'normal'}
          loading={loading ?? rows === undefined}
          getRowId={rowId ? (params) => rowId(params.data) : undefined}
          // Auto-sizing measures drawn cells only: every column is drawn (the pages are short).
          suppressColumnVirtualisation
          // New column definitions (a report's picked signals) keep the order the user gave the others.
          maintainColumnOrder
          {...layout.events}
          rowSelection={selection && { mode: selection === 'multiple' ? 'multiRow' : 'singleRow' }}
          onSelectionChanged={onSelectionChange && ((event) => onSelectionChange(event.api.getSelectedRows()))}
          onSortChanged={onSortChange && ((event) => onSortChange(currentSort(event)))}
        />
      </div>
    </Box>
  );
}
