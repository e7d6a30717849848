import { fillText } from './text-templates.js';
import { thresholdProblems } from './threshold-checks.js';
import {
  BAND_KEYS,
  DEFAULT_MINUTES_BACKWARD,
  DEFAULT_NOTIFICATION_FREQUENCY,
  METRICS,
  MAX_RANGES,
  type AlertAttribute,
  type BandKey,
  type MetricName,
} from './thresholds.js';

/**
 * The threshold spreadsheet (csv or xlsx; docs/thresholds-sheet.md): a header row, then one row
 * per metric and band range.
 *
 *   Metric       | Band     | Low | High | Notification Frequency (Mins) | Minutes Backward (Mins)
 *   cellVoltage  | Normal   | 3.1 | 3.69 | 60                            | 5
 *   cellVoltage  | Warning  | 2.7 | 3.01 |                               |
 *   cellVoltage  | Warning  | 3.7 | 3.9  |                               |
 *
 * Metric: the key (cellVoltage) or the display name (Cell Voltage). Band: Normal, Warning (or
 * Moderate) or Severe (or Sever); at most one Normal and two of the others per metric. The two
 * last columns are optional; a metric takes them from any of its rows (they must agree), else keeps
 * its current values. A metric named in the sheet gets exactly the bands listed for it; metrics
 * the sheet does not name keep theirs, as do every metric's E-Mail/SMS choices.
 */
export const SHEET_COLUMNS = [
  'Metric',
  'Band',
  'Low',
  'High',
  'Notification Frequency (Mins)',
  'Minutes Backward (Mins)',
] as const;
type ColumnName = (typeof SHEET_COLUMNS)[number];
const REQUIRED: ColumnName[] = ['Metric', 'Band', 'Low', 'High'];
export const MAX_SHEET_ROWS = 500;
export const MAX_SHEET_BYTES = 2 * 1024 * 1024;
export const SHEET_FILE_TYPES = ['csv', 'xlsx'] as const;
export const SHEET_BAND_NAMES: Record<BandKey, string> = { normal: 'Normal', warning: 'Warning', sever: 'Severe' };

/** A cell as read from a sheet. */
export type SheetCell = string | number | boolean | Date | null | undefined;

export interface SheetError {
  /** 1-based, as the spreadsheet numbers rows. */
  row: number;
  /** A, B, ...; absent when the whole row is at fault. */
  column?: string;
  message: string;
}
export type SheetResult =
  { ok: true; attributes: AlertAttribute[]; metrics: MetricName[] } | { ok: false; errors: SheetError[] };

export const columnLetter = (index: number): string =>
  (index >= 26 ? columnLetter(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));
/** A sheet's refusals; a row's error is told with its place (sheetErrorText). */
export const SHEET_TEXTS = {
  atRow: 'Row {{row}}: {{why}}',
  atCell: 'Row {{row}}, column {{column}}: {{why}}',
  header: 'The header row must name the columns {{required}} (missing: {{missing}}).',
  tooManyRows: 'At most {{count}} rows of thresholds.',
  unknownMetric: 'Unknown metric {{cell}}.',
  band: 'The band must be Normal, Warning or Severe, not {{cell}}.',
  lowNotNumber: 'Low must be a number, not {{cell}}.',
  highNotNumber: 'High must be a number, not {{cell}}.',
  tooManyBandRow: '{{metric}} has more than 1 {{band}} row.',
  tooManyBandRows: '{{metric}} has more than {{count}} {{band}} rows.',
  notMinutes: '{{column}} must be a whole number of minutes, not {{cell}}.',
  disagrees: '{{column}} of {{metric}} is {{value}} on row {{row}}.',
  empty: 'The sheet has no thresholds.',
};
export const sheetErrorText = (e: SheetError) =>
  fillText(e.column ? SHEET_TEXTS.atCell : SHEET_TEXTS.atRow, { row: e.row, column: e.column ?? '', why: e.message });

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const HEADER_KEYS: Record<string, ColumnName> = Object.fromEntries(SHEET_COLUMNS.map((c) => [squash(c), c]));
Object.assign(HEADER_KEYS, {
  notificationfrequency: 'Notification Frequency (Mins)',
  minutesbackward: 'Minutes Backward (Mins)',
});

