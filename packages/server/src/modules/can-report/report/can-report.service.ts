import type { Writable } from 'node:stream';
import {
  CAN_REPORT_TEXTS,
  canReportFileName,
  criteriaOf,
  DATE_COLUMN,
  FIXED_SIGNAL_SETTINGS,
  isKnownSignalKey,
  orderReportColumns,
  reportColumnsFor,
  SAVED_TEMPLATE_FILE_NAME,
  vehicleOptionLabel,
  type CanReportCriteria,
  type CanReportFilter,
  type CanReportPageQuery,
  type CanReportResult,
  type SaveTemplate,
  type SignalSettings,
  type SortType,
  type TemplateResult,
  type VehicleOption,
} from '@evfleet/domain';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { resolveScope, visibleVehicles } from '../../../auth/visibility.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import { vehicle } from '../../../db/schema.js';
import { fieldErrors, notFound, refused } from '../../../http/errors.js';
import { vehicleFor } from '../../role-permissions/index.js';
import { reportWorkbook } from '../export/can-report-xlsx.js';
import { toReportRow, toSavedTemplate } from './can-report.presenter.js';
import { canReportRepository as repo, type ReportQuery } from './can-report.repository.js';
import { reportedExtraKeys, selectColumns } from './report-columns.js';
import { exportLines } from '../export/report-copy.js';
import { reportPager } from '../paging/report-pager.js';

/** A report ready to stream: where it goes and a function that writes it. */
export interface ReportExport {
  fileName: string;
  write(out: Writable): Promise<void>;
}

/** Where readings are read: `pool` is PostgreSQL's, for COPY. */
interface ReadingSource {
  db: Db;
  pool?: pg.Pool;
}

/** Writes a whole report to a stream as xlsx (also used by the scheduler). */
async function writeReport(readings: ReadingSource, vehicleName: string, query: ReportQuery, out: Writable) {
  const book = await reportWorkbook(out, vehicleName, query.columns);
  await exportLines(readings.db, readings.pool, query, (lines) => book.add(lines));
  await book.finish();
}

/**
 * Part 2 §7 "CAN report": options, reports, exports and saved templates. Every call is confined to
 * the vehicles the caller may see: a vehicle outside the scope is "not found", whoever asks.
 */
