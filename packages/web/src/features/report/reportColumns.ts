import {
  DATE_COLUMN,
  signalInfo,
  signalKeyOfColumn,
  signalLabel,
  VEHICLE_COLUMN,
  type ReportRow,
} from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { Format } from '../../components/format/format';
import type { useDomainText } from '../../i18n/useDomainText';
import { cellText, isNumericColumn } from './report-format';

export interface ColumnSort {
  column: string;
  direction: 'asc' | 'desc';
}

interface ColumnOptions {
  /** The sort the server applied, shown as the header's arrow. */
  sort?: ColumnSort;
  /** 'typed': number filters on numeric columns (result page); 'text': every column filters its text (§2 template page). */
  filters: 'typed' | 'text';
  format: Format;
  t: TFunction<'report'>;
  domainText: ReturnType<typeof useDomainText>;
}

/** A column's header: the signal dictionary's name and unit; Date and Vehicle in words, unknown signals as the server names them. */
function header(
  column: string,
  { t, domainText }: Pick<ColumnOptions, 't' | 'domainText'>,
): { headerName: string; headerTooltip?: string } {
  if (column === DATE_COLUMN || column === VEHICLE_COLUMN) return { headerName: t(`column.${column}`) };
  const key = signalKeyOfColumn(column);
  return { headerName: domainText(signalLabel(key)), headerTooltip: domainText(signalInfo(key)?.description) };
}

/**
 * Grid columns for report rows keyed by display name (§3): the value is the cell's first value,
 * shown per §9 with null as a dash. Filters work on the page shown; sorting and paging are the server's.
 */
export function reportColumnDefs(
  columns: readonly string[],
  { sort, filters, format, ...words }: ColumnOptions,
): ColDef<ReportRow>[] {
  return columns.map((column) => {
    const numeric = filters === 'typed' && isNumericColumn(column);
    const named = header(column, words);
    return {
      colId: column,
      ...named,
      // Wide enough for the whole header and its menu icon; many columns scroll sideways instead of squeezing.
      minWidth: column === DATE_COLUMN ? 170 : Math.max(110, named.headerName.length * 8 + 56),
      valueGetter: ({ data }) => data?.[column]?.value ?? null,
      valueFormatter: ({ data }) => cellText(column, data?.[column], format),
      filter: numeric ? 'agNumberColumnFilter' : 'agTextColumnFilter',
      // Text filters match what the cell shows (e.g. the formatted date), not the raw value.
      ...(!numeric && { filterValueGetter: ({ data }) => cellText(column, data?.[column], format) }),
      cellDataType: false,
      sort: sort?.column === column ? sort.direction : null,
      // Signal values are numbers (known signals or not) and line up on the right, dashes included; headers stay left.
      cellClass: column === DATE_COLUMN || column === VEHICLE_COLUMN ? undefined : 'ag-right-aligned-cell',
    } satisfies ColDef<ReportRow>;
  });
}
