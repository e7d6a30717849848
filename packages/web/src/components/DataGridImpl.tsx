import { GRID_ROW_HEIGHT } from '@evfleet/domain';
import { AllCommunityModule, ModuleRegistry, themeQuartz, type ColDef, type SortChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import type { DataGridProps, GridSort } from './data-grid-props';
import { tabThroughCellChildren } from './grid-keyboard';

ModuleRegistry.registerModules([AllCommunityModule]);

/** Past this many rows the grid scrolls inside a fixed height instead of growing with its rows. */
const AUTO_HEIGHT_ROWS = 25;
const SCROLL_HEIGHT = 600;

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
}: DataGridProps<unknown>) {
  const defaultColDef = useMemo<ColDef>(
    () => ({
      resizable: true,
      sortable: Boolean(onSortChange),
      suppressKeyboardEvent: tabThroughCellChildren,
      ...(onSortChange && { comparator: keepServerOrder }),
    }),
    [onSortChange],
  );
  const autoHeight = (rows?.length ?? 0) <= AUTO_HEIGHT_ROWS;

  return (
    <div data-testid={testId} style={autoHeight ? undefined : { height: SCROLL_HEIGHT }}>
      <AgGridReact
        theme={theme}
        rowData={rows}
        columnDefs={columns}
        defaultColDef={defaultColDef}
        rowHeight={GRID_ROW_HEIGHT}
        domLayout={autoHeight ? 'autoHeight' : 'normal'}
        loading={loading ?? rows === undefined}
        localeText={noRowsText ? { noRowsToShow: noRowsText } : undefined}
        getRowId={rowId ? (params) => rowId(params.data) : undefined}
        autoSizeStrategy={{ type: 'fitGridWidth' }}
        rowSelection={selection && { mode: selection === 'multiple' ? 'multiRow' : 'singleRow' }}
        onSelectionChanged={onSelectionChange && ((event) => onSelectionChange(event.api.getSelectedRows()))}
        onSortChanged={onSortChange && ((event) => onSortChange(currentSort(event)))}
      />
    </div>
  );
}
