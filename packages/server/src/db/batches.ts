/**
 * Runs `write` over the items a batch at a time: one statement for tens of thousands of rows
 * would pass PostgreSQL's 65,535 parameters and overflow the query builder's stack.
 */
export async function inBatches<T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let start = 0; start < items.length; start += size) await write(items.slice(start, start + size));
}
