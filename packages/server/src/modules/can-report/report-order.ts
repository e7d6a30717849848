/**
 * The whole order of a report sorted by one signal, computed in the server from one compact read of
 * the range (the instant and value of each reading, 17 bytes, in time order) rather than by
 * PostgreSQL: its sort of 864,000 rows spilled to disk at the default work_mem and took seconds,
 * where these typed-array passes take about a hundred milliseconds.
 *
 * The order is PostgreSQL's `order by value <dir> nulls last, ts <dir>` for float8 values, so the
 * pages it serves continue those of the top-N query exactly: -0 equals 0, NaN is above every
 * number, ties and empty values go by time in the same direction.
 */

/** Bytes per reading in the compact read: the instant (int8, microseconds since 2000), a presence byte, the value (float8). */
export const ORDER_RECORD_BYTES = 17;
/** 2000-01-01 UTC, where PostgreSQL's binary timestamps count from, in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;

export interface SignalColumn {
  /** Unix milliseconds (rounded), ascending. */
  instants: Float64Array;
  values: Float64Array;
  /** 1 where the reading has the signal. */
  present: Uint8Array;
}

/** Reads the compact records (see ORDER_RECORD_BYTES), putting them in time order if they are not. */
export function decodeSignalColumn(bytes: Uint8Array): SignalColumn {
  const n = Math.floor(bytes.byteLength / ORDER_RECORD_BYTES);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const column = { instants: new Float64Array(n), values: new Float64Array(n), present: new Uint8Array(n) };
  let sorted = true;
  for (let i = 0, at = 0; i < n; i++, at += ORDER_RECORD_BYTES) {
    const micros = view.getInt32(at) * 0x1_0000_0000 + view.getUint32(at + 4);
    column.instants[i] = Math.round(micros / 1000) + PG_EPOCH_MS; // milliseconds, as the report's instants are
    column.present[i] = bytes[at + 8];
    column.values[i] = view.getFloat64(at + 9);
    if (i > 0 && column.instants[i] < column.instants[i - 1]) sorted = false;
  }
  return sorted ? column : inTimeOrder(column);
}

/** The reads come ordered by time; this is only the safety net if a plan ever hands them otherwise. */
function inTimeOrder({ instants, values, present }: SignalColumn): SignalColumn {
  const by = Uint32Array.from(instants.keys()).sort((x, y) => instants[x] - instants[y]);
  return { instants: Float64Array.from(by, (i) => instants[i]), values: Float64Array.from(by, (i) => values[i]), present: Uint8Array.from(by, (i) => present[i]) };
}

const word = new Float64Array(1);
/** The two 32-bit halves of a double, low first on the little-endian machines Node runs on. */
const halves = new Uint32Array(word.buffer);
const DIGIT = 16;
const BUCKETS = 1 << DIGIT;

/**
 * Sort keys whose unsigned order is PostgreSQL's float8 order with empty values after everything:
 * the sign bit flipped for positive numbers, every bit for negative ones; -0 taken as 0, every NaN
 * as one NaN above Infinity, an empty value all ones. Descending, a value's key is complemented
 * (an empty value stays last: no value's complement is all ones).
 */
function sortKeys(values: Float64Array, present: Uint8Array, descending: boolean) {
  const n = values.length;
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const flip = descending ? 0xffffffff : 0;
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (!present[i]) {
      hi[i] = lo[i] = 0xffffffff;
      continue;
    }
    word[0] = Number.isNaN(x) ? NaN : x === 0 ? 0 : x;
    const h = halves[1];
    const l = halves[0];
    hi[i] = ((h & 0x80000000 ? ~h : h | 0x80000000) ^ flip) >>> 0;
    lo[i] = ((h & 0x80000000 ? ~l : l) ^ flip) >>> 0;
  }
  return { hi, lo };
}

/**
 * Sorts the readings `at` (positions in the column) by their keys, keeping the order of `at` among
 * equal keys: a radix sort, 16 bits a pass from the lowest; a pass whose digit is the same for
 * every reading (the low bits of a float4 cell) is skipped.
 */
function stableSort(keyHi: Uint32Array, keyLo: Uint32Array, at: Uint32Array) {
  const m = at.length;
  let hi = new Uint32Array(m);
  let lo = new Uint32Array(m);
  for (let k = 0; k < m; k++) {
    hi[k] = keyHi[at[k]];
    lo[k] = keyLo[at[k]];
  }
  const counts = new Uint32Array(BUCKETS);
  for (let pass = 0; pass < 4; pass++) {
    const keys = pass < 2 ? lo : hi;
    const shift = (pass % 2) * DIGIT;
    counts.fill(0);
    for (let k = 0; k < m; k++) counts[(keys[k] >>> shift) & (BUCKETS - 1)]++;
    if (counts.includes(m)) continue;
    for (let b = 0, sum = 0; b < BUCKETS; b++) {
      const count = counts[b];
      counts[b] = sum;
      sum += count;
    }
    const nextHi = new Uint32Array(m);
    const nextLo = pass < 1 ? new Uint32Array(m) : lo; // the low words are not read after the second pass
    const nextAt = new Uint32Array(m);
    for (let k = 0; k < m; k++) {
      const to = counts[(keys[k] >>> shift) & (BUCKETS - 1)]++;
      nextHi[to] = hi[k];
      if (pass < 1) nextLo[to] = lo[k];
      nextAt[to] = at[k];
    }
    [hi, lo, at] = [nextHi, nextLo, nextAt];
  }
  return at;
}

/**
 * The instants of a column in the report's order. Readings come in time order (reversed when
 * descending), so a stable sort by key leaves ties in time order in the sort's direction.
 */
export function orderedInstants({ instants, values, present }: SignalColumn, descending: boolean): Float64Array {
  const n = instants.length;
  const { hi, lo } = sortKeys(values, present, descending);
  const at = new Uint32Array(n);
  for (let k = 0; k < n; k++) at[k] = descending ? n - 1 - k : k;
  const sorted = stableSort(hi, lo, at);
  const order = new Float64Array(n);
  for (let k = 0; k < n; k++) order[k] = instants[sorted[k]];
  return order;
}
