import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BinaryCopyWriter,
  FIELD_BYTES,
  float4ArrayBytes,
  jsonbBytes,
} from '../../src/lib/pg-copy-binary/copy-writer.js';

interface Row {
  id: number | null;
  value: number | null;
  ts: number | null;
  cells: number[] | null;
  extra: string | null;
}

/** The rows as COPY chunks: each row reserves exactly what its fields take. */
function chunks(rows: readonly Row[]): Buffer[] {
  const out = new BinaryCopyWriter();
  const sent: Buffer[] = [];
  for (const row of rows) {
    const extra = row.extra === null ? null : Buffer.from(row.extra);
    const bytes =
      (row.id === null ? FIELD_BYTES.null : FIELD_BYTES.int4) +
      (row.value === null ? FIELD_BYTES.null : FIELD_BYTES.float8) +
      (row.ts === null ? FIELD_BYTES.null : FIELD_BYTES.timestamptz) +
      (row.cells === null ? FIELD_BYTES.null : float4ArrayBytes(row.cells.length)) +
      (extra === null ? FIELD_BYTES.null : jsonbBytes(extra));
    const full = out.row(5, bytes);
    if (full) sent.push(full);
    if (row.id === null) out.null();
    else out.int4(row.id);
    if (row.value === null) out.null();
    else out.float8(row.value);
    if (row.ts === null) out.null();
    else out.timestamptz(row.ts);
    if (row.cells === null) out.null();
    else out.float4Array(row.cells);
    if (extra === null) out.null();
    else out.jsonb(extra);
  }
  sent.push(out.end());
  return sent;
}

