import { sqlStateOf } from '../db/sql-state.js';
import type { PartitionManager } from './partitions.js';
import type { ReadingStore } from './reading-store.js';
import type { StoredRow } from '../readings/stored-row.js';

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

/** Told once a write's readings are committed (no error), or why they are not. */
export type Settled = (err?: unknown) => void;

interface Pending {
  rows: StoredRow[];
  settled: Settled;
}

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
 * Gathers readings from every device into large transactions. A write resolves only once its
 * readings are committed, so MQTT PUBACK and HTTP 2xx mean "stored". A batch the database refuses
 * for its data is split until the refused message is alone: one device's bad readings never cost
 * another device its readings.
 */
export function createBatchWriter(opts: BatchWriterOptions) {
  const maxBatch = opts.maxBatch ?? 5000;
  const maxDelayMs = opts.maxDelayMs ?? 20;
  const fullBatch = Math.min(opts.fullBatch ?? 500, maxBatch);
  const highWater = opts.highWater ?? 50_000;
  const concurrency = opts.concurrency ?? 1;
  const maxFollowUps = opts.maxFollowUps ?? 4;

  const queue: Pending[] = [];
  let queuedRows = 0;
  let running = 0;
  let followUps = 0;
  let timer: NodeJS.Timeout | null = null;
  /** Writes that came while the queue was at its high water: they join it as it drains. */
  const held: Pending[] = [];
  let closed = false;
  /** Read by the metrics endpoint. */
  const stats = { storedRows: 0, batches: 0, flushSeconds: 0, failedBatches: 0 };

  const enqueue = (pending: Pending) => {
    queue.push(pending);
    queuedRows += pending.rows.length;
  };

  const take = (): Pending[] => {
    const batch: Pending[] = [];
    let size = 0;
    while (queue.length && (size === 0 || size + queue[0].rows.length <= maxBatch)) {
      const next = queue.shift()!;
      size += next.rows.length;
      batch.push(next);
    }
    queuedRows -= size;
    while (held.length && queuedRows < highWater) enqueue(held.shift()!);
    return batch;
  };

  /** Settles once the batch taken last has handed its readings to the follow-ups (or failed). */
  let handedOver: Promise<void> = Promise.resolve();

  const followUp = (rows: StoredRow[]) => {
    const work = opts.onCommitted(rows);
    if (!work) return;
    followUps++;
    const done = () => {
      followUps--;
      kick();
    };
    work.then(done, done);
  };

  /** Tells a write's caller; one caller's failure is reported, never taken for the batch's. */
  const settle = (pending: Pending, err?: unknown) => {
    try {
      pending.settled(err);
    } catch (thrown) {
      opts.onError?.(thrown, 'a caller of the reading writer failed');
    }
  };

  const insert = async (rows: StoredRow[]) => {
    await opts.partitions.ensureFor(rows.map((r) => r.reading.ts));
    return opts.store.insert(rows);
  };

  /**
   * Writes the messages of a batch, settling each one's write, and returns the readings that were
   * new, in batch order. A refusal for the data halves the batch and tries each half: k refused
   * messages among n cost about k·log2(n) more statements, not n. Any other failure (connection,
   * shutdown) fails every message still unwritten, and their devices send them again.
   */
  const store = async (batch: Pending[]): Promise<StoredRow[]> => {
    let fresh: StoredRow[];
    try {
      fresh = await insert(batch.length === 1 ? batch[0].rows : batch.flatMap((p) => p.rows));
    } catch (err) {
      stats.failedBatches++;
      if (!refusedByData(err)) {
        for (const p of batch) settle(p, err);
        return [];
      }
      if (batch.length === 1) {
        settle(batch[0], new ReadingsRefused(err));
        return [];
      }
      const half = batch.length >> 1;
      const first = await store(batch.slice(0, half));
      const second = await store(batch.slice(half));
      return first.length ? (second.length ? first.concat(second) : first) : second;
    }
    for (const p of batch) settle(p);
    return fresh;
  };

  const flush = async (batch: Pending[]) => {
    // Two batches commit concurrently and either may finish first, but the follow-ups get them in
    // the order they were taken: a vehicle's readings reach its state, trips and alerts in the
    // order they arrived, not as "late" readings (which alerts skip and trips re-segment from storage).
    const previous = handedOver;
    let handOver!: () => void;
    handedOver = new Promise<void>((resolve) => (handOver = resolve));
    const started = performance.now();
    const fresh = await store(batch);
    stats.storedRows += fresh.length;
    stats.batches++;
    stats.flushSeconds += (performance.now() - started) / 1000;
    await previous;
    try {
      if (fresh.length) followUp(fresh);
    } catch (err) {
      opts.onError?.(err, 'the follow-ups of stored readings failed');
    } finally {
      handOver();
    }
  };

  const pump = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (running < concurrency && queue.length && followUps < maxFollowUps) {
      const batch = take();
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
  const kick = () => (queuedRows >= fullBatch || (closed && queue.length) ? pump() : schedule());

  /**
   * Queues readings; `settled` is told once they are committed or why not. The devices' path
   * (thousands of messages a second) takes no promise a message.
   */
  const add = (rows: StoredRow[], settled: Settled) => {
    if (rows.length === 0) return settle({ rows, settled });
    if (closed) return settle({ rows, settled }, new Error('the reading writer is closed'));
    if (queuedRows >= highWater) return void held.push({ rows, settled });
    enqueue({ rows, settled });
    kick();
  };

  return {
    add,
    /** add, as a promise. */
    write: (rows: StoredRow[]) =>
      new Promise<void>((resolve, reject) => add(rows, (err) => (err === undefined ? resolve() : reject(err)))),
    get queued() {
      return queuedRows;
    },
    /** Settles once every batch taken so far has handed its readings to the follow-ups (or failed). */
    handedOver: () => handedOver,
    stats,
    /** Writes what is queued and waits for it. */
    async close() {
      closed = true;
      for (const pending of held.splice(0)) enqueue(pending);
      pump();
      while (running > 0 || queue.length) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
export type BatchWriter = ReturnType<typeof createBatchWriter>;
