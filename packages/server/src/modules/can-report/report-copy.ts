import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/client.js';
import { canReportRepository as repo, exportQuery, signalColumnQuery, type ReportQuery } from './can-report.repository.js';

/** Rows fetched from the cursor at a time on PGlite: large enough to keep the database busy, small in memory. */
const CURSOR_BATCH = 2000;
const NEWLINE = 10;

/** Renders a query as text with its values inlined (COPY takes no parameters), strings quoted by pg's own escaping. */
class InlineDialect extends PgDialect {
  override escapeString(text: string) {
    return pg.escapeLiteral(text);
  }
}
const inlineDialect = new InlineDialect();
const inlined = (query: SQL) => inlineDialect.sqlToQuery(query.inlineParams()).sql;

/** Runs a COPY on a connection of its own; a connection a failure left in the middle of one is discarded. */
async function onConnection<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const result = await run(client);
    client.release();
    return result;
  } catch (err) {
    client.release(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}

/**
 * Hands over the rows of `COPY (query) TO STDOUT` as complete lines, chunk by chunk as they arrive
 * (a chunk may end inside a row: the rest waits for the next one). Nothing but the socket's
 * buffers is allocated per row. The stream is read only as fast as `handle` finishes, so
 * PostgreSQL waits for a slow client.
 */
const copyLines = (pool: pg.Pool, query: SQL, handle: (lines: Uint8Array) => Promise<void>) =>
  onConnection(pool, async (client) => {
    let rest = Buffer.alloc(0);
    for await (const chunk of client.query(copyTo(`copy (${inlined(query)}) to stdout (null '')`)) as AsyncIterable<Buffer>) {
      const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const end = data.lastIndexOf(NEWLINE) + 1;
      if (end > 0) await handle(data.subarray(0, end));
      rest = Buffer.from(data.subarray(end));
    }
  });

/** The one value of a one-row, one-column query, read with `COPY ... (format binary)`: its raw bytes, not the hex text of a bytea. */
const copyBytes = (pool: pg.Pool, query: SQL) =>
  onConnection(pool, async (client) => {
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(`copy (${inlined(query)}) to stdout (format binary)`)) as AsyncIterable<Buffer>) chunks.push(chunk);
    const data = Buffer.concat(chunks);
    // The header (11-byte signature, flags, extension length), the row's field count, then the field's length and bytes.
    const at = 11 + 4 + 4 + 2;
    const length = data.readInt32BE(at);
    return length < 0 ? Buffer.alloc(0) : data.subarray(at + 4, at + 4 + length);
  });

/**
 * A range's readings as compact binary records of the instant and a signal's value, in time order
 * (report-order.ts). On PostgreSQL read with a binary COPY: the same bytes as a bytea value
 * travelled as hex text twice their size, which cost the server more than the sort itself.
 */
export async function signalColumn(db: Db, pool: pg.Pool | undefined, q: ReportQuery, value: SQL): Promise<Uint8Array> {
  if (!pool) return repo.signalColumn(db, q, value);
  // Two halves of the range at once, on two connections: the scan is most of the cost, and PostgreSQL runs each on a core of its own.
  const middle = new Date((q.criteria.start.getTime() + q.criteria.end.getTime()) / 2);
  const halves = await Promise.all([copyBytes(pool, signalColumnQuery(q, value, { before: middle })), copyBytes(pool, signalColumnQuery(q, value, { from: middle }))]);
  return Buffer.concat(halves);
}

/**
 * Every reading of a report in order as text lines (the time as an Excel date, then the chosen
 * values, tab-separated, an empty value an empty field), given to `handle` a batch at a time:
 * `COPY ... TO STDOUT` on PostgreSQL, a cursor on PGlite, which has no COPY to a stream.
 * A batch's memory is reused once `handle` resolves.
 */
export function exportLines(db: Db, pool: pg.Pool | undefined, q: ReportQuery, handle: (lines: Uint8Array) => Promise<void>): Promise<void> {
  return pool ? copyLines(pool, exportQuery(q), handle) : repo.forEachBatch(db, q, CURSOR_BATCH, handle);
}
