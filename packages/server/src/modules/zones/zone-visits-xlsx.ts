import type { ZoneVisitRow } from '@evfleet/domain';
import ExcelJS from 'exceljs';

/** Visits as a workbook: the same columns as the screen, times as dates, numbers as numbers. */
export async function visitsWorkbook(rows: ZoneVisitRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Visits');
  sheet.columns = [
    { header: 'Zone', key: 'zoneName', width: 24 },
    { header: 'Kind', key: 'kind', width: 10 },
    { header: 'Vehicle', key: 'vehicleName', width: 24 },
    { header: 'Entered (UTC)', key: 'enteredAt', width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    { header: 'Left (UTC)', key: 'exitedAt', width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    { header: 'Charged (kWh)', key: 'chargedKwh', width: 14 },
    { header: 'Charge cost', key: 'chargeCost', width: 12 },
    { header: 'Currency', key: 'currency', width: 10 },
    { header: 'Distance (mi)', key: 'distanceMiles', width: 14 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow({ ...r, enteredAt: new Date(r.enteredAt), exitedAt: r.exitedAt ? new Date(r.exitedAt) : null });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
