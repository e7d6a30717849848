import { z } from 'zod';
import { fromDigits, id } from './people-fields.js';
import { cellColumn, MAX_CELLS, orderReportColumns, SIGNALS } from './signals.js';

/**
 * The CAN history report's contract (part 2 §2 "CAN History Report", "View Result", "Saved
 * template"; §3; §5 checks; §7 "CAN report"; §9 limits), shared by the server's routes and the
 * web's pages. Criteria name signals by key; results name columns by display name.
 */

export const CAN_REPORT_PAGE_SIZES = [50, 100, 150, 200] as const;
export const CAN_REPORT_DEFAULT_PAGE_SIZE = 50;
/** §9: the longest range a report may cover (rounded to whole days, as the check says). */
export const CAN_REPORT_MAX_DAYS = 10;
const DAY_MS = 86_400_000;

/** Texts of §5 (the six checks) and §8 the report screens show. */
export const CAN_REPORT_TEXTS = {
  noVehicle: 'Please select a vehicle',
  noSignals: 'Please select at least one signal setting',
  noStartDate: 'Please select start date',
  noEndDate: 'Please select end date',
  endBeforeStart: 'End date must be after start date',
  rangeTooLong: 'Please select date range between 10 days',
  noCriteria: 'Please select columns',
  saved: 'Saved',
  exportFailed: 'Failed to export',
  noResults: 'No Results Found.',
  /** Not in the spec (it lists saveTemplate but no control); chosen for the 'Save as template' form. */
  templateNameRequired: 'Template name can not be empty!',
  templateNameTaken: 'A template with this name already exists.',
  templateSaved: 'Template saved',
  pageSize: 'Page size must be 50, 100, 150 or 200',
  unknownSignal: (key: string) => `Unknown signal: ${key}`,
  unknownSortColumn: 'Sort by one of the report columns',
} as const;

// ---- columns

/** The report's two fixed columns before the signals (§3 "Report columns, fixed order"). */
export const DATE_COLUMN = 'Date';
export const VEHICLE_COLUMN = 'Vehicle';

/** Signal key of battery cell n (0-based index): 'cell1' … 'cell32'. */
export const cellKey = (index: number) => `cell${index + 1}`;
const CELL_KEY = /^cell([1-9]\d?)$/;

/** The cell index (0-based) a key names, or null. */
export function cellIndexOf(key: string): number | null {
  const m = CELL_KEY.exec(key);
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= MAX_CELLS ? n - 1 : null;
}

const SIGNAL_COLUMN = new Map<string, string>(SIGNALS.map((s) => [s.key, s.column]));

/** Whether a key is one of the fixed signals or cells (anything else must have been reported). */
export const isKnownSignalKey = (key: string) => SIGNAL_COLUMN.has(key) || cellIndexOf(key) !== null;

/** The display column of a signal key; a signal the catalogue does not know is shown under its key. */
export function reportColumnOf(key: string): string {
  const cell = cellIndexOf(key);
  return SIGNAL_COLUMN.get(key) ?? (cell !== null ? cellColumn(cell) : key);
}

const COLUMN_SIGNAL = new Map<string, string>(SIGNALS.map((s) => [s.column, s.key]));
const CELL_COLUMN = /^Cell ([1-9]\d?)$/;

/** The signal key behind a report column (reportColumnOf's inverse): a column the catalogue does not know is its key. */
export function signalKeyOfColumn(column: string): string {
  const cell = Number(CELL_COLUMN.exec(column)?.[1] ?? 0);
  return COLUMN_SIGNAL.get(column) ?? (cell >= 1 && cell <= MAX_CELLS ? cellKey(cell - 1) : column);
}

/** Date, Vehicle and the chosen signals' columns, in the spec's order (unknown ones last, A–Z). */
export const reportColumnsFor = (keys: readonly string[]) =>
  orderReportColumns([DATE_COLUMN, VEHICLE_COLUMN, ...new Set(keys.map(reportColumnOf))]);

