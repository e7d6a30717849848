import type { StoredRow } from '../readings/stored-row.js';

/** Told once a write's readings are committed (no error), or why they are not. */
export type Settled = (err?: unknown) => void;

/** A write waiting for its batch. */
export interface Pending {
  rows: StoredRow[];
  settled: Settled;
}

/**
 * The writes waiting for the batch writer (batch-writer.ts), in order, counted in readings. Past
 * its high water a write is held back and joins as the queue drains: bounded memory, and
 * backpressure to devices.
 */
export class ReadingQueue {
  private readonly queue: Pending[] = [];
  /** Writes that came while the queue was at its high water: they join it as it drains. */
  private readonly held: Pending[] = [];
  /** The readings queued, the held ones not counted. */
  rows = 0;

  constructor(
    private readonly maxBatch: number,
    private readonly highWater: number,
  ) {}

  /** How many writes are queued. */
  get length() {
    return this.queue.length;
  }

  /** Queues a write; false when it is held back instead, the queue being at its high water. */
  add(pending: Pending): boolean {
    if (this.rows >= this.highWater) {
      this.held.push(pending);
      return false;
    }
    this.enqueue(pending);
    return true;
  }

  /** The next batch: the first writes, up to maxBatch readings (a larger write goes alone). */
  take(): Pending[] {
    const batch: Pending[] = [];
    let size = 0;
    while (this.queue.length && (size === 0 || size + this.queue[0].rows.length <= this.maxBatch)) {
      const next = this.queue.shift()!;
      size += next.rows.length;
      batch.push(next);
    }
    this.rows -= size;
    while (this.held.length && this.rows < this.highWater) this.enqueue(this.held.shift()!);
    return batch;
  }

  /** Queues every held write, whatever the high water (closing). */
  admitHeld() {
    for (const pending of this.held.splice(0)) this.enqueue(pending);
  }

  private enqueue(pending: Pending) {
    this.queue.push(pending);
    this.rows += pending.rows.length;
  }
}
