import { type FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import { canReportRepository as repo, type ReadingRow, type ReportQuery } from './can-report.repository.js';
import { ttlCache } from './report-cache.js';
import { isTimeOrder } from './report-columns.js';
import { signalColumn } from './report-copy.js';
import { orderedInstants } from './report-order.js';

/** Row counts and sorted orders of recent reports, per instance; an order of 864,000 readings takes 7 MB. */
const COUNTS_KEPT = 200;
const ORDERS_KEPT = 8;
const KEPT_MS = 60_000;
/** Pages within the first 5,000 rows of a signal's order are answered by a top-N; deeper ones wait for the whole order. */
const TOP_N = 5000;
/**
 * A top-N reads at least the first 1,000 instants of the order and keeps them, so the next pages
 * (20 of 50 rows) are read by key at once: a reader pages on from the first page while the whole
 * order is still being sorted, and a second top-N would compete with that sort for the cores.
 */
const TOP_KEPT = 1000;

/**
 * Pages of checked reports with their totals (docs/decisions.md, "Sorting and paging"). In time
 * order a page comes from the primary key; in a signal's order early pages come from a top-N whose
 * first instants are kept, and the whole order is sorted once in the background and kept, so
 * paging on costs a read by key.
 */
export function reportPager({ db, pool, log, topN = TOP_N }: { db: Db; pool?: pg.Pool; log?: FastifyBaseLogger; topN?: number }) {
  const counts = ttlCache<number>(COUNTS_KEPT, KEPT_MS);
  const orders = ttlCache<Float64Array>(ORDERS_KEPT, KEPT_MS);
  /** The first instants of a signal's order, and how many were asked for (fewer came if the range has fewer). */
  const tops = ttlCache<{ instants: Float64Array; wanted: number }>(COUNTS_KEPT, KEPT_MS);
  /** A range's whole order by a signal, sorted once however many pages ask for it meanwhile. */
  const sorting = new Map<string, Promise<Float64Array>>();
  const fullOrder = (key: string, query: ReportQuery): Promise<Float64Array> => {
    const kept = orders.get(key);
    if (kept) return Promise.resolve(kept);
    let running = sorting.get(key);
    if (!running) {
      const chosen = query.columns.find((c) => c.column === query.sortBy)!;
      running = signalColumn(db, pool, query, chosen.value)
        .then((bytes) => orderedInstants(bytes, query.sortType === 'DESC'))
        .then((order) => (orders.set(key, order), order))
        .finally(() => sorting.delete(key));
      sorting.set(key, running);
    }
    return running;
  };

  const rowsOfOrder = async (query: ReportQuery, order: Float64Array, limit: number, offset: number) => {
    const instants = Array.from(order.subarray(offset, offset + limit));
    const position = new Map(instants.map((t, i) => [t, i]));
    const rows = await repo.rowsAt(db, query, instants);
    return rows.sort((x, y) => position.get(new Date(x.ts).getTime())! - position.get(new Date(y.ts).getTime())!);
  };

  return {
    async page(query: ReportQuery, limit: number, offset: number): Promise<{ rows: ReadingRow[]; totalCount: number }> {
      const { criteria } = query;
      const range = `${criteria.vehicleId}|${criteria.start.getTime()}|${criteria.end.getTime()}`;
      const known = counts.get(range);
      let result: { rows: ReadingRow[]; totalCount: number };
      if (isTimeOrder(query.sortBy, query.columns)) {
        const [rows, totalCount] = await Promise.all([repo.timePage(db, query, limit, offset, known), known ?? repo.count(db, criteria)]);
        result = { rows, totalCount };
      } else {
        const key = `${range}|${query.sortBy}|${query.sortType}`;
        const order = orders.get(key) ?? (offset + limit > topN ? await fullOrder(key, query) : undefined);
        if (order) result = { rows: await rowsOfOrder(query, order, limit, offset), totalCount: order.length };
        else {
          const wanted = Math.max(offset + limit, TOP_KEPT);
          const kept = tops.get(key);
          const [top, totalCount] = await Promise.all([
            kept && kept.wanted >= offset + limit ? kept.instants : repo.topInstants(db, query, wanted),
            known ?? repo.count(db, criteria),
          ]);
          if (top !== kept?.instants) tops.set(key, { instants: top, wanted });
          result = { rows: await rowsOfOrder(query, top, limit, offset), totalCount };
          // Deeper pages of this sort may follow: sort the whole range once this answer is out.
          setImmediate(() => void fullOrder(key, query).catch((err: unknown) => log?.warn({ err }, 'CAN report order could not be kept')));
        }
      }
      counts.set(range, result.totalCount);
      return result;
    },
  };
}
