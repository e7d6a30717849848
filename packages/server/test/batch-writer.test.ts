import { describe, expect, it } from 'vitest';
import { createBatchWriter } from '../src/telemetry/batch-writer.js';
import type { PartitionManager } from '../src/telemetry/partitions.js';
import type { StoredRow } from '../src/telemetry/reading-store.js';

const row = (ts: number): StoredRow => ({ vehicleId: 1, reading: { ts, values: {}, cells: null, extra: null } });
const partitions = { ensureFor: async () => undefined } as unknown as PartitionManager;
const tick = () => new Promise((r) => setTimeout(r, 30));

describe('batch writer', () => {
  it('starts no new batch while the follow-ups of earlier ones are unfinished', async () => {
    const stored: number[] = [];
    const followUps: (() => void)[] = [];
    const writer = createBatchWriter({
      store: { insert: async (rows) => (stored.push(...rows.map((r) => r.reading.ts)), rows) },
      partitions,
      maxBatch: 1,
      maxDelayMs: 1,
      maxFollowUps: 2,
      onCommitted: () => new Promise<void>((resolve) => followUps.push(resolve)),
    });
    const writes = [1, 2, 3, 4].map((ts) => writer.write([row(ts)]));
    await tick();
    expect(stored).toEqual([1, 2]);
    expect(writer.queued).toBe(2);

    followUps[0]();
    await tick();
    expect(stored).toEqual([1, 2, 3]);
    followUps[1]();
    followUps[2]();
    await Promise.all(writes);
    expect(stored).toEqual([1, 2, 3, 4]);
  });
});
