import { GRID_ROW_HEIGHT } from '@evfleet/domain';
import { Box, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type GridApi,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGridColumnsMenu } from './DataGridColumnsMenu';
import type { DataGridImplProps, GridSort } from './data-grid-props';
import { fromSavedColumns, toSavedColumns, userSizedColumns } from './grid-column-state';
import { autoSizeColumns, fillWidth } from './grid-fit';
import { tabThroughCellChildren } from './grid-keyboard';
import { useGridLocale } from './grid-locale';
import { ACTION_COLUMN_ID } from './list/RowActions';

ModuleRegistry.registerModules([AllCommunityModule]);

/** Past this many rows the grid scrolls inside a fixed height instead of growing with its rows. */
const AUTO_HEIGHT_ROWS = 25;
const SCROLL_HEIGHT = 600;
/** Below this width a pinned column would take most of the box: nothing is pinned, all scrolls. */
const NARROW = '(max-width: 48em)';
/** A drag of a header fires many events; the preference is stored once the user stops. */
const SAVE_DELAY_MS = 400;

/** Quartz names web fonts the portal does not ship (no internet is assumed): use the page's font. */
const theme = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600 });

/** With server sorting the rows arrive sorted; the grid must not reorder them. */
const keepServerOrder = () => 0;

function currentSort(event: SortChangedEvent): GridSort | null {
  const sorted = event.api.getColumnState().find((column) => column.sort);
  return sorted?.sort ? { colId: sorted.colId, direction: sorted.sort } : null;
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
  const [api, setApi] = useState<GridApi | null>(null);
  // Read when the grid starts and as the user drags: neither should re-render the grid.
  const userSized = useRef(userSizedColumns(savedColumns));
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const narrow = useMediaQuery(NARROW) ?? false;
  const { t, i18n } = useTranslation('components');
  const language = i18n.resolvedLanguage;
  const gridLocale = useGridLocale(language);

  const defaultColDef = useMemo<ColDef>(
    () => ({
      resizable: true,
      sortable: Boolean(onSortChange),
      suppressKeyboardEvent: tabThroughCellChildren,
      ...(onSortChange && { comparator: keepServerOrder }),
    }),
    [onSortChange],
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
  const autoHeight = (rows?.length ?? 0) <= AUTO_HEIGHT_ROWS;

  // Measuring reports a resize ('autosizeColumns'), after which the room left is shared out.
  const fill = (gridApi: GridApi) => box.current && fillWidth(gridApi, box.current, userSized.current);
  const fit = (gridApi: GridApi) => autoSizeColumns(gridApi, userSized.current) || fill(gridApi);
  const save = (gridApi: GridApi) => {
    if (!onSaveColumns) return;
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      if (!gridApi.isDestroyed()) onSaveColumns(toSavedColumns(gridApi.getColumnState(), userSized.current));
    }, SAVE_DELAY_MS);
  };
  const reset = () => {
    if (!api) return;
    userSized.current = new Set();
    api.resetColumnState();
    fit(api);
    onSaveColumns?.(null);
  };

  return (
    // minWidth 0: in a flex or grid parent the box may shrink below its columns and scroll them instead.
    <Box data-testid={testId} ref={box} miw={0} maw="100%">
      {testId && onSaveColumns && (
        <Group justify="flex-end" mb={4}>
          <DataGridColumnsMenu api={api} testId={testId} onChange={() => api && save(api)} onReset={reset} />
        </Group>
      )}
      <div style={autoHeight ? undefined : { height: SCROLL_HEIGHT }}>
        <AgGridReact
          // The grid reads its texts once, as it starts: another language starts it anew.
          key={language}
          theme={theme}
          rowData={rows}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          rowHeight={GRID_ROW_HEIGHT}
          domLayout={autoHeight ? 'autoHeight' : 'normal'}
          loading={loading ?? rows === undefined}
          localeText={localeText}
          getRowId={rowId ? (params) => rowId(params.data) : undefined}
          // Auto-sizing measures drawn cells only: every column is drawn (the pages are short).
          suppressColumnVirtualisation
          // New column definitions (a report's picked signals) keep the order the user gave the others.
          maintainColumnOrder
          onGridReady={(event) => {
            if (savedColumns) event.api.applyColumnState(fromSavedColumns(savedColumns));
            setApi(event.api);
          }}
          onFirstDataRendered={(event) => fit(event.api)}
          onNewColumnsLoaded={(event) => fit(event.api)}
          onColumnResized={(event) => {
            if (event.finished && event.source === 'autosizeColumns') fill(event.api);
            if (!event.finished || event.source !== 'uiColumnResized') return;
            for (const column of event.columns ?? []) userSized.current.add(column.getColId());
            save(event.api);
          }}
          onColumnMoved={(event) => event.finished && event.source !== 'api' && save(event.api)}
          rowSelection={selection && { mode: selection === 'multiple' ? 'multiRow' : 'singleRow' }}
          onSelectionChanged={onSelectionChange && ((event) => onSelectionChange(event.api.getSelectedRows()))}
          onSortChanged={onSortChange && ((event) => onSortChange(currentSort(event)))}
        />
      </div>
    </Box>
  );
}
