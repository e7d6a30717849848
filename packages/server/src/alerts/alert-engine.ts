import {
  bandsOf,
  classifyBands,
  notifiesAt,
  type AlertAttribute,
  type MetricName,
  type Severity,
} from '@evfleet/domain';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { mailOutbox } from '../db/schema.js';
import { alertState, warningLog } from '../db/telemetry-schema.js';
import { groupByVehicle, type StoredRow } from '../readings/stored-row.js';
import { listRecipients, recipientKey } from './alert-recipients.js';
import { alertText } from './alert-templates.js';
import { alertSubject, type AlertContext } from './alert-texts.js';
import { initialEpisode, step, type AlertEvent, type EpisodeState } from './episode.js';
import { metricPlace, metricValue } from './metric-values.js';
import type { AlertSettings, VehicleAlertSettings } from './thresholds.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * What the rule needs of an attribute beyond its bands, worked out once per attribute object (the
 * settings are cached): the loop below runs for every metric of every vehicle in every batch.
 */
interface Rule {
  attribute: AlertAttribute;
  /** Where the metric's value is in a reading (metricPlace). */
  place: number;
  normalMid: number;
  /** The ranges, laid out for classifyBands. */
  bands: readonly number[];
  minutesBackward: number;
  frequencyMinutes: number;
}
const rules = new WeakMap<AlertAttribute, Rule>();
const ruleOf = (a: AlertAttribute) => {
  let rule = rules.get(a);
  if (!rule) {
    rule = {
      attribute: a,
      place: metricPlace(a.name),
      normalMid: a.normal[0] ? (a.normal[0].low + a.normal[0].high) / 2 : 0,
      bands: bandsOf(a),
      minutesBackward: a.minutesBackward,
      frequencyMinutes: a.notificationFrequencyHour,
    };
    rules.set(a, rule);
  }
  return rule;
};

/**
 * A vehicle's episodes, by metric, and lined up with the attributes it was last judged by: a batch
 * visits every metric of every vehicle in it, and two lookups for each cost more than the rule.
 */
interface VehicleEpisodes {
  byMetric: Map<string, EpisodeState>;
  /** The attributes (its settings') that `rules` and `states` follow, place for place. */
  attributes: readonly AlertAttribute[];
  rules: Rule[];
  states: (EpisodeState | undefined)[];
}