const METRIC_KEYS = new Map<string, MetricName>(
  (Object.keys(METRICS) as MetricName[]).flatMap((name) => [
    [squash(name), name],
    [squash(METRICS[name].displayName), name],
  ]),
);
const BAND_WORDS: Record<string, BandKey> = {
  normal: 'normal',
  warning: 'warning',
  moderate: 'warning',
  severe: 'sever',
  sever: 'sever',
};

/** A cell's text as a message quotes it: short and printable ASCII, since refusals travel in a header. */
const quoted = (cell: SheetCell) => {
  const t = textOf(cell).replace(/[^\x20-\x7e]/g, '?');
  return `"${t.length > 40 ? `${t.slice(0, 40)}...` : t}"`;
};
const textOf = (cell: SheetCell) =>
  cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell).trim();
const numberOf = (cell: SheetCell): number | null => {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const t = textOf(cell);
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : null;
};

interface Draft {
  name: MetricName;
  bands: Record<BandKey, { low: number; high: number; row: number }[]>;
  frequency?: { value: number; row: number };
  backward?: { value: number; row: number };
}

/** Where each known column sits in the sheet, and its letter for the messages. */
interface Columns {
  at: Map<ColumnName, number>;
  letter(name: ColumnName): string;
}

/** The header row's columns, or the message naming those missing. */
function readHeader(header: readonly SheetCell[]): Columns | SheetError {
  const at = new Map<ColumnName, number>();
  header.forEach((cell, i) => {
    const name = HEADER_KEYS[squash(textOf(cell))];
    if (name && !at.has(name)) at.set(name, i);
  });
  const missing = REQUIRED.filter((c) => !at.has(c));
  if (missing.length)
    return {
      row: 1,
      message: fillText(SHEET_TEXTS.header, { required: REQUIRED.join(', '), missing: missing.join(', ') }),
    };
  return { at, letter: (name) => columnLetter(at.get(name)!) };
}

/** One row into its metric's draft: its range, and the minutes it gives once for the metric. */
function readRow(
  cells: readonly SheetCell[],
  row: number,
  columns: Columns,
  drafts: Map<MetricName, Draft>,
  errors: SheetError[],
) {
  const cell = (name: ColumnName) => (columns.at.has(name) ? cells[columns.at.get(name)!] : undefined);
  const refuse = (column: ColumnName, message: string) =>
    void errors.push({ row, column: columns.letter(column), message });
  if (cells.every((c) => textOf(c) === '')) return;
  const metric = METRIC_KEYS.get(squash(textOf(cell('Metric'))));
  if (!metric) return refuse('Metric', fillText(SHEET_TEXTS.unknownMetric, { cell: quoted(cell('Metric')) }));
  const band = BAND_WORDS[squash(textOf(cell('Band')))];
  if (!band) return refuse('Band', fillText(SHEET_TEXTS.band, { cell: quoted(cell('Band')) }));
  const low = numberOf(cell('Low'));
  const high = numberOf(cell('High'));
  if (low === null) return refuse('Low', fillText(SHEET_TEXTS.lowNotNumber, { cell: quoted(cell('Low')) }));
  if (high === null) return refuse('High', fillText(SHEET_TEXTS.highNotNumber, { cell: quoted(cell('High')) }));
  const draft = drafts.get(metric) ?? { name: metric, bands: { normal: [], warning: [], sever: [] } };
  drafts.set(metric, draft);
  if (draft.bands[band].length >= MAX_RANGES[band]) {
    return refuse(
      'Band',
      fillText(MAX_RANGES[band] > 1 ? SHEET_TEXTS.tooManyBandRows : SHEET_TEXTS.tooManyBandRow, {
        metric: METRICS[metric].displayName,
        count: MAX_RANGES[band],
        band: SHEET_BAND_NAMES[band],
      }),
    );
  }
  draft.bands[band].push({ low, high, row });
  for (const [column, key] of [
    ['Notification Frequency (Mins)', 'frequency'],
    ['Minutes Backward (Mins)', 'backward'],
  ] as const) {
    const raw = textOf(cell(column));
    if (raw === '') continue;
    const value = numberOf(raw);
    if (value === null || !Number.isInteger(value) || value < 0) {
      refuse(column, fillText(SHEET_TEXTS.notMinutes, { column, cell: quoted(raw) }));
    } else if (draft[key] && draft[key].value !== value) {
      refuse(
        column,
        fillText(SHEET_TEXTS.disagrees, {
          column,
          metric: METRICS[metric].displayName,
          value: draft[key].value,
          row: draft[key].row,
        }),
      );
    } else draft[key] ??= { value, row };
  }
}

