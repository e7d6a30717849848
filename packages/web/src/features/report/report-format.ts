import { DATE_COLUMN, NUMERIC_REPORT_COLUMNS, type ReportCell } from '@evfleet/domain';
import dayjs from 'dayjs';
import type { Format } from '../../components/format/format';

const NUMERIC = new Set(NUMERIC_REPORT_COLUMNS);

/** §3: null shows as a dash. */
export const EMPTY_CELL = '-';

export const isNumericColumn = (column: string) => NUMERIC.has(column);

/**
 * The text of one report cell under `column` (§3 numeric and date columns): the moment to the
 * second in the browser's zone, as the pickers are; figures grouped with at most two decimals (§9).
 */
export function cellText(column: string, cell: ReportCell | undefined, format: Format): string {
  const value = cell?.value;
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  if (column === DATE_COLUMN) return format.dateTime(value, { seconds: true });
  if (typeof value === 'number' && NUMERIC.has(column)) return format.number(value);
  return String(value);
}

/** §9: a saved template's dates are UTC without zone; appending '.000Z' makes them instants again. */
export const templateInstant = (text: string) => `${text}.000Z`;

/** An instant as the pickers show it, for texts beside them (template list, result heading). */
export const pickerText = (instant: string, format: Format) => dayjs(instant).format(format.pickerPattern());
