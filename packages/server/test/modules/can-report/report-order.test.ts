import { describe, expect, it } from 'vitest';
import { ORDER_RECORD_BYTES, orderedInstants } from '../../../src/modules/can-report/paging/report-order.js';

const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

/** The compact records PostgreSQL sends: timestamptz_send(ts), then 1 and float8send(value), or nine zero bytes. */
function encode(readings: readonly { ts: number; value: number | null }[]) {
  const bytes = Buffer.alloc(readings.length * ORDER_RECORD_BYTES);
  readings.forEach(({ ts, value }, i) => {
    const at = i * ORDER_RECORD_BYTES;
    bytes.writeBigInt64BE(BigInt(ts - PG_EPOCH_MS) * 1000n, at);
    if (value !== null) {
      bytes[at + 8] = 1;
      bytes.writeDoubleBE(value, at + 9);
    }
  });
  return bytes;
}

/** PostgreSQL's `order by value <dir> nulls last, ts <dir>` on float8, written plainly. */
function expected(readings: readonly { ts: number; value: number | null }[], descending: boolean) {
  const sign = descending ? -1 : 1;
  const rank = (v: number) => (Number.isNaN(v) ? Infinity : v === 0 ? 0 : v);
  const compare = (x: { ts: number; value: number | null }, y: { ts: number; value: number | null }) => {
    if (x.value === null || y.value === null)
      return x.value === y.value ? sign * (x.ts - y.ts) : x.value === null ? 1 : -1;
    const a = rank(x.value);
    const b = rank(y.value);
    if (a === b && Number.isNaN(x.value) !== Number.isNaN(y.value)) return sign * (Number.isNaN(x.value) ? 1 : -1);
    return a === b ? sign * (x.ts - y.ts) : sign * (a < b ? -1 : 1);
  };
  return [...readings].sort(compare).map((r) => r.ts);
}

describe('the order of a report sorted by a signal', () => {
  const start = Date.UTC(2026, 10, 10);

  it('matches PostgreSQL: ties and empty values by time in the same direction, -0 equal to 0, NaN above Infinity', () => {
    const special = [0, -0, NaN, Infinity, -Infinity, 1e-300, -5, 3.5, null, 3.5, 0, null, NaN];
    const readings = special.map((value, i) => ({ ts: start + i * 1000, value }));
    for (const descending of [false, true]) {
      expect(Array.from(orderedInstants(encode(readings), descending))).toEqual(expected(readings, descending));
    }
  });

  it('matches PostgreSQL on 20,000 readings with many ties, at uneven instants', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
    const readings = Array.from({ length: 20_000 }, (_, i) => ({
      ts: start + i * 1000 + Math.floor(random() * 900),
      value: random() < 0.1 ? null : Math.round(random() * 200) / 4 - 10,
    }));
    for (const descending of [false, true])
      expect(Array.from(orderedInstants(encode(readings), descending))).toEqual(expected(readings, descending));
  });

  it('puts readings that arrive out of time order back in time order first', () => {
    const readings = [3, 1, 2, 0].map((k) => ({ ts: start + k * 1000, value: 1 }));
    expect(Array.from(orderedInstants(encode(readings), true))).toEqual([3, 2, 1, 0].map((k) => start + k * 1000));
  });

  it('orders an empty range and a range without the signal', () => {
    expect(orderedInstants(new Uint8Array(0), false)).toHaveLength(0);
    const empty = [0, 1, 2].map((k) => ({ ts: start + k, value: null }));
    expect(Array.from(orderedInstants(encode(empty), true))).toEqual([start + 2, start + 1, start]);
  });
});
