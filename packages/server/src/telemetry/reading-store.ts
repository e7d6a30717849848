import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { READING_COLUMNS } from '../db/reading-history.js';
import { sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.js';
import { from as copyFrom } from 'pg-copy-streams';
import { finished } from 'node:stream/promises';
import { BinaryCopyWriter, FIELD_BYTES, float4ArrayBytes } from '../lib/pg-copy-binary/copy-writer.js';
import { STORED_SIGNALS, valueAt } from '../readings/reading.js';
import type { StoredRow } from '../readings/stored-row.js';
import { mayBeCompacted, REMOVE_COMPACTED_DUPLICATES } from './compaction/compacted-duplicates.js';

/** The stored signals' columns, in STORED_SIGNALS order. */
export const SIGNAL_COLUMNS = READING_COLUMNS.slice(2, -2);
/** The columns a COPY of readings fills, in the order of binaryCopyChunks's fields. */
export const COLUMN_LIST = READING_COLUMNS.join(', ');

/** Bytes of a row's vehicle, time and signals (each at most a float8). */
const FIXED_BYTES = FIELD_BYTES.int4 + FIELD_BYTES.timestamptz + STORED_SIGNALS.length * FIELD_BYTES.float8;

/** The COPY … (format binary) stream of the rows into COLUMN_LIST, in chunks of about 256 KiB. */
export function* binaryCopyChunks(rows: StoredRow[]): Generator<Buffer> {
  const out = new BinaryCopyWriter();
  for (let r = 0; r < rows.length; r++) {
    const { vehicleId, reading } = rows[r];
    const { extra } = reading;
    const cellsBytes = reading.cells ? float4ArrayBytes(reading.cells.length) : FIELD_BYTES.null;
    const full = out.row(
      READING_COLUMNS.length,
      FIXED_BYTES + cellsBytes + (extra ? out.numbersBytes(extra, reading.extraKeys) : FIELD_BYTES.null),
    );
    if (full) yield full;
    out.int4(vehicleId);
    out.timestamptz(reading.ts);
    out.float8s(reading.values); // NaN: the signal was not measured
    if (reading.cells) out.float4Array(reading.cells);
    else out.null();
    if (extra) out.jsonbNumbers(extra);
    else out.null();
  }
  yield out.end();
}

/** Writes readings, skipping any already stored for the same vehicle and time; returns the new ones. */
export interface ReadingStore {
  insert(rows: StoredRow[]): Promise<StoredRow[]>;
}

type Written = { vehicle_id: number; ts: Date | string };
const key = (vehicleId: number, ts: number) => `${vehicleId}:${ts}`;
const pickNew = (rows: StoredRow[], inserted: Written[], duplicates: Written[] = []) => {
  const fresh = new Set(inserted.map((r) => key(r.vehicle_id, new Date(r.ts).getTime())));
  for (const d of duplicates) fresh.delete(key(d.vehicle_id, new Date(d.ts).getTime()));
  return rows.filter((r) => fresh.delete(key(r.vehicleId, r.reading.ts)));
};
/** The readings written that a compacted day may hold already, as REMOVE_COMPACTED_DUPLICATES's parameters; null for none. */
function compactedCandidates(inserted: Written[]) {
  const now = Date.now();
  const old = inserted.filter((r) => mayBeCompacted(new Date(r.ts).getTime(), now));
  if (old.length === 0) return null;
  return [old.map((r) => r.vehicle_id), old.map((r) => new Date(r.ts).toISOString())];
}
const anyMayBeCompacted = (rows: StoredRow[]) => {
  const now = Date.now();
  return rows.some((r) => mayBeCompacted(r.reading.ts, now));
};

/**
 * COPYs the rows into `table`. The chunks are written at once, not through a stream pipeline: a
 * batch is at most a few megabytes (maxBatch), and a `pipeline(Readable.from(…))` a batch kept its
 * readings alive through V8's young collections, which then promoted 8 MB of them at each one and
 * left them to the old generation's collector.
 */
async function copyInto(client: pg.PoolClient, table: string, rows: StoredRow[]) {
  const copy = client.query(copyFrom(`copy ${table} (${COLUMN_LIST}) from stdin (format binary)`));
  for (const chunk of binaryCopyChunks(rows)) copy.write(chunk);
  copy.end();
  await finished(copy);
}

/**
 * PostgreSQL: binary COPY straight into can_reading, the bulk loader's fast path, as a statement of
 * its own (atomic by itself: one round trip per batch, no begin/commit around it). A repeated
 * reading (a device resending after a lost acknowledgement) makes that COPY fail on the primary
 * key; the batch then goes through a session-local staging table and INSERT … ON CONFLICT DO
 * NOTHING, which keeps it idempotent and tells which readings were new.
 */
export function postgresReadingStore(pool: pg.Pool): ReadingStore {
  return {
    async insert(rows) {
      if (rows.length === 0) return [];
      const client = await pool.connect();
      try {
        // A reading before today may be in a compacted day: such a batch is checked against them.
        if (!anyMayBeCompacted(rows))
          try {
            await copyInto(client, 'can_reading', rows);
            return rows;
          } catch (err) {
            if (sqlStateOf(err) !== UNIQUE_VIOLATION) throw err;
          }
        await client.query('begin');
        await client.query(
          `create temp table if not exists can_reading_stage (like can_reading including defaults) on commit delete rows`,
        );
        await copyInto(client, 'can_reading_stage', rows);
        const inserted = await client.query<Written>(
          `insert into can_reading (${COLUMN_LIST}) select ${COLUMN_LIST} from can_reading_stage on conflict do nothing returning vehicle_id, ts`,
        );
        const old = compactedCandidates(inserted.rows);
        const duplicates = old ? (await client.query<Written>(REMOVE_COMPACTED_DUPLICATES, old)).rows : [];
        await client.query('commit');
        return pickNew(rows, inserted.rows, duplicates);
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

const ROWS_PER_STATEMENT = 1000;

/** PGlite has no COPY FROM STDIN stream: multi-row parameterised INSERTs in one transaction. */
export function pgliteReadingStore(client: PGlite): ReadingStore {
  return {
    async insert(rows) {
      if (rows.length === 0) return [];
      const inserted: Written[] = [];
      const duplicates: Written[] = [];
      await client.transaction(async (tx) => {
        for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
          const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
          const params: unknown[] = [];
          const tuples = chunk.map(({ vehicleId, reading }) => {
            const values = [
              vehicleId,
              new Date(reading.ts),
              ...STORED_SIGNALS.map((_, i) => valueAt(reading.values, i)),
              reading.cells,
              reading.extra ? JSON.stringify(reading.extra) : null,
            ];
            const placeholders = values.map((v) => {
              params.push(v);
              return `$${params.length}`;
            });
            return `(${placeholders.join(', ')})`;
          });
          const result = await tx.query<{ vehicle_id: number; ts: Date }>(
            `insert into can_reading (${COLUMN_LIST}) values ${tuples.join(', ')} on conflict do nothing returning vehicle_id, ts`,
            params,
          );
          inserted.push(...result.rows);
        }
        const old = compactedCandidates(inserted);
        if (old) duplicates.push(...(await tx.query<Written>(REMOVE_COMPACTED_DUPLICATES, old)).rows);
      });
      return pickNew(rows, inserted, duplicates);
    },
  };
}
