import { DATE_COLUMN, templateDateText, VEHICLE_COLUMN, type ReportRow, type SavedTemplate } from '@evfleet/domain';
import type { canReportTemplate } from '../../../db/reports-schema.js';
import { valuesOf, type ReadingRow } from './can-report.repository.js';
import type { SelectedColumn } from './report-columns.js';

/** A result row keyed by display column, each value wrapped (part 2 §3 "Report result rows"). */
export function toReportRow(row: ReadingRow, vehicleName: string, columns: readonly SelectedColumn[]): ReportRow {
  const out: ReportRow = {
    [DATE_COLUMN]: { value: new Date(row.ts).toISOString() },
    [VEHICLE_COLUMN]: { value: vehicleName },
  };
  valuesOf(row, columns).forEach((value, i) => (out[columns[i].column] = { value }));
  return out;
}

export const toSavedTemplate = (t: typeof canReportTemplate.$inferSelect): SavedTemplate => ({
  id: t.id,
  templateName: t.templateName,
  columns: t.columns,
  startDate: templateDateText(t.startDate),
  endDate: templateDateText(t.endDate),
  vehiclesIds: [t.vehicleId],
});