/** §3: columns whose values are numbers (formatted 0,0.[00]); Date is a date, Vehicle and the rest text or numbers as stored. */
export const NUMERIC_REPORT_COLUMNS: readonly string[] = [
  ...Array.from({ length: MAX_CELLS }, (_, i) => cellColumn(i)),
  'Charge Status',
  '12v Battery',
  'Battery Charge',
  'Cabin Temperature',
  'Controller Temp',
  'Days Not Charged',
  'Gps Lat',
  'Gps Long',
  'Gps Signal',
  'Lte Signal',
  'Miles To Empty',
  'Motor Temp',
  'Odometer',
  'Pack Voltage',
];

// ---- options (GET api/canreport/vehicles, GET api/canreport/signals)

/** One entry of the vehicle select: friendlyName is the label 'Name - VIN: vin', name the value (the VIN). */
export const vehicleOptionSchema = z.object({ id: z.number().int(), friendlyName: z.string(), name: z.string() });
export type VehicleOption = z.infer<typeof vehicleOptionSchema>;

export const VIN_SEPARATOR = ' - VIN: ';
export const vehicleOptionLabel = (name: string, vin: string) => `${name}${VIN_SEPARATOR}${vin}`;

/** §3: vin parsed from the label, else the value; uid the value; name parsed from the label. */
export function criteriaVehicleFields(option: VehicleOption) {
  const at = option.friendlyName.lastIndexOf(VIN_SEPARATOR);
  const name = at >= 0 ? option.friendlyName.slice(0, at) : option.friendlyName;
  const vin = at >= 0 ? option.friendlyName.slice(at + VIN_SEPARATOR.length) : option.name;
  return { vehiclesIds: [option.id], vin, uid: option.name, name };
}

/** Signal settings: signal key → label. The fixed signals and 32 cells, then keys vehicles reported. */
export const signalSettingsSchema = z.record(z.string(), z.string());
export type SignalSettings = z.infer<typeof signalSettingsSchema>;

/** The fixed part of the signal settings, in report order. */
export const FIXED_SIGNAL_SETTINGS: SignalSettings = Object.fromEntries([
  ...SIGNALS.map((s) => [s.key, s.column]),
  ...Array.from({ length: MAX_CELLS }, (_, i) => [cellKey(i), cellColumn(i)]),
]);

// ---- the six checks (§5), shared by the page's toasts and the server's 400s

/** What the checks read; every field may be missing, as on the form. */
export interface CanReportDraft {
  vehiclesIds?: readonly unknown[] | null;
  columns?: readonly unknown[] | null;
  startDate?: string | Date | null;
  endDate?: string | Date | null;
}
export type CanReportCheckField = 'vehiclesIds' | 'columns' | 'startDate' | 'endDate';
export interface CanReportProblem {
  field: CanReportCheckField;
  message: string;
}

const timeOf = (d: string | Date | null | undefined) =>
  d === null || d === undefined || d === '' ? null : new Date(d).getTime();

/**
 * The §5 checks in order; every failing one, so the server reports each field and the page toasts
 * the first. End before start refuses any reversal (the spec's rounded day difference would let a
 * reversal of under half a day through, and the server never queries a reversed range); the range
 * check keeps the spec's rounding, so a range of up to 10.5 days passes.
 */
export function canReportProblems(draft: CanReportDraft): CanReportProblem[] {
  const problems: CanReportProblem[] = [];
  if (!draft.vehiclesIds?.length) problems.push({ field: 'vehiclesIds', message: CAN_REPORT_TEXTS.noVehicle });
  if (!draft.columns?.length) problems.push({ field: 'columns', message: CAN_REPORT_TEXTS.noSignals });
  const start = timeOf(draft.startDate);
  const end = timeOf(draft.endDate);
  if (start === null) problems.push({ field: 'startDate', message: CAN_REPORT_TEXTS.noStartDate });
  if (end === null) problems.push({ field: 'endDate', message: CAN_REPORT_TEXTS.noEndDate });
  if (start !== null && end !== null) {
    if (end < start) problems.push({ field: 'endDate', message: CAN_REPORT_TEXTS.endBeforeStart });
    else if (Math.round((end - start) / DAY_MS) > CAN_REPORT_MAX_DAYS)
      problems.push({ field: 'endDate', message: CAN_REPORT_TEXTS.rangeTooLong });
  }
  return problems;
}

