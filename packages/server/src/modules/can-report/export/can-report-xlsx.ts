import type { Writable } from 'node:stream';
import { DATE_COLUMN, VEHICLE_COLUMN } from '@evfleet/domain';
import { xlsxStream } from '../../../lib/xlsx-writer/xlsx-stream.js';
import type { SelectedColumn } from '../report/report-columns.js';

/** A workbook being streamed: rows go out as they are added, never held together in memory. */
export interface ReportWorkbook {
  /** Readings as the repository's text lines (the time as an Excel date, then the values). */
  add(lines: Uint8Array): Promise<void>;
  finish(): Promise<void>;
}

/**
 * An xlsx of a report written to `out`: a header row of Date, Vehicle and the chosen columns in
 * display order, then one row per reading with the time as a real date (UTC) and signal values as
 * numbers (an empty value is an empty cell).
 */
export async function reportWorkbook(
  out: Writable,
  vehicleName: string,
  columns: readonly SelectedColumn[],
): Promise<ReportWorkbook> {
  const sheet = await xlsxStream(out, 'CAN History', [
    { header: DATE_COLUMN, width: 20 },
    { header: VEHICLE_COLUMN, width: 24 },
    ...columns.map((c) => ({ header: c.column })),
  ]);
  const add = sheet.textRows([
    { number: true, date: true },
    { text: vehicleName },
    ...columns.map(() => ({ number: true as const })),
  ]);
  return { add, finish: () => sheet.finish() };
}
