import type { GridColumnState } from '@evfleet/domain';
import type { GridApi, GridOptions } from 'ag-grid-community';
import { useRef, useState, type RefObject } from 'react';
import { fromSavedColumns, toSavedColumns, userSizedColumns } from './grid-column-state';
import { autoSizeColumns, fillWidth } from './grid-fit';

/** A drag of a header fires many events; the preference is stored once the user stops. */
const SAVE_DELAY_MS = 400;

type LayoutEvents = Pick<
  GridOptions,
  'onGridReady' | 'onFirstDataRendered' | 'onNewColumnsLoaded' | 'onColumnResized' | 'onColumnMoved'
>;

/**
 * The grid's columns as the user leaves them: fitted to their content and the box, except the ones
 * the user sized; the order, widths and hidden columns restored from `savedColumns` and stored again
 * (a little after the last change) through `onSaveColumns`.
 */
export function useColumnLayout(
  box: RefObject<HTMLDivElement | null>,
  savedColumns: GridColumnState | undefined,
  onSaveColumns: ((columns: GridColumnState | null) => void) | undefined,
) {
  const [api, setApi] = useState<GridApi | null>(null);
  // Read when the grid starts and as the user drags: neither should re-render the grid.
  const userSized = useRef(userSizedColumns(savedColumns));
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

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

  const events: LayoutEvents = {
    onGridReady: (event) => {
      if (savedColumns) event.api.applyColumnState(fromSavedColumns(savedColumns));
      setApi(event.api);
    },
    onFirstDataRendered: (event) => fit(event.api),
    onNewColumnsLoaded: (event) => fit(event.api),
    onColumnResized: (event) => {
      if (event.finished && event.source === 'autosizeColumns') fill(event.api);
      if (!event.finished || event.source !== 'uiColumnResized') return;
      for (const column of event.columns ?? []) userSized.current.add(column.getColId());
      save(event.api);
    },
    onColumnMoved: (event) => event.finished && event.source !== 'api' && save(event.api),
  };

  return {
    /** The grid's API once it is ready, for the columns menu. */
    api,
    /** What the grid reports as the user and the data change its columns. */
    events,
    /** The columns menu changed them: stored like a drag. */
    changed: () => {
      if (api) save(api);
    },
    /** Back to the columns as the screen defines them, fitted again, and the stored ones forgotten. */
    reset: () => {
      if (!api) return;
      userSized.current = new Set();
      api.resetColumnState();
      fit(api);
      onSaveColumns?.(null);
    },
  };
}