/** The toast View Result shows, or null when the criteria may be sent. */
export const firstCanReportProblem = (draft: CanReportDraft): string | null =>
  canReportProblems(draft)[0]?.message ?? null;

// ---- criteria (request bodies)

const isoDate = z.iso.datetime({ offset: true, message: 'must be a date-time like 2026-01-31T08:00:00.000Z' });
const signalKey = z.string().trim().min(1, 'must not be empty').max(64, 'Max');

/** The criteria's fields before the checks (all optional so a missing one gets its check's text). */
const criteriaFields = {
  columns: z.array(signalKey).max(200, 'Max').optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  vehiclesIds: z.array(id).max(1, 'Choose one vehicle').optional(),
  /** For the export's file name: can-{vin or uid or report}.xlsx. */
  vin: z.string().max(64, 'Max').optional(),
  uid: z.string().max(64, 'Max').optional(),
  name: z.string().max(255, 'Max').optional(),
};

const withChecks = <T extends z.ZodType<CanReportDraft>>(schema: T) =>
  schema.superRefine((draft, ctx) => {
    for (const p of canReportProblems(draft)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });

const pageSize = z
  .preprocess(fromDigits, z.number({ error: CAN_REPORT_TEXTS.pageSize }))
  .refine((n) => (CAN_REPORT_PAGE_SIZES as readonly number[]).includes(n), CAN_REPORT_TEXTS.pageSize)
  .default(CAN_REPORT_DEFAULT_PAGE_SIZE);
const pageNo = z
  .preprocess(
    fromDigits,
    z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'Min').max(1_000_000, 'Max'),
  )
  .default(0);
export const SORT_TYPES = ['ASC', 'DESC'] as const;
export type SortType = (typeof SORT_TYPES)[number];
const sortType = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(SORT_TYPES, { error: 'must be ASC or DESC' }))
  .default('ASC');

/** Paging of POST api/canreport and GET getTemplate/{id} (query string). */
export const canReportPageQuerySchema = z.object({ pageNo, pageSize });
export type CanReportPageQuery = z.infer<typeof canReportPageQuerySchema>;

/**
 * §3 search criteria, the body of POST api/canreport, getListCanHistory and downloadExcel. Dates are
 * ISO instants. sortBy names a display column of the report (default 'Date'); paging and sort are
 * read by getListCanHistory (POST api/canreport takes paging from its query string).
 */
export const canReportFilterSchema = withChecks(
  z.object({
    ...criteriaFields,
    pageNo,
    pageSize,
    sortBy: z.string().max(64, 'Max').default(DATE_COLUMN),
    sortType,
  }),
).superRefine((f, ctx) => {
  if (!reportColumnsFor(f.columns ?? []).includes(f.sortBy))
    ctx.addIssue({ code: 'custom', path: ['sortBy'], message: CAN_REPORT_TEXTS.unknownSortColumn });
});
export type CanReportFilterInput = z.input<typeof canReportFilterSchema>;
export type CanReportFilter = z.output<typeof canReportFilterSchema>;

/** Criteria that passed the checks: everything the query needs is present. */
export interface CanReportCriteria {
  vehicleId: number;
  columns: string[];
  start: Date;
  end: Date;
}

/** The checked filter as query criteria (the schema's refinements guarantee the fields). */
export function criteriaOf(f: {
  vehiclesIds?: number[];
  columns?: string[];
  startDate?: string;
  endDate?: string;
}): CanReportCriteria {
  return {
    vehicleId: f.vehiclesIds![0],
    columns: [...new Set(f.columns)],
    start: new Date(f.startDate!),
    end: new Date(f.endDate!),
  };
}

// ---- results

/** §3 "Report result rows": each value wrapped in an object whose first value is the real one. */
export const reportCellSchema = z.object({ value: z.union([z.number(), z.string(), z.null()]) });
export type ReportCell = z.infer<typeof reportCellSchema>;
/** A row keyed by display column; Date is an ISO instant, Vehicle the vehicle's name, signals numbers or null. */
export const reportRowSchema = z.record(z.string(), reportCellSchema);
export type ReportRow = z.infer<typeof reportRowSchema>;

