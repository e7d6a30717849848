import {
  isCharging,
  judgeZoneRules,
  newVisitStep,
  newVisitTrack,
  newZoneRuleMemory,
  openVisits,
  stepVisits,
  type RuledReading,
  type VisitTrack,
  type ZoneAlertEvent,
  type ZoneRuleMemory,
  type ZoneVisit,
} from '@evfleet/domain';
import { isoTime } from '../../db/json-records.js';
import type { FleetEvent } from '../../events/fleet-events.js';
import type { StoredRow } from '../../readings/stored-row.js';
import { SIGNAL_INDEX, valueAt } from '../../readings/reading.js';
import type { VehicleZones } from './zone-cache.js';
import type { VehicleVisit } from './visit-store.js';

const { gpsLat, gpsLong, speed, odometer, chargeStatus, vehicleCurrent, batteryCharge } = SIGNAL_INDEX;

/** A reading's position, what a visit sums and what the zone rules look at; null without a position. */
export function ruledReading({ reading: { ts, values } }: StoredRow): RuledReading | null {
  const lat = valueAt(values, gpsLat);
  const lng = valueAt(values, gpsLong);
  if (lat === null || lng === null) return null;
  return {
    ts,
    lat,
    lng,
    speed: valueAt(values, speed),
    odometer: valueAt(values, odometer),
    charging: isCharging({
      chargeStatus: valueAt(values, chargeStatus),
      vehicleCurrent: valueAt(values, vehicleCurrent),
    }),
    batteryCharge: valueAt(values, batteryCharge),
  };
}

/** A visit that began or ended, as the webhooks tell it. */
export function crossingEvent(
  type: 'zone.entered' | 'zone.left',
  vehicleId: number,
  visit: ZoneVisit,
  zones: VehicleZones,
): FleetEvent {
  const zone = zones.zone(visit.zoneId);
  return {
    type,
    vehicleId,
    at: type === 'zone.entered' ? visit.enteredAt : visit.exitedAt!,
    key: `${vehicleId}:${visit.zoneId}:${visit.enteredAt}`,
    data: {
      zoneId: visit.zoneId,
      zoneName: zone?.name ?? null,
      zoneKind: zone?.kind ?? null,
      enteredAt: isoTime(visit.enteredAt),
      exitedAt: isoTime(visit.exitedAt),
    },
  };
}

/** A visit that began or ended, and its event, which goes out with the write of the visit. */
interface Crossing {
  visit: ZoneVisit;
  event: FleetEvent;
}

interface VehicleVisits {
  /** The last reading with a position stepped: an older one is late. */
  lastTs: number;
  track: VisitTrack;
  rules: ZoneRuleMemory;
}

/**
 * What the visit tracker (visits.ts) holds in memory between writes: each vehicle's stays, stepped
 * by its in-order readings, and what the zone rules remember of it; the visits changed since the
 * last write; what the rules found; the windows late readings touched. No storage here.
 */
export class OpenVisits {
  private readonly vehicles = new Map<number, VehicleVisits>();
  private readonly dirty = new Map<number, Set<ZoneVisit>>();
  private readonly late = new Map<number, number>();
  private found: ZoneAlertEvent[] = [];
  private crossings: Crossing[] = [];
  /** Each reading's step, written over by the next: one object, not one a reading. */
  private readonly scratch = newVisitStep();

  has(vehicleId: number) {
    return this.vehicles.has(vehicleId);
  }

  /** Takes a vehicle up with its stored open visits. */
  meet(vehicleId: number, open: { visit: ZoneVisit; dwellMs: number }[], lastTs: number) {
    this.vehicles.set(vehicleId, { lastTs, track: newVisitTrack(open), rules: newZoneRuleMemory() });
  }

  /** Takes a vehicle up where a window decided again from storage left it. */
  resume(vehicleId: number, track: VisitTrack, lastTs: number) {
    this.dirty.delete(vehicleId);
    const rules = this.vehicles.get(vehicleId)?.rules ?? newZoneRuleMemory();
    this.vehicles.set(vehicleId, { lastTs, track, rules });
  }

  /**
   * Steps a met vehicle's visits by its readings (in time order) and judges the zone rules on them;
   * an older reading marks its window late, and raises nothing.
   */
  step(vehicleId: number, list: StoredRow[], zones: VehicleZones) {
    const v = this.vehicles.get(vehicleId)!;
    for (const row of list) {
      const p = ruledReading(row);
      if (!p) continue;
      if (p.ts <= v.lastTs) {
        this.markLate(vehicleId, p.ts);
        continue;
      }
      v.lastTs = p.ts;
      const inside = zones.containing(p.lat, p.lng);
      const step = stepVisits(v.track, p, inside, this.scratch);
      for (const visit of step.changed) this.changed(vehicleId, visit);
      for (const visit of step.entered)
        this.crossings.push({ visit, event: crossingEvent('zone.entered', vehicleId, visit, zones) });
      for (const visit of step.left)
        this.crossings.push({ visit, event: crossingEvent('zone.left', vehicleId, visit, zones) });
      if (inside.length || v.track.stays.size || step.left.length)
        judgeZoneRules(v.rules, vehicleId, p, inside, step, openVisits(v.track), zones.zone, this.found);
    }
  }

  /** What the zone rules found since the last call. */
  takeFound(): ZoneAlertEvent[] {
    const found = this.found;
    this.found = [];
    return found;
  }

  /** The visits that began or ended since the last call, each with its event. */
  takeCrossings(): Crossing[] {
    const crossings = this.crossings;
    this.crossings = [];
    return crossings;
  }

  changed(vehicleId: number, visit: ZoneVisit) {
    let own = this.dirty.get(vehicleId);
    if (!own) this.dirty.set(vehicleId, (own = new Set()));
    own.add(visit);
  }

  /** The visits changed since the last call, taken out to be written (a visit is one object that grows: the one kept is current). */
  takeChanged(): VehicleVisit[] {
    const visits = [...this.dirty].flatMap(([vehicleId, own]) => [...own].map((visit) => ({ vehicleId, visit })));
    this.dirty.clear();
    return visits;
  }

  markLate(vehicleId: number, ts: number) {
    this.late.set(vehicleId, Math.min(this.late.get(vehicleId) ?? ts, ts));
  }

  /** The earliest late reading of each vehicle since the last call. */
  takeLate(): [vehicleId: number, from: number][] {
    const late = [...this.late];
    this.late.clear();
    return late;
  }

  /** Drops all memory holds of a vehicle (maybe stale). */
  drop(vehicleId: number) {
    this.vehicles.delete(vehicleId);
    this.dirty.delete(vehicleId);
    this.crossings = this.crossings.filter(({ event }) => event.vehicleId !== vehicleId);
    this.late.delete(vehicleId);
  }
}
