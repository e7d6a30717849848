import type { FastifyBaseLogger } from 'fastify';
import { onceAcrossInstances, type Database } from '../db/client.js';
import { dropCompactedBefore } from './compaction/history-compaction.js';
import type { PartitionManager } from './partitions.js';
import type { createSignalMinutes } from './signal-minutes.js';

/** The advisory lock of the daily partition housekeeping ('evfm' in ASCII): one instance does it. */
const HOUSEKEEPING_LOCK = 0x6576666d;
const DAY_MS = 86_400_000;

/**
 * Partitions ahead and retention, checked daily (and at start, by `run`): the month partitions of
 * can_reading made ahead, and past `retentionDays` the old ones dropped with their chart minutes
 * and compacted days.
 */
export function startHousekeeping(
  database: Database,
  parts: {
    partitions: PartitionManager;
    minutes: ReturnType<typeof createSignalMinutes>;
    retentionDays?: number;
    log: FastifyBaseLogger;
  },
) {
  const { partitions, minutes, retentionDays, log } = parts;
  const run = () =>
    onceAcrossInstances(database, HOUSEKEEPING_LOCK, async () => {
      await partitions.ensureAhead(Date.now());
      if (retentionDays) {
        const dropped = await partitions.dropOlderThan(Date.now(), retentionDays);
        if (dropped.length) log.info(`retention: dropped ${dropped.join(', ')}`);
        await minutes.dropBefore(Date.now() - retentionDays * DAY_MS);
        await dropCompactedBefore(database, Date.now() - retentionDays * DAY_MS);
      }
    });
  const timer = setInterval(
    () => void run().catch((err) => log.error({ err }, 'partition housekeeping failed')),
    DAY_MS,
  );
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
