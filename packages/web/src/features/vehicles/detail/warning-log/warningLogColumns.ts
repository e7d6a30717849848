import type { Severity, WarningLogEntry } from '@evfleet/domain';
import type { CellStyle, ColDef } from 'ag-grid-community';
import { warningLogDate } from '../format';

/** §2: a row's colour follows its type. */
const ROW_COLORS: Record<Severity, CellStyle> = {
  SEVERE: { backgroundColor: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' },
  WARNING: { backgroundColor: 'var(--mantine-color-yellow-1)', color: 'var(--mantine-color-yellow-9)' },
  NORMAL: { backgroundColor: 'var(--mantine-color-green-0)', color: 'var(--mantine-color-green-9)' },
};

/** An entry's text; a manual entry without one says what was measured. */
export const description = (e: WarningLogEntry) => e.notificationContent ?? `${e.name}: ${e.value ?? '-'}`;

const coloured = (def: ColDef<WarningLogEntry>, style: CellStyle = {}): ColDef<WarningLogEntry> => ({
  ...def,
  cellStyle: ({ data }) => (data ? { ...ROW_COLORS[data.type], ...style } : null),
});
/** Wrapped text reads as lines, not as rows 43 px apart. */
const WRAPPED: CellStyle = { lineHeight: '1.45', paddingTop: '11px', paddingBottom: '11px' };

export const warningLogColumns: ColDef<WarningLogEntry>[] = [
  coloured({ field: 'type', headerName: 'Type Of Warning', flex: 1, minWidth: 140 }),
  coloured({
    colId: 'date',
    headerName: 'Date & Time',
    flex: 1,
    minWidth: 170,
    valueGetter: ({ data }) => (data ? warningLogDate(data.date) : ''),
  }),
  // The texts are long sentences: they wrap, and the row grows to hold them.
  coloured(
    {
      colId: 'description',
      headerName: 'Description',
      flex: 4,
      minWidth: 300,
      wrapText: true,
      autoHeight: true,
      valueGetter: ({ data }) => (data ? description(data) : ''),
    },
    WRAPPED,
  ),
];
