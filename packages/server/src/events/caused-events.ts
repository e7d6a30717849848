import type { Db, Queryable } from '../db/client.js';
import type { FleetEvent, FleetEvents } from './fleet-events.js';

/**
 * Events waiting for the write of the row that causes them (a trip that closed, a zone visit begun
 * or ended), held by the row's object: they go on the outbox in the transaction that writes that
 * row, so neither is stored without the other, and are forgotten once it commits, so the same row
 * written again (it grew) causes nothing more. Held weakly: a row dropped unwritten (its vehicle
 * taken up again from storage, or deleted) takes its events with it.
 */
export class CausedEvents<Row extends object> {
  private readonly waiting = new WeakMap<Row, FleetEvent[]>();

  constructor(
    private readonly db: Db,
    private readonly events: FleetEvents | undefined,
  ) {}

  add(row: Row, event: FleetEvent) {
    const events = this.waiting.get(row);
    if (events) events.push(event);
    else this.waiting.set(row, [event]);
  }

  /**
   * Runs the write of `rows` with the events they cause, in the order those happened: in one
   * transaction when they cause any, else as it is (most writes cause none: no extra round trips).
   */
  async write(rows: readonly Row[], write: (q: Queryable) => Promise<unknown>) {
    const events = this.events;
    const caused = rows.flatMap((row) => this.waiting.get(row) ?? []).sort((a, b) => a.at - b.at);
    if (!events || !caused.length) {
      await write(this.db);
      return;
    }
    await this.db.transaction(async (tx) => {
      await write(tx);
      await events.record(tx, caused);
    });
    for (const row of rows) this.waiting.delete(row);
  }
}
