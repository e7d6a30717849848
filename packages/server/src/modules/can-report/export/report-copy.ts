import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../../db/client.js';
import {
  canReportRepository as repo,
  exportQuery,
  halvesOf,
  type ReportQuery,
} from '../report/can-report.repository.js';
import type { WindowBounds } from '../paging/report-window.js';
import type { SelectedColumn } from '../report/report-columns.js';
import { signalWindowRepository as windows, windowQuery, type WindowRead } from '../paging/signal-window.repository.js';

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
    for await (const chunk of client.query(
      copyTo(`copy (${inlined(query)}) to stdout (null '')`),
    ) as AsyncIterable<Buffer>) {
      const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const end = data.lastIndexOf(NEWLINE) + 1;
      if (end > 0) await handle(data.subarray(0, end));
      rest = Buffer.from(data.subarray(end));
    }
  });

/**
 * The fields of a one-row query over a part of one vehicle's range, read with `COPY ... (format
 * binary)`: raw bytes, not the hex text of a bytea. PostgreSQL is kept off a sequential scan: the
 * part is a narrow stretch of the primary key, and a partition holding little else would
 * otherwise be read whole once per part.
 */
const copyRowByKey = (pool: pg.Pool, query: SQL) =>
  onConnection(pool, async (client) => {
    await client.query('begin; set local enable_seqscan = off');
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(
      copyTo(`copy (${inlined(query)}) to stdout (format binary)`),
    ) as AsyncIterable<Buffer>)
      chunks.push(chunk);
    await client.query('commit');
    const data = Buffer.concat(chunks);
    // The header (11-byte signature, flags, extension length), the row's field count, then each field's length and bytes.
    const fields: (Buffer | null)[] = [];
    for (let count = data.readInt16BE(19), at = 21; fields.length < count;) {
      const length = data.readInt32BE(at);
      fields.push(length < 0 ? null : data.subarray(at + 4, at + 4 + length));
      at += 4 + Math.max(0, length);
    }
    return fields;
  });

/**
 * A window of a signal's order (report-window.ts) read in one pass over the range. On PostgreSQL
 * the two halves of the range are read at once on two connections, each on a core of its own
 * (the aggregate that gathers the window runs in one process), with a binary COPY.
 */
export async function readWindow(
  db: Db,
  pool: pg.Pool | undefined,
  q: ReportQuery,
  chosen: SelectedColumn,
  bounds: WindowBounds,
): Promise<WindowRead> {
  if (!pool) return windows.window(db, q, chosen, bounds);
  const halves = await Promise.all(
    halvesOf(q.criteria).map((part) => copyRowByKey(pool, windowQuery(q, chosen, bounds, part))),
  );
  const count = (field: number) => halves.reduce((sum, fields) => sum + fields[field]!.readInt32BE(0), 0);
  const lists = halves.map((fields) => fields[3]).filter((list): list is Buffer => list !== null);
  return { before: count(0), after: count(1), empty: count(2), list: Buffer.concat(lists) };
}

/**
 * Every reading of a report in order as text lines (the time as an Excel date, then the chosen
 * values, tab-separated, an empty value an empty field), given to `handle` a batch at a time:
 * `COPY ... TO STDOUT` on PostgreSQL, a cursor on PGlite, which has no COPY to a stream.
 * A batch's memory is reused once `handle` resolves.
 */
export function exportLines(
  db: Db,
  pool: pg.Pool | undefined,
  q: ReportQuery,
  handle: (lines: Uint8Array) => Promise<void>,
): Promise<void> {
  return pool ? copyLines(pool, exportQuery(q), handle) : repo.forEachBatch(db, q, CURSOR_BATCH, handle);
}