export function createCanReportService({ db, readings }: { db: Db; readings: ReadingSource }) {
  const pager = reportPager(readings);
  const visible = async (by: AuthUser) => visibleVehicles(await resolveScope(db, by));

  /**
   * The vehicle if the caller may see it (404 otherwise, whoever asks) and the role-permission
   * toggles let the caller read its CAN history, and export it when asked (403).
   */
  const reportVehicle = (by: AuthUser, id: number, exporting = false) =>
    vehicleFor(
      db,
      by,
      (where) => repo.vehicle(db, where),
      eq(vehicle.id, id),
      ...(exporting ? (['canHistory', 'canHistoryExport'] as const) : (['canHistory'] as const)),
    );

  /** Unknown keys are columns only if this vehicle reported them; anything else is a 400. */
  const checkColumns = async (vehicleId: number, keys: readonly string[], objectName: string) => {
    const unknown = keys.filter((k) => !isKnownSignalKey(k));
    if (unknown.length === 0) return;
    const reported = new Set(reportedExtraKeys(await repo.reportedKeys(db, eq(vehicle.id, vehicleId))));
    const bad = unknown.filter((k) => !reported.has(k));
    if (bad.length) throw fieldErrors(objectName, { columns: CAN_REPORT_TEXTS.unknownSignal(bad.join(', ')) });
  };

  /** The checked criteria of a caller's report, with the vehicle it is about. */
  const prepare = async (
    by: AuthUser,
    criteria: CanReportCriteria,
    options: { sortBy?: string; sortType?: SortType; objectName?: string; exporting?: boolean } = {},
  ) => {
    const v = await reportVehicle(by, criteria.vehicleId, options.exporting);
    await checkColumns(v.id, criteria.columns, options.objectName ?? 'canReportFilter');
    const query: ReportQuery = {
      criteria,
      columns: selectColumns(criteria.columns),
      sortBy: options.sortBy ?? DATE_COLUMN,
      sortType: options.sortType ?? 'ASC',
    };
    return { v, query };
  };

  /** One page of a caller's report with its paging. */
  const pageOf = async (
    by: AuthUser,
    criteria: CanReportCriteria,
    page: CanReportPageQuery,
    sortBy?: string,
    sortType?: SortType,
  ): Promise<CanReportResult> => {
    const { v, query } = await prepare(by, criteria, { sortBy, sortType });
    const { rows, totalCount } = await pager.page(query, page.pageSize, page.pageNo * page.pageSize);
    return {
      data: rows.map((r) => toReportRow(r, v.name, query.columns)),
      columns: reportColumnsFor(criteria.columns),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      sortBy: query.sortBy,
      sortType: query.sortType,
      totalCount,
      totalPages: Math.ceil(totalCount / page.pageSize),
    };
  };

  const exportOf = async (
    by: AuthUser,
    criteria: CanReportCriteria,
    fileName: string,
    sortBy?: string,
    sortType?: SortType,
  ): Promise<ReportExport> => {
    const { v, query } = await prepare(by, criteria, { sortBy, sortType, exporting: true });
    return { fileName, write: (out) => writeReport(readings, v.name, query, out) };
  };

  const ownTemplate = async (by: AuthUser, id: number) => {
    const t = await repo.template(db, by.id, id);
    if (!t) throw notFound('The template');
    return t;
  };
  const templateCriteria = (t: {
    vehicleId: number;
    columns: string[];
    startDate: Date;
    endDate: Date;
  }): CanReportCriteria => ({
    vehicleId: t.vehicleId,
    columns: t.columns,
    start: t.startDate,
    end: t.endDate,
  });

  return {
    /** The vehicles the caller may see, labelled 'name - VIN: vin' with the VIN as value. */
    async vehicles(by: AuthUser): Promise<VehicleOption[]> {
      return (await repo.vehicleOptions(db, await visible(by))).map((v) => ({
        id: v.id,
        friendlyName: vehicleOptionLabel(v.name, v.vin),
        name: v.vin,
      }));
    },

    /** The fixed signals and cells, then keys the caller's vehicles (or the one named) reported, A–Z. */
    async signals(by: AuthUser, vehicleId?: number): Promise<SignalSettings> {
      const where =
        vehicleId === undefined ? await visible(by) : eq(vehicle.id, (await reportVehicle(by, vehicleId)).id);
      const extra = orderReportColumns(reportedExtraKeys(await repo.reportedKeys(db, where)));
      return { ...FIXED_SIGNAL_SETTINGS, ...Object.fromEntries(extra.map((k) => [k, k])) };
    },

    report: (by: AuthUser, filter: CanReportFilter, page: CanReportPageQuery) =>
      pageOf(by, criteriaOf(filter), page, filter.sortBy, filter.sortType),

    exportReport: (by: AuthUser, filter: CanReportFilter) =>
      exportOf(by, criteriaOf(filter), canReportFileName(filter), filter.sortBy, filter.sortType),

    templates: async (by: AuthUser) => (await repo.templates(db, by.id)).map(toSavedTemplate),

    /** Saves criteria under a name unique (case aside) among the caller's templates. */
    async saveTemplate(by: AuthUser, body: SaveTemplate) {
      const criteria = criteriaOf(body);
      await prepare(by, criteria, { objectName: 'saveTemplate' });
      if (await repo.templateNamed(db, by.id, body.templateName))
        throw refused(CAN_REPORT_TEXTS.templateNameTaken, 'templatenameexists');
      const row = await repo.insertTemplate(db, {
        userId: by.id,
        templateName: body.templateName,
        columns: criteria.columns,
        vehicleId: criteria.vehicleId,
        startDate: criteria.start,
        endDate: criteria.end,
      });
      return toSavedTemplate(row);
    },

    /** One page of a saved template's report; another user's template is not found. */
    async template(by: AuthUser, id: number, page: CanReportPageQuery): Promise<TemplateResult> {
      const t = await ownTemplate(by, id);
      const result = await pageOf(by, templateCriteria(t), page);
      const { id: _id, ...templateDate } = toSavedTemplate(t);
      return {
        reportData: {
          data: result.data,
          columns: result.columns,
          totalCount: result.totalCount,
          pageNo: result.pageNo,
          pageSize: result.pageSize,
          totalPages: result.totalPages,
        },
        templateDate,
      };
    },

    exportTemplate: async (by: AuthUser, id: number) =>
      exportOf(by, templateCriteria(await ownTemplate(by, id)), SAVED_TEMPLATE_FILE_NAME),

    /** A schedule's target: the caller's own template (404 otherwise) and its vehicle, if still visible and exportable. */
    async templateWithVehicle(by: AuthUser, id: number) {
      const template = await ownTemplate(by, id);
      return { template, vehicle: await reportVehicle(by, template.vehicleId, true) };
    },

    /** A report of given criteria as xlsx, checked for the caller like a download (the scheduler's runs). */
    exportFor: (by: AuthUser, criteria: CanReportCriteria, fileName: string) => exportOf(by, criteria, fileName),
  };
}
export type CanReportService = ReturnType<typeof createCanReportService>;