interface Pending {
  vehicleId: number;
  settings: VehicleAlertSettings;
  attribute: AlertAttribute;
  event: AlertEvent;
}

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
}) {
  const episodes = new Map<number, VehicleEpisodes>();
  const episodesOf = (vehicleId: number) => {
    let own = episodes.get(vehicleId);
    if (!own) episodes.set(vehicleId, (own = { byMetric: new Map(), attributes: [], rules: [], states: [] }));
    return own;
  };
  /** Lines a vehicle's rules and episodes up with the attributes it is judged by now. */
  const lineUp = (own: VehicleEpisodes, attributes: readonly AlertAttribute[]) => {
    own.attributes = attributes;
    own.rules = attributes.map(ruleOf);
    own.states = attributes.map((a) => own.byMetric.get(a.name));
  };
  const loaded = new Set<number>();
  let chain: Promise<void> = Promise.resolve();
  const raised = { WARNING: 0, SEVERE: 0 };

  const load = async (ids: number[]) => {
    const missing = ids.filter((id) => !loaded.has(id));
    if (!missing.length) return;
    const rows = await deps.db.select().from(alertState).where(inArray(alertState.vehicleId, missing));
    for (const r of rows) {
      episodesOf(r.vehicleId).byMetric.set(r.attributeName, {
        band: r.band as Severity,
        since: r.since.getTime(),
        logged: r.logged,
        lastNotifiedAt: r.lastNotifiedAt?.getTime() ?? null,
        lastTs: r.lastTs?.getTime() ?? Number.NEGATIVE_INFINITY,
      });
    }
    for (const id of missing) loaded.add(id);
  };

  const evaluate = async (rows: StoredRow[]) => {
    const byVehicle = groupByVehicle(rows);
    await load([...byVehicle.keys()]);
    const pending: Pending[] = [];
    // A batch visits each vehicle's metric once: a list, no key per metric.
    const changed: { vehicleId: number; metric: string; state: EpisodeState }[] = [];
    for (const [vehicleId, list] of byVehicle) {
      const settings = deps.settings.cached(vehicleId) ?? (await deps.settings.get(vehicleId));
      if (!settings) continue;
      const own = episodesOf(vehicleId);
      if (own.attributes !== settings.attributes) lineUp(own, settings.attributes);
      for (let i = 0; i < own.rules.length; i++) {
        const rule = own.rules[i];
        let state = own.states[i];
        let moved = false;
        for (const { reading } of list) {
          const value = metricValue(rule.place, reading, rule.normalMid);
          if (Number.isNaN(value)) continue;
          if (!state) own.byMetric.set(rule.attribute.name, (own.states[i] = state = initialEpisode(reading.ts)));
          const { band, logged, lastNotifiedAt } = state;
          const event = step(state, classifyBands(value, rule.bands), reading.ts, value, rule);
          // Only meaningful changes are written; lastTs alone is kept in memory.
          if (state.band !== band || state.logged !== logged || state.lastNotifiedAt !== lastNotifiedAt) moved = true;
          if (event) pending.push({ vehicleId, settings, attribute: rule.attribute, event });
        }
        if (moved && state) changed.push({ vehicleId, metric: rule.attribute.name, state: { ...state } });
      }
    }
    if (changed.length || pending.length) await record(changed, pending);
  };

  const record = async (changed: { vehicleId: number; metric: string; state: EpisodeState }[], pending: Pending[]) => {
    // Most batches only move states: one statement, no transaction's extra round trips.
    if (!pending.length) return saveStates(deps.db, changed);
    let queued = false;
    await deps.db.transaction(async (tx) => {
      if (changed.length) await saveStates(tx, changed);
      for (const p of pending) queued = (await recordEvent(tx, p)) || queued;
    });
    if (queued) deps.messagesQueued();
  };

  /**
   * Upserts the changed episode states as one JSON parameter: a batch changes up to one state per
   * vehicle and metric, and the query builder's work per value of those hundreds of rows showed as
   * several per cent of ingestion's CPU profile.
   */
  const saveStates = async (
    tx: Pick<Tx, 'execute'>,
    changed: { vehicleId: number; metric: string; state: EpisodeState }[],
  ) => {
    const rows = changed.map(({ vehicleId, metric, state }) => ({
      vehicle_id: vehicleId,
      attribute_name: metric,
      band: state.band,
      since: isoTime(state.since),
      logged: state.logged,
      last_notified_at: isoTime(state.lastNotifiedAt),
      last_ts: isoTime(state.lastTs),
    }));
    await tx.execute(sql`
      insert into ${alertState} (vehicle_id, attribute_name, band, since, logged, last_notified_at, last_ts)
      select x.vehicle_id, x.attribute_name, x.band, x.since, x.logged, x.last_notified_at, x.last_ts
      from ${jsonRecords(rows, 'x(vehicle_id int, attribute_name text, band text, since timestamptz, logged boolean, last_notified_at timestamptz, last_ts timestamptz)')}
      on conflict (vehicle_id, attribute_name) do update set band = excluded.band, since = excluded.since, logged = excluded.logged,
        last_notified_at = excluded.last_notified_at, last_ts = excluded.last_ts`);
  };

  const recordEvent = async (tx: Tx, { vehicleId, settings, attribute, event }: Pending): Promise<boolean> => {
    const band: Severity = event.kind === 'recovered' ? 'NORMAL' : event.band;
    const context: AlertContext = {
      vehicleName: settings.name,
      vin: settings.vin,
      metric: attribute.name as MetricName,
      displayName: attribute.displayName,
      band,
      value: event.value,
      at: new Date(event.at),
    };
    const text = await alertText(tx, context);
    if (event.kind !== 'reminder') {
      const inserted = await tx
        .insert(warningLog)
        .values({
          vehicleId,
          type: band,
          attributeName: attribute.name,
          name: attribute.displayName,
          value: event.value,
          date: new Date(event.at),
          episodeSince: new Date(event.since),
          notificationContent: text,
        })
        .onConflictDoNothing()
        .returning({ id: warningLog.id });
      if (!inserted.length) return false; // another instance or an earlier run recorded it
      if (band !== 'NORMAL') raised[band]++;
    }
    // The metric's E-Mail/SMS choices (threshold editor) pick the channels; a recovery goes where its episode went.
    const episodeBand = event.kind === 'recovered' ? event.from : event.band;
    // The vehicle's own address and number, then those of the notification lists it is linked to.
    const candidates = [
      { channel: 'email' as const, to: settings.email },
      { channel: 'sms' as const, to: settings.sms },
      ...(await listRecipients(tx, vehicleId)),
    ];
    const recipients = candidates.filter(
      (r): r is (typeof candidates)[number] & { to: string } => !!r.to && notifiesAt(attribute, r.channel, episodeBand),
    );
    if (!recipients.length) return false;
    const [{ recent }] = await tx
      .select({ recent: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(
        and(sql`${mailOutbox.vehicleId} = ${vehicleId}`, gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`)),
      );
    if (recent >= deps.messagesPerHour) {
      deps.log.warn({ vehicleId }, `alert messages for vehicle ${vehicleId} capped at ${deps.messagesPerHour} an hour`);
      return false;
    }
    const occurrence =
      event.kind === 'reminder'
        ? `r${Math.floor((event.at - event.since) / Math.max(1, attribute.notificationFrequencyHour * 60_000))}`
        : event.kind;
    await tx
      .insert(mailOutbox)
      .values(
        recipients.map((r) => ({
          recipient: r.to,
          channel: r.channel,
          kind: 'alert',
          vehicleId,
          subject: alertSubject(context),
          body: text,
          dedupeKey: `alert:${vehicleId}:${attribute.name}:${band}:${event.since}:${occurrence}:${r.channel}:${recipientKey(r.to)}`,
        })),
      )
      .onConflictDoNothing();
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
          for (const id of again) loaded.delete(id);
          for (const id of again) episodes.delete(id);
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
