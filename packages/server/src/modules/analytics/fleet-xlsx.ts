import { sumCosts, type FleetAnalyticsRow, type Period } from '@evfleet/domain';
import ExcelJS from 'exceljs';

/** The Analytics page's fleet table as Analytics.xlsx: the same columns, numbers as numbers. */
export async function fleetWorkbook(rows: FleetAnalyticsRow[], period: Period): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Fleet');
  sheet.columns = [
    { header: 'Vehicle', key: 'name', width: 28 },
    { header: 'Distance (mi)', key: 'distanceMiles', width: 14 },
    { header: 'Energy used (kWh)', key: 'energyUsedKwh', width: 18 },
    { header: 'Energy charged (kWh)', key: 'energyChargedKwh', width: 20 },
    { header: 'Wh/mi', key: 'whPerMile', width: 10 },
    { header: 'Idle drain (%/day)', key: 'idleDrainPercentPerDay', width: 18 },
    { header: 'State of health (%)', key: 'stateOfHealthPercent', width: 18 },
    { header: 'Charging cost', key: 'chargingCost', width: 16 },
    { header: 'Hours at depots', key: 'depotHours', width: 16 },
    { header: 'Plug-in reminders', key: 'plugInReminders', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  // A cost with its currency: a fleet's zones may price in more than one.
  const costs = (list: FleetAnalyticsRow['chargingCosts']) =>
    list.map((c) => `${c.cost.toFixed(2)} ${c.currency}`).join('; ');
  for (const r of rows) sheet.addRow({ ...r, chargingCost: costs(r.chargingCosts) });
  const sum = (pick: (r: FleetAnalyticsRow) => number) => rows.reduce((total, r) => total + pick(r), 0);
  sheet.addRow({
    name: 'Total',
    chargingCost: costs(sumCosts(rows.flatMap((r) => r.chargingCosts))),
    depotHours: Math.round(sum((r) => r.depotHours) * 100) / 100,
    plugInReminders: sum((r) => r.plugInReminders),
  }).font = { bold: true };
  // Whole UTC days, as the figures are kept (docs/analytics.md).
  const day = (ts: number) => new Date(ts).toISOString().slice(0, 10);
  sheet.addRow([]);
  sheet.addRow([`Period (UTC days): ${day(period.from)} to ${day(period.to)}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
