import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/client.js';
import { canReportRepository as repo, exportQuery, type ReportQuery } from './can-report.repository.js';

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

/**
 * Hands over the rows of `COPY (query) TO STDOUT` as complete lines, chunk by chunk as they arrive
 * (a chunk may end inside a row: the rest waits for the next one). Nothing but the socket's
 * buffers is allocated per row. The stream is read only as fast as `handle` finishes, so
 * PostgreSQL waits for a slow client. A connection left in the middle of a COPY is discarded.
 */
async function copyLines(pool: pg.Pool, query: SQL, handle: (lines: Uint8Array) => Promise<void>) {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    let rest = Buffer.alloc(0);
    for await (const chunk of client.query(copyTo(`copy (${inlined(query)}) to stdout (null '')`)) as AsyncIterable<Buffer>) {
      const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const end = data.lastIndexOf(NEWLINE) + 1;
      if (end > 0) await handle(data.subarray(0, end));
      rest = Buffer.from(data.subarray(end));
    }
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(failure);
  }
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
