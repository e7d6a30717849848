import { DATE_COLUMN, NUMERIC_REPORT_COLUMNS, type ReportCell } from '@evfleet/domain';
import dayjs from 'dayjs';

/** §9 "report pickers": the start and end pickers show their value like this. */
export const PICKER_FORMAT = 'YYYY/MM/DD HH:mm A';

/**
 * §9 "timestamp MM-DD-YY H:MM:SS", read as month-day-year and hours, minutes, seconds (in the
 * browser's time zone, as the pickers are): the spec's minutes and seconds are upper-case, which in
 * the date library it came from would print the month and fractions of a second instead.
 */
export const DATE_CELL_FORMAT = 'MM-DD-YY H:mm:ss';

/** §9 "two decimals 0,0.[00]": thousands grouped, at most two decimals, none when whole. */
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const NUMERIC = new Set(NUMERIC_REPORT_COLUMNS);

/** §3: null shows as a dash. */
export const EMPTY_CELL = '-';

export const isNumericColumn = (column: string) => NUMERIC.has(column);

/** The text of one report cell under `column` (§3 numeric and date columns, §9 formats). */
export function cellText(column: string, cell: ReportCell | undefined): string {
  const value = cell?.value;
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  if (column === DATE_COLUMN) return dayjs(value).format(DATE_CELL_FORMAT);
  if (typeof value === 'number' && NUMERIC.has(column)) return twoDecimals.format(value);
  return String(value);
}

/** §9: a saved template's dates are UTC without zone; appending '.000Z' makes them instants again. */
export const templateInstant = (text: string) => `${text}.000Z`;

/** An instant as the pickers show it, for texts beside them (template list, result heading). */
export const pickerText = (instant: string) => dayjs(instant).format(PICKER_FORMAT);
