import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FleetEvent, FleetEvents } from '../../events/fleet-events.js';
import { trackerCommand } from '../../db/tracker-schema.js';

/** How often queued commands are looked for: a command queued on another instance waits at most this. */
const POLL_MS = 2000;
/** A sent command a tracker has not answered after this long has failed (it reconnected, or ignores it). */
export const ANSWER_WITHIN_MS = 5 * 60_000;

type AnsweredRow = { id: number; command: string; answered_at: string };

/** A command its tracker answered, as the webhooks tell it. */
const answeredEvent = (vehicleId: number, answered: AnsweredRow, answer: string): FleetEvent => ({
  type: 'command.answered',
  vehicleId,
  at: new Date(answered.answered_at).getTime(),
  key: String(answered.id),
  data: { commandId: answered.id, command: answered.command, answer },
});

interface Connections {
  send(vehicleId: number, text: string): boolean;
  isConnected(vehicleId: number): boolean;
  connectedVehicles(): number[];
}

/**
 * Codec 12 commands (docs/devices.md "Commands"): kept in the database, so a command for a tracker
 * that is offline, or connected to another instance, waits there. The instance holding a tracker's
 * connection sends its queued commands one at a time, in order, when it connects, when one is
 * queued here, and on a short poll; the tracker answers them in the order sent, so an answer
 * belongs to the oldest command sent and unanswered.
 */
export function createCommandDelivery(
  db: Db,
  connections: Connections,
  log: FastifyBaseLogger,
  /** Where answered commands go out (the webhooks' outbox). */
  events?: FleetEvents,
) {
  /** Vehicles whose delivery is under way: one at a time each, so a command is never sent twice. */
  const delivering = new Map<number, Promise<void>>();

  const sendNext = async (vehicleId: number) => {
    const pending = await db
      .select({ id: trackerCommand.id, text: trackerCommand.text, status: trackerCommand.status })
      .from(trackerCommand)
      .where(and(eq(trackerCommand.vehicleId, vehicleId), inArray(trackerCommand.status, ['queued', 'sent'])))
      .orderBy(asc(trackerCommand.id))
      .limit(1);
    const next = pending[0];
    // One awaits its answer: the next goes when it comes.
    if (!next || next.status === 'sent') return;
    if (!connections.send(vehicleId, next.text)) return;
    await db.update(trackerCommand).set({ status: 'sent', sentAt: new Date() }).where(eq(trackerCommand.id, next.id));
  };

  const deliver = (vehicleId: number): Promise<void> => {
    if (!connections.isConnected(vehicleId)) return Promise.resolve();
    const running = delivering.get(vehicleId);
    if (running) return running.then(() => deliver(vehicleId));
    const work = sendNext(vehicleId)
      .catch((err: unknown) => log.error({ err }, 'sending a tracker command failed'))
      .finally(() => delivering.delete(vehicleId));
    delivering.set(vehicleId, work);
    return work;
  };

  const poll = async () => {
    // Unanswered too long: failed, and the next in line may go.
    await db
      .update(trackerCommand)
      .set({ status: 'failed' })
      .where(
        and(
          eq(trackerCommand.status, 'sent'),
          lt(trackerCommand.sentAt, sql`now() - make_interval(secs => ${ANSWER_WITHIN_MS / 1000})`),
        ),
      );
    const here = connections.connectedVehicles();
    if (here.length === 0) return;
    const waiting = await db
      .selectDistinct({ vehicleId: trackerCommand.vehicleId })
      .from(trackerCommand)
      .where(and(eq(trackerCommand.status, 'queued'), inArray(trackerCommand.vehicleId, here)));
    await Promise.all(waiting.map((w) => deliver(w.vehicleId)));
  };
  const timer = setInterval(
    () => void poll().catch((err: unknown) => log.error({ err }, 'looking for tracker commands failed')),
    POLL_MS,
  );
  timer.unref();

  return {
    deliver,
    /**
     * A tracker answered: the oldest command sent to it and unanswered is answered, in the
     * transaction that queues its command.answered.
     */
    async answered(vehicleId: number, text: string) {
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<AnsweredRow>(sql`
          update ${trackerCommand} set status = 'answered', answered_at = now(), response = ${text}
          where id = (select id from ${trackerCommand} where vehicle_id = ${vehicleId} and status = 'sent' order by id limit 1)
          returning id, text as command, answered_at`);
        const [answered] = rows;
        if (answered) await events?.record(tx, [answeredEvent(vehicleId, answered, text)]);
      });
      await deliver(vehicleId);
    },
    close() {
      clearInterval(timer);
    },
  };
}
