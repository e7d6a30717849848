/**
 * The CAN report's sort of a window (modules/can-report/report-order.ts over lib/radix-sort) against
 * what JavaScript offers: Array.prototype.sort and Uint32Array.prototype.sort of positions with a
 * comparator (V8's own TimSort, stable). Each orders compact records (instant, presence, float8
 * value; 5 % empty, a thousand distinct values, so ties are many) into PostgreSQL's
 * `order by value nulls last, ts`, ascending and descending, from the records' bytes to the
 * ordered instants, and must agree with the others. 80,000 records is a window of a page deep in
 * 10 days at one reading a second; 720,000 most of the range. The report's goal is later pages and
 * sorts under 300 ms in all; the sort is a part of it (goal here: 80,000 records in under 50 ms,
 * median of warm calls: a server sorts often, and the first call also compiles the code).
 */
import { ORDER_RECORD_BYTES, orderedInstants } from '../packages/server/src/modules/can-report/paging/report-order.js';

const SIZES = (process.env.SIZES ?? '80000,720000').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 15);
/** Calls before the timed ones, so the timed ones run optimised code; the first call is printed as cold. */
const WARM_UP = 3;
const GOAL_MS = 50;
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const start = Date.UTC(2026, 10, 10);

function records(n: number) {
  const bytes = new Uint8Array(n * ORDER_RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  let seed = 5;
  const random = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
  for (let i = 0, at = 0; i < n; i++, at += ORDER_RECORD_BYTES) {
    view.setBigInt64(at, BigInt(start + i * 1000 - PG_EPOCH_MS) * 1000n);
    if (random() < 0.05) continue;
    bytes[at + 8] = 1;
    view.setFloat64(at + 9, Math.round(random() * 1000) / 10 - 20);
  }
  return bytes;
}

/** The records as columns, for the comparison sorts: instants, values, and whether each is present. */
function columns(bytes: Uint8Array) {
  const n = bytes.length / ORDER_RECORD_BYTES;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const instants = new Float64Array(n);
  const values = new Float64Array(n);
  const present = new Uint8Array(n);
  for (let i = 0, at = 0; i < n; i++, at += ORDER_RECORD_BYTES) {
    instants[i] = Math.round(Number(view.getBigInt64(at)) / 1000) + PG_EPOCH_MS;
    present[i] = bytes[at + 8];
    if (present[i]) values[i] = view.getFloat64(at + 9);
  }
  return { instants, values, present };
}

/** PostgreSQL's float8 order with empty values last and ties by time, as a comparator of positions (in time order). */
function comparator(values: Float64Array, present: Uint8Array, descending: boolean) {
  const sign = descending ? -1 : 1;
  return (a: number, b: number) => {
    if (!present[a] || !present[b]) return present[a] === present[b] ? sign * (a - b) : present[a] ? -1 : 1;
    const x = values[a];
    const y = values[b];
    if (x !== y) {
      const nanX = Number.isNaN(x);
      const nanY = Number.isNaN(y);
      if (!nanX && !nanY) return x < y ? -sign : sign;
      if (nanX !== nanY) return nanX ? sign : -sign;
    }
    return sign * (a - b);
  };
}

const sorts: Record<string, (bytes: Uint8Array, descending: boolean) => Float64Array> = {
  'ours (radix, lib/radix-sort)': orderedInstants,
  'Array.prototype.sort of positions': (bytes, descending) => {
    const { instants, values, present } = columns(bytes);
    const at = Array.from({ length: instants.length }, (_, i) => i);
    at.sort(comparator(values, present, descending));
    return Float64Array.from(at, (i) => instants[i]);
  },
  'Uint32Array.prototype.sort of positions': (bytes, descending) => {
    const { instants, values, present } = columns(bytes);
    const at = new Uint32Array(instants.length);
    for (let i = 0; i < at.length; i++) at[i] = i;
    at.sort(comparator(values, present, descending));
    return Float64Array.from(at, (i) => instants[i]);
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let missed = false;
for (const n of SIZES) {
  const bytes = records(n);
  for (const descending of [false, true]) {
    let reference: Float64Array | null = null;
    for (const [name, sort] of Object.entries(sorts)) {
      const times: number[] = [];
      let result: Float64Array = new Float64Array(0);
      for (let run = 0; run < WARM_UP + RUNS; run++) {
        const t0 = performance.now();
        result = sort(bytes, descending);
        times.push(performance.now() - t0);
      }
      const cold = times[0];
      times.splice(0, WARM_UP);
      if (reference && !result.every((v, i) => v === reference![i])) throw new Error(`${name} disagrees`);
      reference ??= result;
      const ms = median(times);
      const ours = name.startsWith('ours');
      if (ours && n <= 80_000 && ms > GOAL_MS) missed = true;
      console.log(
        `${n.toLocaleString('en')} records, ${descending ? 'descending' : 'ascending'}, ${name}: median ${ms.toFixed(1)} ms, cold ${cold.toFixed(1)} ms, ${(n / ms / 1000).toFixed(1)} M records/s`,
      );
    }
  }
}
if (missed) {
  console.log(`goal missed: 80,000 records in under ${GOAL_MS} ms`);
  process.exit(1);
}
