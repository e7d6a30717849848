import { MAX_CELLS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from './client.js';
import { CELL_SCALE, cellColumn, COMPACT_SIGNALS, type CompactSignal } from './history-schema.js';
import { compactedDays, type Instant } from './reading-history.js';

type SignalKey = CompactSignal['key'];

/**
 * A compacted day's readings from a range, by column: element k of each list is the day's k-th
 * reading of the range, its values as can_reading holds them.
 */
export interface DayColumns<K extends SignalKey> {
  /** Unix milliseconds. */
  ts: number[];
  values: Record<K, (number | null)[]>;
  /** A gap in a list of cells reads null, as a driver reads an array's NULL. */
  cells: (readonly number[] | null)[];
}

const DAY_MS = 86_400_000;
const cellColumns = Array.from({ length: MAX_CELLS }, (_, i) => cellColumn(i));

/** An array's elements from its `array_to_string(…, ',', '')`, null where one is; `count` nulls for a null array. */
function numbers(text: string | null, count: number): (number | null)[] {
  if (text === null) return new Array<null>(count).fill(null);
  return text.split(',').map((e) => (e === '' ? null : Number(e)));
}

/** A list of cells as an array's text (`{3.3125,NULL,…}`). */
const cellList = (text: string) =>
  (text === '{}'
    ? []
    : text
        .slice(1, -1)
        .split(',')
        .map((e) => (e === 'NULL' ? null : Number(e)))) as number[];

/**
 * A vehicle's compacted readings from `from` to `to`, both included, day by day in time order,
 * decoded here rather than in SQL, for a fold over every reading of a day (the daily figures'
 * recount): PostgreSQL hands over each array of the range as text once, where decoding a reading
 * at a time costs it an unnest and a division per value and cell (bench/compacted-reads.ts). The
 * rule is the SQL one (db/reading-history.ts): an integer over its signal's scale, else the value
 * as stored; millivolts over a thousand, else the list as stored. A quotient here is the double
 * nearest the decimal PostgreSQL prints for its own (a real's or a double's shortest text), so the
 * numbers are the ones a read of can_reading gives (test/telemetry/compaction/compact-day).
 * A day's arrays are read whole: a range of a few days at most.
 */
export async function compactedColumns<K extends SignalKey>(
  db: Queryable,
  vehicleId: number,
  from: Instant,
  to: Instant,
  keys: readonly K[],
): Promise<DayColumns<K>[]> {
  const signals = COMPACT_SIGNALS.filter((s) => keys.includes(s.key as K));
  const arrays = ['ms', ...signals.flatMap((s) => [s.column, s.exactColumn]), 'cell_count', ...cellColumns];
  const { rows } = await db.execute<Record<string, string | null> & { start: number }>(
    sql`select ((d.day - date '1970-01-01')::bigint * ${DAY_MS})::float8 as start,
      ${sql.raw(arrays.map((a) => `array_to_string(d.${a}[d.i:d.j], ',', '') as ${a}`).join(', '))},
      array_to_string(d.cells_exact[d.i:d.j], ';', '') as cells_exact
    from ${compactedDays(vehicleId, from, to)} order by d.day`,
  );
  return rows.map((row) => {
    const ts = numbers(row.ms, 0).map((ms) => row.start + ms!);
    const n = ts.length;
    const values = {} as DayColumns<K>['values'];
    for (const s of signals) {
      const exact = numbers(row[s.exactColumn], n);
      values[s.key as K] = numbers(row[s.column], n).map((v, k) => (v === null ? exact[k] : v / s.scale));
    }
    // The lists hold commas; each driver reads a text[]'s NULL its own way (PGlite as 'NULL').
    const exactCells = row.cells_exact?.split(';');
    const counts = numbers(row.cell_count, n);
    const millivolts = cellColumns.map((c) => numbers(row[c], n));
    const cells = counts.map((count, k) => {
      const exact = exactCells?.[k];
      if (exact) return cellList(exact);
      if (count === null) return null;
      const list = new Array<number>(count);
      for (let c = 0; c < count; c++) list[c] = millivolts[c][k]! / CELL_SCALE;
      return list;
    });
    return { ts, values, cells };
  });
}
