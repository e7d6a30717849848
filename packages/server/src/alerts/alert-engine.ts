import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { FleetEvents } from '../events/fleet-events.js';
import { groupByVehicle, type StoredRow } from '../readings/stored-row.js';
import {
  alertContextOf,
  alertEvent,
  alertMessages,
  ownRecipients,
  recipientsOf,
  withinHourlyLimit,
  writesLogEntry,
} from './alert-messages.js';
import { listRecipients } from './alert-recipients.js';
import {
  loadEpisodes,
  logTransition,
  messagesInLastHour,
  queueMessages,
  saveEpisodes,
  type Tx,
} from './alert-store.js';
import { alertText } from './alert-templates.js';
import type { AlertSettings } from './thresholds.js';
import { EpisodeMemory, judgeVehicle, type MetricEpisode, type Transition } from './vehicle-episodes.js';

/**
 * Checks committed readings against each vehicle's thresholds and records transitions: a warning
 * log entry per episode entered or recovered, and one message per channel. Unique keys on the log
 * and the outbox make each transition exactly-once, whichever instance or restart sees it again.
 */
export function createAlertEngine(deps: {
  db: Db;
  settings: AlertSettings;
  log: FastifyBaseLogger;
  messagesPerHour: number;
  messagesQueued: () => void;
  /** Where raised and cleared alerts go out (the webhooks' outbox). */
  events?: FleetEvents;
}) {
  const memory = new EpisodeMemory();
  let chain: Promise<void> = Promise.resolve();
  const raised = { WARNING: 0, SEVERE: 0 };

  const load = async (vehicleIds: number[]) => {
    const missing = memory.unloaded(vehicleIds);
    if (missing.length) memory.restore(missing, await loadEpisodes(deps.db, missing));
  };

  const evaluate = async (rows: StoredRow[]) => {
    const byVehicle = groupByVehicle(rows);
    await load([...byVehicle.keys()]);
    // A batch visits each vehicle's metric once: a list, no key per metric.
    const out = { transitions: [] as Transition[], changed: [] as MetricEpisode[] };
    for (const [vehicleId, list] of byVehicle) {
      const settings = deps.settings.cached(vehicleId) ?? (await deps.settings.get(vehicleId));
      if (settings) judgeVehicle(memory.of(vehicleId), vehicleId, settings, list, out);
    }
    if (out.changed.length || out.transitions.length) await record(out.changed, out.transitions);
  };

  const record = async (changed: MetricEpisode[], transitions: Transition[]) => {
    // Most batches only move states: one statement, no transaction's extra round trips.
    if (!transitions.length) return saveEpisodes(deps.db, changed);
    let queued = false;
    await deps.db.transaction(async (tx) => {
      if (changed.length) await saveEpisodes(tx, changed);
      for (const t of transitions) queued = (await recordTransition(tx, t)) || queued;
    });
    if (queued) deps.messagesQueued();
  };

  /** Logs a transition and queues its messages; true when any were queued. */
  const recordTransition = async (tx: Tx, transition: Transition): Promise<boolean> => {
    const { vehicleId, attribute, event } = transition;
    const context = alertContextOf(transition);
    const text = await alertText(tx, context);
    if (writesLogEntry(event)) {
      // Another instance or an earlier run recorded it.
      if (!(await logTransition(tx, transition, context.band, text))) return false;
      if (context.band !== 'NORMAL') raised[context.band]++;
      await deps.events?.record(tx, [alertEvent(transition, context, text)]);
    }
    const candidates = [...ownRecipients(transition.settings), ...(await listRecipients(tx, vehicleId))];
    const recipients = recipientsOf(attribute, event, candidates);
    if (!recipients.length) return false;
    if (!withinHourlyLimit(await messagesInLastHour(tx, vehicleId), deps.messagesPerHour)) {
      deps.log.warn({ vehicleId }, `alert messages for vehicle ${vehicleId} capped at ${deps.messagesPerHour} an hour`);
      return false;
    }
    await queueMessages(tx, alertMessages(transition, context, text, recipients));
    return true;
  };

  return {
    /** Episodes entered by this instance since start, by band (metrics). */
    raised,
    /** Evaluates readings in order of commit; resolves once their transitions are recorded. */
    apply(rows: StoredRow[]): Promise<void> {
      chain = chain.then(() => evaluate(rows)).catch((err) => deps.log.error({ err }, 'alert evaluation failed'));
      return chain;
    },
    /**
     * Vehicles whose readings this instance takes over: their episodes are loaded again from
     * alert_state and `rows` (their stored readings from before that state on, in order) evaluated
     * again. Readings the state already covers are skipped, and a transition recorded before is
     * not recorded twice, so what the previous holder left unevaluated is caught up exactly.
     */
    replay(vehicleIds: number[], rows: StoredRow[]): Promise<void> {
      const again = new Set(vehicleIds);
      chain = chain
        .then(() => {
          memory.forget(again);
          return evaluate(rows);
        })
        .catch((err) => deps.log.error({ err }, 'alert evaluation failed'));
      return chain;
    },
    idle: () => chain,
    /** After a vehicle's thresholds or recipients change. */
    invalidate: (vehicleId: number) => deps.settings.invalidate(vehicleId),
    /** After a template's thresholds change (vehicles without their own follow it). */
    invalidateAll: () => deps.settings.invalidateAll(),
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;
