import { DEFAULT_THRESHOLDS, thresholdSheetCsv } from '@evfleet/domain';

/** The example spreadsheet (docs/thresholds-sheet.md): the default thresholds of §5 in the upload's layout. */
const EXAMPLE_CSV = thresholdSheetCsv(DEFAULT_THRESHOLDS);

/** Built in the browser from the same layout the server parses, so the example never drifts from it. */
export const THRESHOLD_EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(EXAMPLE_CSV)}`;
export const THRESHOLD_EXAMPLE_FILE = 'thresholds-example.csv';
