import type pg from 'pg';
import type { Db } from '../../../db/client.js';
import { canReportRepository as repo, type ReadingRow, type ReportQuery } from '../report/can-report.repository.js';
import { ttlCache } from './report-cache.js';
import { isTimeOrder, type SelectedColumn } from '../report/report-columns.js';
import {
  covers,
  sampleInOrder,
  totalOf,
  widened,
  windowBounds,
  type SampledReading,
  type SignalWindow,
  type WindowBounds,
} from './report-window.js';
import { readSignalWindow, signalPageRows } from './signal-page.js';
import { signalWindowRepository as windows } from './signal-window.repository.js';

/**
 * Row counts and windows of recent reports, per instance. A window of a page deep in 864,000
 * readings holds about 80,000 instants (0.6 MB); a larger one (read again after a miss, with a
 * side opened) answers its page but is not kept, so the windows kept take 60 MB at most.
 */
const COUNTS_KEPT = 200;
const SORTS_KEPT = 16;
const WINDOWS_PER_SORT = 3;
const KEPT_INSTANTS = 160_000;
const KEPT_MS = 60_000;

export interface PagerOptions {
  /** Instants sampled to place a window (report-window.ts). */
  sampleSize?: number;
  /** Ranges with at most this many readings are read whole: a window would save nothing. */
  wholeBelow?: number;
  /** Standard deviations of the sample's error a window reaches past its page on each side. */
  spread?: number;
}

/**
 * Pages of checked reports with their totals (docs/decisions.md, "Sorting and paging"). In time
 * order a page comes from the primary key; in a signal's order from a window of that order
 * (report-window.ts), kept for a minute so the pages around it are read by key.
 */
export function reportPager({
  db,
  pool,
  sampleSize = 2000,
  wholeBelow = 20_000,
  spread = 4,
}: { db: Db; pool?: pg.Pool } & PagerOptions) {
  const counts = ttlCache<number>(COUNTS_KEPT, KEPT_MS);
  /** The windows kept for each sort of a range, newest first, and each signal's sample that placed them (it places the next ones too, either way). */
  const kept = ttlCache<{ window: SignalWindow; readAt: number }[]>(SORTS_KEPT, KEPT_MS);
  const samples = ttlCache<SampledReading[]>(SORTS_KEPT, KEPT_MS);

  const read = (query: ReportQuery, chosen: SelectedColumn, bounds: WindowBounds) =>
    readSignalWindow(db, pool, query, chosen, bounds);

  /** A window of the sort holding ranks [offset, offset + limit): one kept, or one read (twice when the sample misled). */
  const windowFor = async (
    range: string,
    query: ReportQuery,
    chosen: SelectedColumn,
    known: number | undefined,
    offset: number,
    limit: number,
  ) => {
    const sort = `${range}|${query.sortBy}|${query.sortType}`;
    const fresh = (kept.get(sort) ?? []).filter((k) => Date.now() - k.readAt < KEPT_MS);
    const hit = fresh.find((k) => covers(k.window, offset, limit));
    if (hit) return hit.window;
    const signal = `${range}|${query.sortBy}`;
    const keptSample = samples.get(signal);
    const [total, sample] = await Promise.all([
      known ?? repo.count(db, query.criteria),
      keptSample ?? (known !== undefined && known <= wholeBelow ? [] : windows.sample(db, query, chosen, sampleSize)),
    ]);
    // A sample only places windows (a stale one may cost a second read, never a wrong page): it is kept from when it was taken.
    if (!keptSample && sample.length > 0) samples.set(signal, sample);
    const bounds =
      total <= wholeBelow
        ? {}
        : windowBounds(sampleInOrder(sample, query.sortType === 'DESC'), total, offset, limit, spread);
    let window = await read(query, chosen, bounds);
    if (!covers(window, offset, limit)) window = await read(query, chosen, widened(bounds, window, offset, limit));
    if (window.instants.length <= KEPT_INSTANTS)
      kept.set(sort, [{ window, readAt: Date.now() }, ...fresh].slice(0, WINDOWS_PER_SORT));
    return window;
  };

  return {
    async page(query: ReportQuery, limit: number, offset: number): Promise<{ rows: ReadingRow[]; totalCount: number }> {
      const { criteria } = query;
      const range = `${criteria.vehicleId}|${criteria.start.getTime()}|${criteria.end.getTime()}`;
      const known = counts.get(range);
      let result: { rows: ReadingRow[]; totalCount: number };
      if (isTimeOrder(query.sortBy, query.columns)) {
        const [rows, totalCount] = await Promise.all([
          repo.timePage(db, query, limit, offset, known),
          known ?? repo.count(db, criteria),
        ]);
        result = { rows, totalCount };
      } else {
        const chosen = query.columns.find((c) => c.column === query.sortBy)!;
        const window = await windowFor(range, query, chosen, known, offset, limit);
        const rows = await signalPageRows(db, query, chosen, window, offset, limit);
        result = { rows, totalCount: totalOf(window) };
      }
      counts.set(range, result.totalCount);
      return result;
    },
  };
}
