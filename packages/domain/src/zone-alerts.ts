import { localMinuteOfDay } from './local-time.js';
import type { VisitPoint, VisitStep, ZoneVisit } from './zone-visits.js';
import { minutesOf, type ZoneKind } from './zones.js';

/**
 * The zone alerts (docs/zones.md), judged at ingest on each vehicle's in-order readings: a depot's
 * plug-in reminder, leaving a depot low, entering a no-go zone, and speeding in a zone. No storage
 * here: the server remembers each vehicle's `ZoneRuleMemory` and records what these find.
 */
export const ZONE_ALERT_RULES = {
  /** Faster than a zone's limit for longer than this. */
  speedingSeconds: 10,
  /** A vehicle that arrives at a depot after its evening began has this long to be plugged in. */
  plugInGraceMinutes: 15,
} as const;

export const ZONE_RULES = ['zonePlugIn', 'zoneDeparture', 'zoneNoGo', 'zoneSpeeding'] as const;
export type ZoneRule = (typeof ZONE_RULES)[number];

/** Each rule's name in the warning log, where a metric's display name stands for threshold alerts. */
export const ZONE_RULE_NAMES: Record<ZoneRule, string> = {
  zonePlugIn: 'Plug-in reminder',
  zoneDeparture: 'Departure charge',
  zoneNoGo: 'No-go zone',
  zoneSpeeding: 'Zone speed limit',
};

/** The band each rule is logged and told as: entering a no-go zone is severe, the others warnings. */
export const zoneRuleBand = (rule: ZoneRule): 'WARNING' | 'SEVERE' => (rule === 'zoneNoGo' ? 'SEVERE' : 'WARNING');

/** A zone as the rules read it. */
export interface RuledZone {
  id: number;
  name: string;
  kind: ZoneKind;
  timeZone: string;
  speedLimitMph: number | null;
  eveningTime: string | null;
  departureChargePercent: number | null;
}

/** Something a rule found: recorded once per vehicle, zone, rule and `since`. */
export interface ZoneAlertEvent {
  vehicleId: number;
  rule: ZoneRule;
  zone: RuledZone;
  /** The reading that showed it. */
  at: number;
  /** What makes it one: the visit's start, the evening's, or the speeding's. */
  since: number;
  /** The charge (plug-in, departure) or the speed (speeding) it was found at. */
  value: number | null;
}

/** What the rules remember of one vehicle between readings. */
export interface ZoneRuleMemory {
  /** Since when the vehicle is over each zone's limit, and whether that was told. */
  speeding: Map<number, { since: number; told: boolean }>;
  /** The last evening each depot's reminder looked at. */
  evenings: Map<number, number>;
  /** When the vehicle last charged in each depot it is in: a charger stops at a full pack. */
  chargedAt: Map<number, number>;
}
export const newZoneRuleMemory = (): ZoneRuleMemory => ({
  speeding: new Map(),
  evenings: new Map(),
  chargedAt: new Map(),
});

/** When a depot's evening began on the local day of `ts` (its minute), or null before it. */
export function eveningOf(ts: number, timeZone: string, eveningTime: string): number | null {
  const late = localMinuteOfDay(timeZone)(ts) - minutesOf(eveningTime);
  return late < 0 ? null : Math.floor(ts / 60_000) * 60_000 - late * 60_000;
}

/** A reading as the rules see it: its position and speed, and whether it charges. */
export interface RuledReading extends VisitPoint {
  charging: boolean;
  batteryCharge: number | null;
}

/**
 * Judges a vehicle's next in-order reading with a position, after its visits were stepped: the
 * zones it lies in, what the step changed, and the visits open now. What it finds goes to `out`.
 */
export function judgeZoneRules(
  memory: ZoneRuleMemory,
  vehicleId: number,
  p: RuledReading,
  inside: readonly RuledZone[],
  step: VisitStep,
  open: Iterable<ZoneVisit>,
  zoneOf: (id: number) => RuledZone | undefined,
  out: ZoneAlertEvent[],
) {
  const found = (rule: ZoneRule, zone: RuledZone, at: number, since: number, value: number | null) =>
    out.push({ vehicleId, rule, zone, at, since, value });
  for (const v of step.entered) {
    const zone = zoneOf(v.zoneId);
    if (zone?.kind === 'no-go') found('zoneNoGo', zone, p.ts, v.enteredAt, null);
  }
  for (const v of step.left) {
    const zone = zoneOf(v.zoneId);
    if (zone?.kind !== 'depot') continue;
    memory.chargedAt.delete(zone.id);
    found('zoneDeparture', zone, p.ts, v.enteredAt, p.batteryCharge);
  }
  for (const [zoneId] of memory.speeding) if (!inside.some((z) => z.id === zoneId)) memory.speeding.delete(zoneId);
  for (const zone of inside) {
    if (zone.speedLimitMph === null) continue;
    if (p.speed === null || p.speed <= zone.speedLimitMph) {
      memory.speeding.delete(zone.id);
      continue;
    }
    let over = memory.speeding.get(zone.id);
    if (!over) memory.speeding.set(zone.id, (over = { since: p.ts, told: false }));
    if (!over.told && p.ts - over.since > ZONE_ALERT_RULES.speedingSeconds * 1000) {
      over.told = true;
      found('zoneSpeeding', zone, p.ts, over.since, p.speed);
    }
  }
  for (const v of open) {
    const zone = zoneOf(v.zoneId);
    if (zone?.kind !== 'depot' || !zone.eveningTime) continue;
    if (p.charging) memory.chargedAt.set(zone.id, p.ts);
    const evening = eveningOf(p.ts, zone.timeZone, zone.eveningTime);
    if (evening === null || memory.evenings.get(zone.id) === evening) continue;
    // Charged during this visit within the last day: a charger that stopped at a full pack needs no reminder.
    const charged = memory.chargedAt.get(zone.id);
    if (charged !== undefined && charged >= v.enteredAt && charged >= evening - 86_400_000) continue;
    // Just arrived after the evening began: time to plug in first.
    if (v.enteredAt > evening && p.ts - v.enteredAt < ZONE_ALERT_RULES.plugInGraceMinutes * 60_000) continue;
    memory.evenings.set(zone.id, evening);
    if (!p.charging) found('zonePlugIn', zone, p.ts, evening, p.batteryCharge);
  }
}
