/**
 * The history benchmark's reads: a vehicle's readings of a period from can_reading as the report
 * reads them, timed side by side with the same read from a compacted layout, and compared value by
 * value.
 */
import type { BenchDatabase } from './bench-database.js';
import { difference, SCALED_SIGNALS, type PlainReading } from './signal-resolution.js';

/** A vehicle's readings from `from` to before `to`, at most `limit`, from can_reading. */
export async function readStored(bdb: BenchDatabase, vehicleId: number, from: number, to: number, limit = Infinity) {
  type Row = Record<string, number | null> & {
    ms: number;
    cells: number[] | null;
    extra: Record<string, number> | null;
  };
  const rows = await bdb.rows<Row>(
    `select (extract(epoch from ts) * 1000)::float8 as ms, ${SCALED_SIGNALS.map((s) => s.column).join(', ')}, cells, extra
    from can_reading where vehicle_id = $1 and ts >= $2 and ts < $3 order by ts ${Number.isFinite(limit) ? `limit ${limit}` : ''}`,
    [vehicleId, new Date(from), new Date(to)],
  );
  return rows.map((r): PlainReading => ({
    ts: r.ms,
    values: SCALED_SIGNALS.map((s) => r[s.column]),
    cells: r.cells,
    extra: r.extra,
  }));
}

/** A layout's read of a vehicle's readings of the day starting at `day`, at most `limit`. */
export type DayRead = (vehicleId: number, day: number, limit?: number) => Promise<PlainReading[]>;

/** The first call's milliseconds, then the median of `rounds` more. */
export async function timeRead(read: () => Promise<unknown>, rounds: number) {
  let started = performance.now();
  await read();
  const first = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { first, median: times[Math.floor(times.length / 2)] };
}

/** How many of the stored readings read back differently (or not at all), with the first difference. */
export function compareReads(stored: PlainReading[], back: PlainReading[]) {
  let differing = stored.length === back.length ? 0 : Math.abs(stored.length - back.length);
  let first: string | null = differing ? `${stored.length} readings stored, ${back.length} read back` : null;
  for (let i = 0; i < stored.length; i++) {
    const diff = difference(stored[i], back[i]);
    if (diff === null) continue;
    differing++;
    first ??= `reading ${i}: ${diff}`;
  }
  return { differing, first };
}
