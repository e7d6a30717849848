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

  it('hands batches to the follow-ups in the order they were taken, whichever commits first', async () => {
    const commits: (() => void)[] = [];
    const committed: number[] = [];
    const handed: number[][] = [];
    const writer = createBatchWriter({
      store: { insert: (rows) => new Promise((resolve) => commits.push(() => (committed.push(rows[0].reading.ts), resolve(rows)))) },
      partitions,
      maxBatch: 1,
      maxDelayMs: 1,
      concurrency: 2,
      onCommitted: (rows) => void handed.push(rows.map((r) => r.reading.ts)),
    });
    const first = writer.write([row(1)]);
    const second = writer.write([row(2)]);
    await tick();
    expect(commits).toHaveLength(2);
    commits[1]();
    await second; // acknowledged as soon as it is committed ...
    await tick();
    expect(handed).toEqual([]); // ... but its follow-ups wait for the batch taken before it
    commits[0]();
    await first;
    await tick();
    expect(committed).toEqual([2, 1]);
    expect(handed).toEqual([[1], [2]]);
  });
});