/** Response of POST api/canreport and getListCanHistory: one page, its paging, and the columns in display order. */
export const canReportResultSchema = z.object({
  data: z.array(reportRowSchema),
  columns: z.array(z.string()),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  sortBy: z.string(),
  sortType: z.enum(SORT_TYPES),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type CanReportResult = z.infer<typeof canReportResultSchema>;

// ---- saved templates

/**
 * §3 "Saved template". Dates are UTC without zone or milliseconds ('2026-01-31T08:00:00'): §9 says
 * the saved-template download appends '.000Z' to them, which makes them ISO instants again.
 */
export const savedTemplateSchema = z.object({
  id: z.number().int(),
  templateName: z.string(),
  columns: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  vehiclesIds: z.array(z.number().int()),
});
export type SavedTemplate = z.infer<typeof savedTemplateSchema>;

/** A template date as §9 expects it: UTC, seconds, no zone. */
export const templateDateText = (d: Date) => d.toISOString().slice(0, 19);

/** Body of POST api/canreport/saveTemplate: a name (required, unique per user) and checked criteria. */
export const saveTemplateSchema = withChecks(
  z.object({
    ...criteriaFields,
    templateName: z
      .string({ error: CAN_REPORT_TEXTS.templateNameRequired })
      .trim()
      .min(1, { message: CAN_REPORT_TEXTS.templateNameRequired, abort: true })
      .max(100, 'Max'),
  }),
);
export type SaveTemplate = z.output<typeof saveTemplateSchema>;

/** Response of GET api/canreport/getTemplate/{id}: one page of the template's report and the template. */
export const templateResultSchema = z.object({
  reportData: z.object({
    data: z.array(reportRowSchema),
    columns: z.array(z.string()),
    totalCount: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  }),
  templateDate: savedTemplateSchema.omit({ id: true }),
});
export type TemplateResult = z.infer<typeof templateResultSchema>;

// ---- schedules (beyond the spec: a saved template mailed as xlsx)

export const SCHEDULE_PERIODS = ['DAILY', 'WEEKLY'] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const SCHEDULE_TEXTS = {
  weekdayRequired: 'Choose the day of the week',
  recipientsRequired: 'Add at least one recipient',
  scheduleSaved: 'Schedule saved',
  scheduleRemoved: 'Schedule removed',
} as const;

/**
 * Body of PUT api/canreport/templates/{id}/schedule. DAILY mails the previous local day, WEEKLY the
 * previous seven local days, at `hour` in the vehicle's time zone (weekday 0 Sunday … 6 Saturday).
 */
export const reportScheduleWriteSchema = z
  .object({
    period: z.enum(SCHEDULE_PERIODS, { error: 'must be DAILY or WEEKLY' }),
    weekday: z.number().int('must be a whole number').min(0, 'Min').max(6, 'Max').nullish(),
    hour: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'Min').max(23, 'Max'),
    recipients: z
      .array(z.string().trim().pipe(z.email('Invalid Email')))
      .min(1, SCHEDULE_TEXTS.recipientsRequired)
      .max(20, 'Max'),
  })
  .superRefine((s, ctx) => {
    if (s.period === 'WEEKLY' && (s.weekday === null || s.weekday === undefined))
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: SCHEDULE_TEXTS.weekdayRequired });
  })
  .transform((s) => ({ ...s, weekday: s.period === 'WEEKLY' ? (s.weekday ?? null) : null }));
export type ReportScheduleWrite = z.output<typeof reportScheduleWriteSchema>;

/** A template's schedule as the server returns it; instants are ISO strings. */
export const reportScheduleSchema = z.object({
  templateId: z.number().int(),
  period: z.enum(SCHEDULE_PERIODS),
  weekday: z.number().int().nullable(),
  hour: z.number().int(),
  recipients: z.array(z.string()),
  timeZone: z.string(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

/** Export file names (§9). */
export const canReportFileName = (f: { vin?: string; uid?: string }) => `can-${f.vin || f.uid || 'report'}.xlsx`;
export const SAVED_TEMPLATE_FILE_NAME = 'Saved Template.xlsx';
