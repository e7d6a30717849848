import { describe, expect, it } from 'vitest';
import { createBatchWriter, ReadingsRefused } from '../../src/telemetry/batch-writer.js';
import type { PartitionManager } from '../../src/telemetry/partitions.js';
import type { StoredRow } from '../../src/readings/stored-row.js';
import { valuesFrom } from '../../src/readings/reading.js';

const row = (ts: number, vehicleId = 1): StoredRow => ({
  vehicleId,
  reading: { ts, values: valuesFrom({}), cells: null, extra: null },
});
/** An error as the PostgreSQL driver raises it, with its SQLSTATE. */
const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });
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

  it('writes a full batch at once, and makes fewer readings wait the delay for others', async () => {
    const batches: number[] = [];
    const writer = createBatchWriter({
      store: { insert: async (rows) => (batches.push(rows.length), rows) },
      partitions,
      maxDelayMs: 60_000,
      fullBatch: 3,
      onCommitted: () => undefined,
    });
    const few = writer.write([row(1), row(2)]);
    await tick();
    expect(batches).toEqual([]);
    await Promise.all([writer.write([row(3)]), few]);
    expect(batches).toEqual([3]);
  });

  it('holds writes beyond its high water until the queue drains, then takes them in order', async () => {
    const commits: (() => void)[] = [];
    const stored: number[] = [];
    const writer = createBatchWriter({
      store: {
        insert: (rows) =>
          new Promise((resolve) =>
            commits.push(() => {
              stored.push(...rows.map((r) => r.reading.ts));
              resolve(rows);
            }),
          ),
      },
      partitions,
      maxBatch: 2,
      maxDelayMs: 1,
      highWater: 2,
      onCommitted: () => undefined,
    });
    const writes = [1, 2, 3, 4, 5].map((ts) => writer.write([row(ts)]));
    await tick();
    // The first batch is being written; 3 and 4 are queued, at the high water; 5 waits outside.
    expect(commits).toHaveLength(1);
    expect(writer.queued).toBe(2);
    commits[0]();
    await tick();
    expect(writer.queued).toBe(1);
    commits[1]();
    await tick();
    commits[2]();
    await Promise.all(writes);
    expect(stored).toEqual([1, 2, 3, 4, 5]);
  });

  it('hands batches to the follow-ups in the order they were taken, whichever commits first', async () => {
    const commits: (() => void)[] = [];
    const committed: number[] = [];
    const handed: number[][] = [];
    const writer = createBatchWriter({
      store: {
        insert: (rows) =>
          new Promise((resolve) => commits.push(() => (committed.push(rows[0].reading.ts), resolve(rows)))),
      },
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

  it("stores every other device's readings when the database refuses one device's, and refuses those for good", async () => {
    const stored: number[] = [];
    let statements = 0;
    const writer = createBatchWriter({
      // Vehicle 13's readings hold something the database refuses (a data exception, SQLSTATE class 22).
      store: {
        insert: async (rows) => {
          statements++;
          if (rows.some((r) => r.vehicleId === 13)) throw pgError('22P05');
          stored.push(...rows.map((r) => r.reading.ts));
          return rows;
        },
      },
      partitions,
      maxDelayMs: 5,
      onCommitted: () => undefined,
    });
    const writes = Array.from({ length: 16 }, (_, i) => writer.write([row(i, i === 5 ? 13 : i + 100)]));
    const results = await Promise.allSettled(writes);
    expect(results.map((r) => r.status)).toEqual(
      Array.from({ length: 16 }, (_, i) => (i === 5 ? 'rejected' : 'fulfilled')),
    );
    expect((results[5] as PromiseRejectedResult).reason).toBeInstanceOf(ReadingsRefused);
    expect(stored.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    // Halving, not one statement per message: 1 + 2·log2(16).
    expect(statements).toBe(9);
  });

  it('fails the whole batch when the database itself fails (the devices retry), and goes on afterwards', async () => {
    let down = true;
    const writer = createBatchWriter({
      store: {
        insert: async (rows) => {
          if (down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          return rows;
        },
      },
      partitions,
      maxDelayMs: 5,
      onCommitted: () => undefined,
    });
    const results = await Promise.allSettled([writer.write([row(1)]), writer.write([row(2, 2)])]);
    expect(results.map((r) => r.status === 'rejected' && !(r.reason instanceof ReadingsRefused))).toEqual([true, true]);
    down = false;
    await expect(writer.write([row(3)])).resolves.toBeUndefined();
  });

  it('reports a follow-up that throws and keeps writing: no promise is left to reject unhandled', async () => {
    const errors: string[] = [];
    const writer = createBatchWriter({
      store: { insert: async (rows) => rows },
      partitions,
      maxBatch: 1,
      maxDelayMs: 1,
      onCommitted: () => {
        throw new Error('follow-up bug');
      },
      onError: (err, what) => errors.push(`${what}: ${(err as Error).message}`),
    });
    await writer.write([row(1)]);
    await writer.write([row(2)]);
    await tick();
    expect(errors).toEqual([
      'the follow-ups of stored readings failed: follow-up bug',
      'the follow-ups of stored readings failed: follow-up bug',
    ]);
  });
});