/** The attribute list `current` becomes with the drafts, each checked as the editor checks it. */
function applyDrafts(drafts: Map<MetricName, Draft>, current: readonly AlertAttribute[], columns: Columns) {
  const errors: SheetError[] = [];
  let attributes = [...current];
  for (const draft of drafts.values()) {
    const before = current.find((a) => a.name === draft.name);
    const strip = (band: BandKey) => draft.bands[band].map(({ low, high }) => ({ low, high }));
    const next: AlertAttribute = {
      ...before,
      name: draft.name,
      displayName: METRICS[draft.name].displayName,
      type: before?.type ?? 'number',
      minutesBackward: draft.backward?.value ?? before?.minutesBackward ?? DEFAULT_MINUTES_BACKWARD,
      notificationFrequencyHour:
        draft.frequency?.value ?? before?.notificationFrequencyHour ?? DEFAULT_NOTIFICATION_FREQUENCY,
      normal: strip('normal'),
      warning: strip('warning'),
      sever: strip('sever'),
    };
    for (const p of thresholdProblems(next)) {
      const range = p.band !== undefined && p.index !== undefined ? draft.bands[p.band][p.index] : undefined;
      const rowOf = range?.row ?? Math.min(...BAND_KEYS.flatMap((b) => draft.bands[b].map((r) => r.row)));
      errors.push({ row: rowOf, column: columns.letter(p.field === 'high' ? 'High' : 'Low'), message: p.message });
    }
    attributes = before ? attributes.map((a) => (a.name === draft.name ? next : a)) : [...attributes, next];
  }
  return { attributes, errors };
}

/**
 * Reads a sheet's rows (the header first) into the attribute list that would result from applying
 * it to `current`. Every error names its row and column; with any error nothing is returned.
 */
export function parseThresholdSheet(
  rows: readonly (readonly SheetCell[])[],
  current: readonly AlertAttribute[],
): SheetResult {
  const columns = readHeader(rows[0] ?? []);
  if (!('at' in columns)) return { ok: false, errors: [columns] };
  if (rows.length - 1 > MAX_SHEET_ROWS)
    return {
      ok: false,
      errors: [{ row: MAX_SHEET_ROWS + 2, message: fillText(SHEET_TEXTS.tooManyRows, { count: MAX_SHEET_ROWS }) }],
    };

  const drafts = new Map<MetricName, Draft>();
  const errors: SheetError[] = [];
  rows.slice(1).forEach((cells, i) => readRow(cells, i + 2, columns, drafts, errors));
  if (errors.length) return { ok: false, errors };
  if (drafts.size === 0) return { ok: false, errors: [{ row: 2, message: SHEET_TEXTS.empty }] };

  const applied = applyDrafts(drafts, current, columns);
  if (applied.errors.length) return { ok: false, errors: applied.errors.sort((a, b) => a.row - b.row) };
  return { ok: true, attributes: applied.attributes, metrics: [...drafts.keys()] };
}

/** The sheet of a list of attributes (the downloadable example is the defaults of §5). */
export function thresholdSheetRows(attributes: readonly AlertAttribute[]): (string | number)[][] {
  const rows: (string | number)[][] = [[...SHEET_COLUMNS]];
  for (const a of attributes) {
    let first = true;
    for (const band of BAND_KEYS) {
      for (const r of a[band]) {
        rows.push([
          a.name,
          SHEET_BAND_NAMES[band],
          r.low,
          r.high,
          ...(first ? [a.notificationFrequencyHour, a.minutesBackward] : ['', '']),
        ]);
        first = false;
      }
    }
  }
  return rows;
}

const csvCell = (cell: string | number) =>
  typeof cell === 'string' && /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : String(cell);

/** The same sheet as CSV text (RFC 4180, CRLF): what the example download and the web's own link hold. */
export const thresholdSheetCsv = (attributes: readonly AlertAttribute[]) =>
  `${thresholdSheetRows(attributes)
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')}\r\n`;