describe('the binary COPY writer, read by PostgreSQL (PGlite)', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.exec('create table t (id int4, value float8, ts timestamptz, cells real[], extra jsonb)');
  });
  afterAll(() => db.close());

  /** COPYs the chunks into a fresh table and reads it back with every value as PostgreSQL's text. */
  async function roundTrip(parts: Buffer[]) {
    await db.exec('truncate t');
    await db.query(`copy t from '/dev/blob' (format binary)`, [], {
      blob: new Blob(parts.map((p) => Uint8Array.from(p))),
    });
    const { rows } = await db.query<{
      id: number | null;
      value: string | null;
      ts: string | null;
      cells: string | null;
      extra: unknown;
    }>(
      `select id, value::text, (extract(epoch from ts) * 1000)::bigint::text as ts, cells::text, extra from t order by ctid`,
    );
    return rows;
  }

  it('writes NULLs in every field, empty and non-finite arrays, -0, NaN and infinities, and unicode jsonb', async () => {
    const rows: Row[] = [
      { id: null, value: null, ts: null, cells: null, extra: null },
      { id: -2_147_483_648, value: -0, ts: Date.UTC(2026, 0, 15, 10, 30, 0, 123), cells: [], extra: '{}' },
      {
        id: 2_147_483_647,
        value: NaN,
        ts: Date.UTC(1999, 11, 31, 23, 59, 59, 999),
        cells: [-0, NaN, Infinity, -Infinity, 3.25],
        extra: '{"ünknown 😀":"a\\"b","n":[1,null]}',
      },
      { id: 1, value: Infinity, ts: Date.UTC(2000, 0, 1), cells: [1e-45], extra: 'null' },
      { id: 2, value: -Infinity, ts: 8.64e15, cells: [0.1], extra: '"text"' },
      { id: 3, value: 5e-324, ts: -8.64e12, cells: null, extra: '[]' },
    ];
    expect(await roundTrip(chunks(rows))).toEqual([
      { id: null, value: null, ts: null, cells: null, extra: null },
      { id: -2_147_483_648, value: '-0', ts: String(Date.UTC(2026, 0, 15, 10, 30, 0, 123)), cells: '{}', extra: {} },
      {
        id: 2_147_483_647,
        value: 'NaN',
        ts: String(Date.UTC(1999, 11, 31, 23, 59, 59, 999)),
        cells: '{-0,NaN,Infinity,-Infinity,3.25}',
        extra: { 'ünknown 😀': 'a"b', n: [1, null] },
      },
      { id: 1, value: 'Infinity', ts: String(Date.UTC(2000, 0, 1)), cells: '{1e-45}', extra: null },
      { id: 2, value: '-Infinity', ts: '8640000000000000', cells: '{0.1}', extra: 'text' },
      { id: 3, value: '5e-324', ts: '-8640000000000', cells: null, extra: [] },
    ]);
  });

  it('splits a long stream into chunks at row boundaries, a row larger than a chunk included', async () => {
    const cells = Array.from({ length: 32 }, (_, i) => i / 4);
    const rows: Row[] = Array.from({ length: 3_000 }, (_, i) => ({
      id: i,
      value: i / 8,
      ts: i * 1000,
      cells,
      extra: null,
    }));
    const big = JSON.stringify({ text: 'x'.repeat(600_000) });
    rows.splice(1_500, 0, { id: -1, value: null, ts: null, cells: null, extra: big });
    const parts = chunks(rows);
    expect(parts.length).toBeGreaterThan(3);
    expect(Math.max(...parts.map((p) => p.length))).toBeGreaterThan(600_000);
    const back = await roundTrip(parts);
    expect(back).toHaveLength(3_001);
    expect(back[1_500]).toEqual({ id: -1, value: null, ts: null, cells: null, extra: JSON.parse(big) });
    expect(back[3_000]).toEqual({
      id: 2_999,
      value: String(2_999 / 8),
      ts: '2999000',
      cells: `{${cells.join(',')}}`,
      extra: null,
    });
  });

  it('writes objects of numbers as JSON.stringify does, within the bytes it reserved, as their keys change', async () => {
    const many = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`k${i}`, i * 1.5]));
    const objects: Record<string, number>[] = [
      {},
      { a: 0, b: -0, c: 7, d: -42, e: Number.MAX_SAFE_INTEGER, f: -Number.MAX_SAFE_INTEGER },
      { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 },
      { a: 0.1, b: -1.5e-7, c: 1e21, d: 2 ** 53, e: 5e-324, f: -Number.MAX_VALUE },
      { 'ünknown "😀"\n': 12.25, tab: 1 },
      { 'ünknown "😀"\n': 12.25 },
      { z: 1, y: 2 },
      many,
      { z: Infinity, y: NaN },
      {},
    ];
    const out = new BinaryCopyWriter();
    for (const [i, values] of objects.entries()) {
      const bytes = FIELD_BYTES.int4 + out.numbersBytes(values);
      expect(out.row(2, bytes)).toBeNull();
      const before = out.size;
      out.int4(i);
      out.jsonbNumbers(values);
      expect(out.size - before).toBeLessThanOrEqual(bytes);
    }
    await db.exec('create table n (id int4, extra jsonb)');
    await db.query(`copy n from '/dev/blob' (format binary)`, [], { blob: new Blob([Uint8Array.from(out.end())]) });
    const { rows } = await db.query<{ extra: unknown }>('select extra from n order by id');
    expect(rows.map((r) => r.extra)).toEqual(objects.map((o) => JSON.parse(JSON.stringify(o))));
  });

  it('writes a stream of no rows: the header and the trailer', async () => {
    expect(await roundTrip(chunks([]))).toEqual([]);
  });
});

describe('an object of numbers as jsonb', () => {
  it('is JSON.stringify’s text for any keys and finite numbers, row after row, with or without a token of the keys', () => {
    const objects = fc.array(
      fc.dictionary(
        fc.string(),
        fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.maxSafeInteger()),
      ),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(objects, (list) => {
        const out = new BinaryCopyWriter();
        const texts: string[] = [];
        const tokens = new Map<string, object>();
        const tokenOf = (values: Record<string, number>) => {
          const keys = JSON.stringify(Object.keys(values));
          if (!tokens.has(keys)) tokens.set(keys, {});
          return tokens.get(keys);
        };
        for (const [i, values] of [...list, ...list, ...list].entries()) {
          out.row(1, out.numbersBytes(values, i < list.length ? undefined : tokenOf(values)));
          const start = out.size;
          out.jsonbNumbers(values);
          const stop = out.size;
          // end() only to see the chunk: the rows after the trailer are not read by PostgreSQL here.
          const field = out.end().subarray(start, stop);
          texts.push(field.subarray(5).toString('utf8'));
          expect(field.readInt32BE(0)).toBe(field.length - 4);
        }
        expect(texts).toEqual([...list, ...list, ...list].map((o) => JSON.stringify(o)));
      }),
    );
  });
});
