import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { createHistoryCompaction } from './history-compaction.js';

/**
 * `npm run compact`: compacts every reading older than the hot window (HISTORY_HOT_DAYS) of the
 * database the portal's configuration names, and returns once it is committed. On PostgreSQL it
 * may run beside the portal (after the portal's own run, if one is under way); the embedded
 * database is one process's, so stop the portal first (it compacts by itself every hour anyway).
 */
try {
  const config = loadConfig();
  const database = await openDatabase(config.database, 2);
  try {
    const compaction = createHistoryCompaction(database, { hotDays: config.historyHotDays, log: console });
    const { readings, days } = await compaction.run({ wait: true });
    console.log(`compacted ${readings} readings of ${days} vehicle days older than ${config.historyHotDays} days`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
