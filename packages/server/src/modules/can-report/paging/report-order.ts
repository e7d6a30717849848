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
import { stableRadixSort } from '../../../lib/radix-sort/radix-sort.js';
import { EMPTY_KEY, setFloat8Key } from '../../../lib/radix-sort/sort-keys.js';

/** Bytes per reading in the compact read: the instant (int8, microseconds since 2000), a presence byte, the value (float8). */
export const ORDER_RECORD_BYTES = 17;
/** 2000-01-01 UTC, where PostgreSQL's binary timestamps count from, in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;

/**
 * The readings' instants (Unix milliseconds, rounded) and sort keys (lib/radix-sort), read straight
 * from the records.
 */
function readRecords(bytes: Uint8Array, descending: boolean) {
  const n = Math.floor(bytes.byteLength / ORDER_RECORD_BYTES);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const instants = new Float64Array(n);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  let inTimeOrder = true;
  for (let i = 0, at = 0; i < n; i++, at += ORDER_RECORD_BYTES) {
    instants[i] = Math.round((view.getInt32(at) * 0x1_0000_0000 + view.getUint32(at + 4)) / 1000) + PG_EPOCH_MS;
    if (i > 0 && instants[i] < instants[i - 1]) inTimeOrder = false;
    if (bytes[at + 8]) setFloat8Key(hi, lo, i, view.getUint32(at + 9), view.getUint32(at + 13), descending);
    else hi[i] = lo[i] = EMPTY_KEY;
  }
  return { instants, hi, lo, inTimeOrder };
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
    at = stableRadixSort(time.hi, time.lo, at);
  }
  if (descending) at = at.reverse();
  const sorted = stableRadixSort(hi, lo, at);
  const order = new Float64Array(n);
  for (let k = 0; k < n; k++) order[k] = instants[sorted[k]];
  return order;
}
