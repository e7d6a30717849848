import {
  CAN_REPORT_TEXTS,
  canReportFileName,
  criteriaOf,
  FIXED_SIGNAL_SETTINGS,
  orderReportColumns,
  SAVED_TEMPLATE_FILE_NAME,
  vehicleOptionLabel,
  type CanReportCriteria,
  type CanReportFilter,
  type CanReportPageQuery,
  type CanReportResult,
  type SaveTemplate,
  type SignalSettings,
  type TemplateResult,
  type VehicleOption,
} from '@evfleet/domain';
import { eq } from 'drizzle-orm';
import { resolveScope, visibleVehicles } from '../../../auth/visibility.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import type { canReportTemplate } from '../../../db/reports-schema.js';
import { vehicle } from '../../../db/schema.js';
import { notFound, refused } from '../../../http/errors.js';
import { toSavedTemplate } from './can-report.presenter.js';
import { canReportRepository as repo } from './can-report.repository.js';
import { reportedExtraKeys } from './report-columns.js';
import { createReportAccess, type ReadingSource } from './report-access.js';

type SavedTemplateRow = typeof canReportTemplate.$inferSelect;

const templateCriteria = (t: SavedTemplateRow): CanReportCriteria => ({
  vehicleId: t.vehicleId,
  columns: t.columns,
  start: t.startDate,
  end: t.endDate,
});

/** A saved template's page: the report without its sorting, and the template's dates. */
function toTemplateResult(t: SavedTemplateRow, result: CanReportResult): TemplateResult {
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
}

/**
 * Part 2 §7 "CAN report": options, reports, exports and saved templates. Every call is confined to
 * the vehicles the caller may see: a vehicle outside the scope is "not found", whoever asks.
 */
export function createCanReportService({ db, readings }: { db: Db; readings: ReadingSource }) {
  const reports = createReportAccess({ db, readings });
  const visible = async (by: AuthUser) => visibleVehicles(await resolveScope(db, by));

  const ownTemplate = async (by: AuthUser, id: number) => {
    const t = await repo.template(db, by.id, id);
    if (!t) throw notFound('The template');
    return t;
  };

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
        vehicleId === undefined ? await visible(by) : eq(vehicle.id, (await reports.vehicle(by, vehicleId)).id);
      const extra = orderReportColumns(reportedExtraKeys(await repo.reportedKeys(db, where)));
      return { ...FIXED_SIGNAL_SETTINGS, ...Object.fromEntries(extra.map((k) => [k, k])) };
    },

    report: (by: AuthUser, filter: CanReportFilter, page: CanReportPageQuery) =>
      reports.page(by, criteriaOf(filter), page, filter.sortBy, filter.sortType),

    exportReport: (by: AuthUser, filter: CanReportFilter) =>
      reports.export(by, criteriaOf(filter), canReportFileName(filter), filter.sortBy, filter.sortType),

    templates: async (by: AuthUser) => (await repo.templates(db, by.id)).map(toSavedTemplate),

    /** Saves criteria under a name unique (case aside) among the caller's templates. */
    async saveTemplate(by: AuthUser, body: SaveTemplate) {
      const criteria = criteriaOf(body);
      await reports.prepare(by, criteria, { objectName: 'saveTemplate' });
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
      return toTemplateResult(t, await reports.page(by, templateCriteria(t), page));
    },

    exportTemplate: async (by: AuthUser, id: number) =>
      reports.export(by, templateCriteria(await ownTemplate(by, id)), SAVED_TEMPLATE_FILE_NAME),

    /** A schedule's target: the caller's own template (404 otherwise) and its vehicle, if still visible and exportable. */
    async templateWithVehicle(by: AuthUser, id: number) {
      const template = await ownTemplate(by, id);
      return { template, vehicle: await reports.vehicle(by, template.vehicleId, true) };
    },

    /** A report of given criteria as xlsx, checked for the caller like a download (the scheduler's runs). */
    exportFor: (by: AuthUser, criteria: CanReportCriteria, fileName: string) => reports.export(by, criteria, fileName),
  };
}
export type CanReportService = ReturnType<typeof createCanReportService>;
