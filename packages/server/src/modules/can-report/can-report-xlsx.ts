import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { DATE_COLUMN, VEHICLE_COLUMN } from '@evfleet/domain';
import ExcelJS from 'exceljs';
import { valuesOf, type ReadingRow } from './can-report.repository.js';
import type { SelectedColumn } from './report-columns.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook being streamed: rows go out as they are added, never held together in memory. */
export interface ReportWorkbook {
  add(rows: ReadingRow[]): Promise<void>;
  finish(): Promise<void>;
}

/**
 * An xlsx of a report, written with ExcelJS's streaming writer to `out`: a header row of Date,
 * Vehicle and the chosen columns in display order, then one row per reading with the time as a
 * real date (UTC) and signal values as numbers. Zip compression is light (level 1): the file is
 * made while the user waits, and readings compress well at any level.
 */
export function reportWorkbook(out: Writable, vehicleName: string, columns: readonly SelectedColumn[]): ReportWorkbook {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  const sheet = workbook.addWorksheet('CAN History');
  sheet.columns = [
    { header: DATE_COLUMN, key: 'date', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    { header: VEHICLE_COLUMN, key: 'vehicle', width: 24 },
    ...columns.map((c) => ({ header: c.column, width: Math.max(10, c.column.length + 2) })),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  return {
    async add(rows) {
      for (const row of rows) sheet.addRow([new Date(row.ts), vehicleName, ...valuesOf(row, columns)]).commit();
      // Wait for a slow client rather than buffering the whole file.
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
