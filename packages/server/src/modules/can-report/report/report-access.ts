import type { Writable } from 'node:stream';
import {
  CAN_REPORT_TEXTS,
  DATE_COLUMN,
  isKnownSignalKey,
  reportColumnsFor,
  type CanReportCriteria,
  type CanReportPageQuery,
  type CanReportResult,
  type SortType,
} from '@evfleet/domain';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import { vehicle } from '../../../db/schema.js';
import { fieldErrors } from '../../../http/errors.js';
import { vehicleFor } from '../../role-permissions/index.js';
import { reportWorkbook } from '../export/can-report-xlsx.js';
import { exportLines } from '../export/report-copy.js';
import { reportPager } from '../paging/report-pager.js';
import { toReportRow } from './can-report.presenter.js';
import { canReportRepository as repo, type ReportQuery } from './can-report.repository.js';
import { reportedExtraKeys, selectColumns } from './report-columns.js';

/** A report ready to stream: where it goes and a function that writes it. */
export interface ReportExport {
  fileName: string;
  write(out: Writable): Promise<void>;
}

/** Where readings are read: `pool` is PostgreSQL's, for COPY. */
export interface ReadingSource {
  db: Db;
  pool?: pg.Pool;
}

/** How a report is asked for besides its criteria. */
interface ReportOptions {
  sortBy?: string;
  sortType?: SortType;
  /** The object a refused column is reported on. */
  objectName?: string;
  exporting?: boolean;
}

/** Writes a whole report to a stream as xlsx (also used by the scheduler). */
async function writeReport(readings: ReadingSource, vehicleName: string, query: ReportQuery, out: Writable) {
  const book = await reportWorkbook(out, vehicleName, query.columns);
  await exportLines(readings.db, readings.pool, query, (lines) => book.add(lines));
  await book.finish();
}

/**
 * A caller's report, checked before anything is read: its vehicle within the caller's scope and
 * rights, its columns known or reported by that vehicle. Then its pages and its exports.
 */
export function createReportAccess({ db, readings }: { db: Db; readings: ReadingSource }) {
  const pager = reportPager(readings);

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
  const prepare = async (by: AuthUser, criteria: CanReportCriteria, options: ReportOptions = {}) => {
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

  return {
    vehicle: reportVehicle,
    prepare,

    /** One page of a caller's report with its paging. */
    async page(
      by: AuthUser,
      criteria: CanReportCriteria,
      page: CanReportPageQuery,
      sortBy?: string,
      sortType?: SortType,
    ): Promise<CanReportResult> {
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
    },

    async export(
      by: AuthUser,
      criteria: CanReportCriteria,
      fileName: string,
      sortBy?: string,
      sortType?: SortType,
    ): Promise<ReportExport> {
      const { v, query } = await prepare(by, criteria, { sortBy, sortType, exporting: true });
      return { fileName, write: (out) => writeReport(readings, v.name, query, out) };
    },
  };
}
