import { sqlStateOf } from '../db/sql-state.js';
import type { PartitionManager } from './partitions.js';
import type { ReadingStore } from './reading-store.js';
import type { StoredRow } from '../readings/stored-row.js';
import { FollowUps } from './follow-ups.js';
import { ReadingQueue, type Pending, type Settled } from './reading-queue.js';

/**
 * The database refused a message's readings themselves (SQLSTATE class 22, data exception; 23,
 * integrity; 54, over a limit): writing them again would fail again, so the device should be told
 * "refused", not "retry". Ingestion's own checks are meant to make this impossible.
 */
export class ReadingsRefused extends Error {
  constructor(readonly reason: unknown) {
    super(`the database refused the readings: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}
const refusedByData = (err: unknown) => /^(22|23|54)/.test(sqlStateOf(err) ?? '');

export interface BatchWriterOptions {
  store: ReadingStore;
  partitions: PartitionManager;
  /**
   * Called with the readings that were new (not duplicates), after they are committed. What it
   * returns is the follow-up work on them (state, alerts): no new batch starts while `maxFollowUps`
   * are unfinished, so slow follow-ups hold readings back at the devices, not in memory.
   */
  onCommitted: (rows: StoredRow[]) => Promise<unknown> | void;
  maxFollowUps?: number;
  maxBatch?: number;
  /** How long the first readings wait for others to share their transaction. */
  maxDelayMs?: number;
  /**
   * Readings enough for one transaction to carry well: as many queued are written at once, without
   * the delay. Under load they gather while the previous batch is written, and waiting longer would
   * only add latency: with devices waiting for acknowledgements, latency is what bounds the rate.
   */
  fullBatch?: number;
  /** Readings queued before writers must wait: bounded memory, and backpressure to devices. */
  highWater?: number;
  concurrency?: number;
  /** Told of a failure nobody waits for (a follow-up that threw); the writer itself goes on. */
  onError?: (err: unknown, what: string) => void;
}

/**
 * Writes the messages of a batch, settling each one's write, and returns the readings that were
 * new, in batch order. A refusal for the data halves the batch and tries each half: k refused
 * messages among n cost about k·log2(n) more statements, not n. Any other failure (connection,
 * shutdown) fails every message still unwritten, and their devices send them again.
 */
async function storeSplitting(
  batch: Pending[],
  to: {
    insert: (rows: StoredRow[]) => Promise<StoredRow[]>;
    settle: (pending: Pending, err?: unknown) => void;
    failed: () => void;
  },
): Promise<StoredRow[]> {
  let fresh: StoredRow[];
  try {
    fresh = await to.insert(batch.length === 1 ? batch[0].rows : batch.flatMap((p) => p.rows));
  } catch (err) {
    to.failed();
    if (!refusedByData(err)) {
      for (const p of batch) to.settle(p, err);
      return [];
    }
    if (batch.length === 1) {
      to.settle(batch[0], new ReadingsRefused(err));
      return [];
    }
    const half = batch.length >> 1;
    const first = await storeSplitting(batch.slice(0, half), to);
    const second = await storeSplitting(batch.slice(half), to);
    return first.length ? (second.length ? first.concat(second) : first) : second;
  }
  for (const p of batch) to.settle(p);
  return fresh;
}

/**
 * Gathers readings from every device into large transactions. A write resolves only once its
 * readings are committed, so MQTT PUBACK and HTTP 2xx mean "stored". A batch the database refuses
 * for its data is split until the refused message is alone: one device's bad readings never cost
 * another device its readings.
 */
export function createBatchWriter(opts: BatchWriterOptions) {
  const maxBatch = opts.maxBatch ?? 5000;
  const maxDelayMs = opts.maxDelayMs ?? 20;
  const fullBatch = Math.min(opts.fullBatch ?? 500, maxBatch);
  const concurrency = opts.concurrency ?? 1;

  const queue = new ReadingQueue(maxBatch, opts.highWater ?? 50_000);
  const followUps = new FollowUps(opts.onCommitted, opts.maxFollowUps ?? 4, () => kick(), opts.onError);
  let running = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** Read by the metrics endpoint. */
  const stats = { storedRows: 0, batches: 0, flushSeconds: 0, failedBatches: 0 };

  /** Tells a write's caller; one caller's failure is reported, never taken for the batch's. */
  const settle = (pending: Pending, err?: unknown) => {
    try {
      pending.settled(err);
    } catch (thrown) {
      opts.onError?.(thrown, 'a caller of the reading writer failed');
    }
  };

  const writing = {
    insert: async (rows: StoredRow[]) => {
      await opts.partitions.ensureFor(rows.map((r) => r.reading.ts));
      return opts.store.insert(rows);
    },
    settle,
    failed: () => {
      stats.failedBatches++;
    },
  };

  const flush = async (batch: Pending[]) => {
    const handOver = followUps.queueUp();
    const started = performance.now();
    const fresh = await storeSplitting(batch, writing);
    stats.storedRows += fresh.length;
    stats.batches++;
    stats.flushSeconds += (performance.now() - started) / 1000;
    await handOver(fresh);
  };

  const pump = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (running < concurrency && queue.length && !followUps.full) {
      const batch = queue.take();
      running++;
      void flush(batch)
        .finally(() => {
          running--;
          kick();
        })
        .catch((err: unknown) => opts.onError?.(err, 'the reading writer failed'));
    }
  };

  const schedule = () => {
    if (!timer && queue.length) timer = setTimeout(pump, maxDelayMs);
  };
  /** A full batch (or, closing, any) is written now; fewer readings wait for others. */
  const kick = () => (queue.rows >= fullBatch || (closed && queue.length) ? pump() : schedule());

  /**
   * Queues readings; `settled` is told once they are committed or why not. The devices' path
   * (thousands of messages a second) takes no promise a message.
   */
  const add = (rows: StoredRow[], settled: Settled) => {
    if (rows.length === 0) return settle({ rows, settled });
    if (closed) return settle({ rows, settled }, new Error('the reading writer is closed'));
    if (queue.add({ rows, settled })) kick();
  };

  return {
    add,
    /** add, as a promise. */
    write: (rows: StoredRow[]) =>
      new Promise<void>((resolve, reject) => add(rows, (err) => (err === undefined ? resolve() : reject(err)))),
    get queued() {
      return queue.rows;
    },
    /** Settles once every batch taken so far has handed its readings to the follow-ups (or failed). */
    handedOver: () => followUps.handedOver,
    stats,
    /** Writes what is queued and waits for it. */
    async close() {
      closed = true;
      queue.admitHeld();
      pump();
      while (running > 0 || queue.length) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
export type BatchWriter = ReturnType<typeof createBatchWriter>;
