import type { StoredRow } from '../readings/stored-row.js';

/**
 * The batch writer's hand-over of committed readings to their follow-ups (state, trips, alerts:
 * BatchWriterOptions.onCommitted). Two batches commit concurrently and either may finish first, but
 * the follow-ups get them in the order they were taken: a vehicle's readings reach its state, trips
 * and alerts in the order they arrived, not as "late" readings (which alerts skip and trips
 * re-segment from storage). The work the follow-ups return is counted while unfinished: the writer
 * starts no new batch while `max` are.
 */
export class FollowUps {
  private unfinished = 0;
  /** Settles once the batch taken last has handed its readings to the follow-ups (or failed). */
  handedOver: Promise<void> = Promise.resolve();

  constructor(
    private readonly onCommitted: (rows: StoredRow[]) => Promise<unknown> | void,
    private readonly max: number,
    /** Told each time a follow-up finishes. */
    private readonly finished: () => void,
    private readonly onError?: (err: unknown, what: string) => void,
  ) {}

  /** Whether as many follow-ups as allowed are unfinished. */
  get full() {
    return this.unfinished >= this.max;
  }

  /**
   * A batch's place in line, taken as the batch is taken. What it returns hands the batch's new
   * readings over, once the batches taken before it have handed theirs.
   */
  queueUp(): (fresh: StoredRow[]) => Promise<void> {
    const previous = this.handedOver;
    let handOver!: () => void;
    this.handedOver = new Promise<void>((resolve) => (handOver = resolve));
    return async (fresh) => {
      await previous;
      try {
        if (fresh.length) this.start(fresh);
      } catch (err) {
        this.onError?.(err, 'the follow-ups of stored readings failed');
      } finally {
        handOver();
      }
    };
  }

  private start(rows: StoredRow[]) {
    const work = this.onCommitted(rows);
    if (!work) return;
    this.unfinished++;
    const done = () => {
      this.unfinished--;
      this.finished();
    };
    work.then(done, done);
  }
}
