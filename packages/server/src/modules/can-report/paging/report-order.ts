/**
 * The order of a window of a report sorted by one signal (report-window.ts), computed in the server
 * from the window's compact records (the instant and value of each reading, 17 bytes, in the order
 * the scan met them) with typed-array passes: a window of a page deep in 864,000 readings holds
 * about 80,000.
 *
 * The order is PostgreSQL's `order by value <dir> nulls last, ts <dir>` for float8 values, the
 * order the window's bounds and counts are taken in: -0 equals 0, NaN is above every number, ties
 * and empty values go by time in the same direction.
 */

/** Bytes per reading in the compact read: the instant (int8, microseconds since 2000), a presence byte, the value (float8). */
export const ORDER_RECORD_BYTES = 17;
/** 2000-01-01 UTC, where PostgreSQL's binary timestamps count from, in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
const DIGIT = 16;
const BUCKETS = 1 << DIGIT;

/**
 * The readings' instants (Unix milliseconds, rounded) and sort keys, read straight from the
 * records. A key's unsigned order is PostgreSQL's float8 order with empty values after everything:
 * the sign bit flipped for positive numbers, every bit for negative ones; -0 taken as 0, every
 * NaN as one NaN above Infinity, an empty value all ones. Descending, a value's key is complemented
 * (an empty value stays last: no value's complement is all ones).
 */
function readRecords(bytes: Uint8Array, descending: boolean) {
  const n = Math.floor(bytes.byteLength / ORDER_RECORD_BYTES);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const instants = new Float64Array(n);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const flip = descending ? 0xffffffff : 0;
  let inTimeOrder = true;
  for (let i = 0, at = 0; i < n; i++, at += ORDER_RECORD_BYTES) {
    instants[i] = Math.round((view.getInt32(at) * 0x1_0000_0000 + view.getUint32(at + 4)) / 1000) + PG_EPOCH_MS;
    if (i > 0 && instants[i] < instants[i - 1]) inTimeOrder = false;
    if (!bytes[at + 8]) {
      hi[i] = lo[i] = 0xffffffff;
      continue;
    }
    let h = view.getUint32(at + 9);
    let l = view.getUint32(at + 13);
    if ((h & 0x7ff00000) === 0x7ff00000 && ((h & 0xfffff) | l) !== 0)
      [h, l] = [0x7ff80000, 0]; // NaN
    else if (h === 0x80000000 && l === 0) h = 0; // -0
    hi[i] = ((h & 0x80000000 ? ~h : h | 0x80000000) ^ flip) >>> 0;
    lo[i] = ((h & 0x80000000 ? ~l : l) ^ flip) >>> 0;
  }
  return { instants, hi, lo, inTimeOrder };
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

/** Sort keys of the records' instants: their microseconds as an unsigned 64-bit order, in two words. */
function timeKeys(bytes: Uint8Array, n: number) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0, at = 0; i < n; i++, at += ORDER_RECORD_BYTES) {
    hi[i] = (view.getInt32(at) ^ 0x80000000) >>> 0;
    lo[i] = view.getUint32(at + 4);
  }
  return { hi, lo };
}

/**
 * The instants of compact records (see ORDER_RECORD_BYTES) in the report's order. Readings are
 * taken in time order (reversed when descending), so a stable sort by key leaves ties in time
 * order in the sort's direction. The read hands them in the order its scan met them, which is
 * time order unless readings arrived late; then they are put in time order first, by the same
 * radix sort.
 */
export function orderedInstants(bytes: Uint8Array, descending: boolean): Float64Array {
  const { instants, hi, lo, inTimeOrder } = readRecords(bytes, descending);
  const n = instants.length;
  let at: Uint32Array = new Uint32Array(n);
  for (let k = 0; k < n; k++) at[k] = k;
  if (!inTimeOrder) {
    const time = timeKeys(bytes, n);
    at = stableSort(time.hi, time.lo, at);
  }
  if (descending) at = at.reverse();
  const sorted = stableSort(hi, lo, at);
  const order = new Float64Array(n);
  for (let k = 0; k < n; k++) order[k] = instants[sorted[k]];
  return order;
}
