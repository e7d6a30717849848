import { FOREIGN_KEY_VIOLATION, sqlStateOf } from './sql-state.js';

const BATCH_ROWS = 1000;

/**
 * Runs `write` over the items a batch at a time: one statement for tens of thousands of rows
 * would pass PostgreSQL's 65,535 parameters and overflow the query builder's stack.
 */
export async function inBatches<T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>, size = BATCH_ROWS) {
  for (let start = 0; start < items.length; start += size) await write(items.slice(start, start + size));
}

/**
 * The per-vehicle rows kept at ingest, written a batch at a time. A vehicle deleted meanwhile takes
 * its rows with it: a batch refused for a foreign key is written again row by row, skipping the
 * rows of vehicles that are gone. Any other failure stops the writing and hands the rows not yet
 * written to `keep`, so the caller can try them again; rows already written are never handed back
 * (some writes add to what is stored).
 */
export async function writeVehicleRows<T>(
  rows: readonly T[],
  write: (batch: T[]) => Promise<unknown>,
  keep: (unwritten: T[]) => void = () => undefined,
) {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    try {
      await write(batch);
      continue;
    } catch (err) {
      if (sqlStateOf(err) !== FOREIGN_KEY_VIOLATION) {
        keep(rows.slice(start));
        throw err;
      }
    }
    for (let i = 0; i < batch.length; i++) {
      try {
        await write([batch[i]!]);
      } catch (err) {
        if (sqlStateOf(err) === FOREIGN_KEY_VIOLATION) continue;
        keep([...batch.slice(i), ...rows.slice(start + BATCH_ROWS)]);
        throw err;
      }
    }
  }
}
