import type pg from 'pg';
import type { Db } from '../../../db/client.js';
import { canReportRepository as repo, type ReadingRow, type ReportQuery } from '../report/can-report.repository.js';
import type { SelectedColumn } from '../report/report-columns.js';
import { readWindow } from '../export/report-copy.js';
import { orderedInstants } from './report-order.js';
import { totalOf, withValue, type SignalWindow, type WindowBounds } from './report-window.js';
import { signalWindowRepository as windows } from './signal-window.repository.js';

/** The window of a signal's order between the bounds, its instants in the report's order. */
export async function readSignalWindow(
  db: Db,
  pool: pg.Pool | undefined,
  query: ReportQuery,
  chosen: SelectedColumn,
  bounds: WindowBounds,
): Promise<SignalWindow> {
  const { before, after, empty, list } = await readWindow(db, pool, query, chosen, bounds);
  return { before, after, empty, instants: orderedInstants(list ?? new Uint8Array(0), query.sortType === 'DESC') };
}

/** The rows of instants in the order given. */
async function rowsInOrder(db: Db, query: ReportQuery, instants: readonly number[]) {
  const position = new Map(instants.map((t, i) => [t, i]));
  const rows = await repo.rowsAt(db, query, instants);
  return rows.sort((x, y) => position.get(new Date(x.ts).getTime())! - position.get(new Date(y.ts).getTime())!);
}

/** Ranks [offset, offset + limit) of a signal's order: those with a value from the window, the empty ones after them by time. */
export async function signalPageRows(
  db: Db,
  query: ReportQuery,
  chosen: SelectedColumn,
  w: SignalWindow,
  offset: number,
  limit: number,
): Promise<ReadingRow[]> {
  const valued = withValue(w);
  const end = Math.min(offset + limit, totalOf(w));
  const fromWindow =
    offset < valued ? Array.from(w.instants.subarray(offset - w.before, Math.min(end, valued) - w.before)) : [];
  const emptyFrom = Math.max(offset, valued);
  const empty =
    end > emptyFrom ? await windows.emptyInstants(db, query, chosen, end - emptyFrom, emptyFrom - valued) : [];
  return rowsInOrder(db, query, [...fromWindow, ...empty]);
}
