import { alertTime, type Severity, type WarningLogEntry } from '@evfleet/domain';
import type { CellStyle, ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { Format } from '../../../../components/format/format';
import { WRAPPED_CELL } from '../../../../components/grid-fit';

/**
 * §2: a row's colour follows its type: a pale tint with dark text, at least 4.5:1 in either colour
 * scheme (yellow's own darkest shade on its tint read at under 3:1, orange's under 4).
 */
export const ROW_COLORS: Record<Severity, CellStyle> = {
  SEVERE: { backgroundColor: 'var(--mantine-color-red-0)', color: 'var(--mantine-color-red-9)' },
  WARNING: { backgroundColor: 'var(--mantine-color-yellow-1)', color: 'var(--mantine-color-dark-7)' },
  NORMAL: { backgroundColor: 'var(--mantine-color-green-0)', color: 'var(--mantine-color-green-9)' },
};

const coloured = (def: ColDef<WarningLogEntry>, style: CellStyle = {}): ColDef<WarningLogEntry> => ({
  ...def,
  cellStyle: ({ data }) => (data ? { ...ROW_COLORS[data.type], ...style } : null),
});
/** Wrapped text reads as lines, not as rows 43 px apart. */
/** §2: the date is told in GMT whatever the browser's zone, so every reader sees the same time. */
export const warningLogDate = (iso: string, format: Format) => `${format.dateTime(iso, { timeZone: 'UTC' })} GMT`;

/**
 * An entry's text; a manual entry without one says what was measured. The alert texts write their
 * moment in the specification's pattern; for a reader who chose the language's order it is written
 * again as the row's Date column has it, so one row never shows two ways of writing a date.
 */
export const warningLogText = (e: WarningLogEntry, format: Format) =>
  (e.notificationContent ?? `${e.name}: ${e.value ?? '-'}`).replace(
    alertTime(new Date(e.date)),
    warningLogDate(e.date, format),
  );

export const warningLogColumns = (format: Format, t: TFunction<'vehicles'>): ColDef<WarningLogEntry>[] => [
  coloured({
    field: 'type',
    headerName: t('log.type'),
    minWidth: 140,
    valueFormatter: ({ value }: { value: Severity }) => t(`severity.${value}`),
  }),
  coloured({
    colId: 'date',
    headerName: t('log.date'),
    minWidth: 170,
    valueGetter: ({ data }) => (data ? warningLogDate(data.date, format) : ''),
  }),
  // The texts are long sentences: they wrap, and the row grows to hold them.
  coloured(
    {
      colId: 'description',
      headerName: t('log.description'),
      // Sized by the room left, not by its text: the sentences wrap.
      width: 400,
      minWidth: 300,
      wrapText: true,
      autoHeight: true,
      valueGetter: ({ data }) => (data ? warningLogText(data, format) : ''),
    },
    WRAPPED_CELL,
  ),
];
