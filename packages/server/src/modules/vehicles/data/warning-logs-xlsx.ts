import ExcelJS from 'exceljs';
import type { warningLog } from '../../../db/telemetry-schema.js';

/** WarningLogs.xlsx: one row per entry, dates as real dates, values as numbers. */
export async function warningLogsWorkbook(
  vehicleName: string,
  rows: (typeof warningLog.$inferSelect)[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Warning Logs');
  sheet.columns = [
    { header: 'Type Of Warning', key: 'type', width: 16 },
    { header: 'Date & Time (GMT)', key: 'date', width: 22, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    { header: 'Attribute', key: 'name', width: 24 },
    { header: 'Value', key: 'value', width: 10 },
    { header: 'Description', key: 'description', width: 80 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow({
      type: r.type,
      date: r.date,
      name: r.name,
      value: r.value,
      description: r.notificationContent ?? `${vehicleName}: ${r.name} ${r.type}`,
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
