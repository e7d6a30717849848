import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

let cursors = 0;

/**
 * Runs `query` once under a server-side cursor and hands its rows to `handle` `batchSize` at a
 * time, fetching the next batch while `handle` works on one: a long result (a day of one-second
 * readings, an export) never sits in memory whole, and is computed once rather than page by page.
 * `handle` may keep a batch only until it resolves. In a transaction, the cursor lives in a savepoint of it.
 */
export function forEachBatch<Row extends Record<string, unknown>>(
  db: Pick<Db, 'transaction'>,
  query: SQL,
  batchSize: number,
  handle: (rows: Row[]) => Promise<void> | void,
): Promise<void> {
  const name = sql.identifier(`batches_${++cursors}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`declare ${name} no scroll cursor for ${query}`);
    // A Drizzle query runs each time it is awaited: wrapped in a promise, each fetch runs once.
    const fetch = () => Promise.resolve(tx.execute<Row>(sql`fetch forward ${sql.raw(String(batchSize))} from ${name}`));
    for (let batch = await fetch(); batch.rows.length > 0;) {
      const next = fetch();
      next.catch(() => undefined); // awaited below; a failed handle() must not leave it unhandled
      await handle(batch.rows as Row[]);
      batch = await next;
    }
    await tx.execute(sql`close ${name}`);
  });
}
