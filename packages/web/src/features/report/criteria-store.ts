import { canReportFilterSchema, type CanReportFilter } from '@evfleet/domain';

/** The §3 search criteria the report page hands to the result page. */
export type ReportCriteria = Pick<
  CanReportFilter,
  'columns' | 'startDate' | 'endDate' | 'vehiclesIds' | 'vin' | 'uid' | 'name'
>;

// Session storage: the criteria survive a reload of the result page but not the tab (§4 "criteria stored").
const KEY = 'evfleet.canReport.criteria';

/** The stored criteria if they still pass the §5 checks (the same schema the server applies), else null. */
export function readCriteria(): ReportCriteria | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = canReportFilterSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const { columns, startDate, endDate, vehiclesIds, vin, uid, name } = parsed.data;
    return { columns, startDate, endDate, vehiclesIds, vin, uid, name };
  } catch {
    return null;
  }
}

export function storeCriteria(criteria: ReportCriteria): void {
  sessionStorage.setItem(KEY, JSON.stringify(criteria));
}
