import { DEFAULT_THRESHOLDS, thresholdSheetRows } from '@evfleet/domain';

const csvCell = (cell: string | number) => (typeof cell === 'string' && /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : String(cell));

/** The example spreadsheet (docs/thresholds-sheet.md): the default thresholds of §5 in the upload's layout. */
const EXAMPLE_CSV = thresholdSheetRows(DEFAULT_THRESHOLDS)
  .map((row) => row.map(csvCell).join(','))
  .join('\r\n');

/** Built in the browser from the same layout the server parses, so the example never drifts from it. */
export const THRESHOLD_EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(EXAMPLE_CSV)}`;
export const THRESHOLD_EXAMPLE_FILE = 'thresholds-example.csv';
