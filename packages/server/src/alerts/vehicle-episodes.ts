import { bandsOf, classifyBands, type AlertAttribute } from '@evfleet/domain';
import type { Reading } from '../readings/reading.js';
import { initialEpisode, step, type AlertEvent, type EpisodeState } from './episode.js';
import { metricPlace, metricValue } from './metric-values.js';
import type { VehicleAlertSettings } from './thresholds.js';

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
export class VehicleEpisodes {
  readonly byMetric = new Map<string, EpisodeState>();
  /** The attributes (its settings') that `rules` and `states` follow, place for place. */
  attributes: readonly AlertAttribute[] = [];
  rules: Rule[] = [];
  states: (EpisodeState | undefined)[] = [];

  /** Lines the rules and episodes up with the attributes the vehicle is judged by now. */
  lineUp(attributes: readonly AlertAttribute[]) {
    this.attributes = attributes;
    this.rules = attributes.map(ruleOf);
    this.states = attributes.map((a) => this.byMetric.get(a.name));
  }
}

/** An event of an episode, with what its log entry and messages are made of. */
export interface Transition {
  vehicleId: number;
  settings: VehicleAlertSettings;
  attribute: AlertAttribute;
  event: AlertEvent;
}

/** Where a metric of a vehicle stands: a row of alert_state. */
export interface MetricEpisode {
  vehicleId: number;
  metric: string;
  state: EpisodeState;
}

/**
 * Judges a vehicle's readings (in time order) against its thresholds: each metric's value takes a
 * band, which steps the metric's episode (episode.ts). The events go to `transitions`; a metric
 * whose band, log or notification moved goes once to `changed`, as a copy. Only memory is touched: the
 * caller stores what comes out.
 */
export function judgeVehicle(
  own: VehicleEpisodes,
  vehicleId: number,
  settings: VehicleAlertSettings,
  readings: readonly { reading: Reading }[],
  out: { transitions: Transition[]; changed: MetricEpisode[] },
) {
  if (own.attributes !== settings.attributes) own.lineUp(settings.attributes);
  for (let i = 0; i < own.rules.length; i++) {
    const rule = own.rules[i];
    let state = own.states[i];
    let moved = false;
    for (const { reading } of readings) {
      const value = metricValue(rule.place, reading, rule.normalMid);
      if (Number.isNaN(value)) continue;
      if (!state) own.byMetric.set(rule.attribute.name, (own.states[i] = state = initialEpisode(reading.ts)));
      const { band, logged, lastNotifiedAt } = state;
      const event = step(state, classifyBands(value, rule.bands), reading.ts, value, rule);
      // Only meaningful changes are written; lastTs alone is kept in memory.
      if (state.band !== band || state.logged !== logged || state.lastNotifiedAt !== lastNotifiedAt) moved = true;
      if (event) out.transitions.push({ vehicleId, settings, attribute: rule.attribute, event });
    }
    if (moved && state) out.changed.push({ vehicleId, metric: rule.attribute.name, state: { ...state } });
  }
}

/**
 * Every vehicle's episodes this instance holds, and which vehicles' stored states it has loaded: a
 * vehicle's states are read from alert_state once, when its readings first come here.
 */
export class EpisodeMemory {
  private readonly vehicles = new Map<number, VehicleEpisodes>();
  private readonly loaded = new Set<number>();

  of(vehicleId: number): VehicleEpisodes {
    let own = this.vehicles.get(vehicleId);
    if (!own) this.vehicles.set(vehicleId, (own = new VehicleEpisodes()));
    return own;
  }

  /** Those of `vehicleIds` whose stored states are not loaded yet. */
  unloaded(vehicleIds: number[]): number[] {
    return vehicleIds.filter((id) => !this.loaded.has(id));
  }

  /** Takes in the stored states of `vehicleIds` (those that have none included). */
  restore(vehicleIds: number[], stored: MetricEpisode[]) {
    for (const { vehicleId, metric, state } of stored) this.of(vehicleId).byMetric.set(metric, state);
    for (const id of vehicleIds) this.loaded.add(id);
  }

  /** Drops what memory holds of these vehicles: their states are loaded again on their next readings. */
  forget(vehicleIds: Iterable<number>) {
    for (const id of vehicleIds) {
      this.loaded.delete(id);
      this.vehicles.delete(id);
    }
  }
}
