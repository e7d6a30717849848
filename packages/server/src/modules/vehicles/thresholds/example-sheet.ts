import { DEFAULT_THRESHOLDS, thresholdSheetCsv, thresholdSheetRows, type AlertAttribute } from '@evfleet/domain';
import ExcelJS from 'exceljs';

/** A thresholds sheet (the example is the defaults of part 2 §5) as xlsx or csv. */
export async function thresholdSheetFile(
  format: 'xlsx' | 'csv',
  attributes: readonly AlertAttribute[] = DEFAULT_THRESHOLDS,
): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(thresholdSheetCsv(attributes));
  const rows = thresholdSheetRows(attributes);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Thresholds');
  rows.forEach((r) => sheet.addRow(r));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c, i) => (c.width = i < 2 ? 20 : i < 4 ? 10 : 30));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const SHEET_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
