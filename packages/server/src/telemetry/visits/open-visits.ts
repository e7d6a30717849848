import { newVisitTrack, stepVisits, type VisitPoint, type VisitTrack, type ZoneVisit } from '@evfleet/domain';
import type { StoredRow } from '../../readings/stored-row.js';
import { SIGNAL_INDEX, valueAt } from '../../readings/reading.js';
import type { VehicleZones } from './zone-cache.js';
import type { VehicleVisit } from './visit-store.js';

const { gpsLat, gpsLong, speed, odometer } = SIGNAL_INDEX;

/** A reading's position and what a visit sums, or null when it has no position. */
export function visitPoint({ reading }: StoredRow): VisitPoint | null {
  const lat = valueAt(reading.values, gpsLat);
  const lng = valueAt(reading.values, gpsLong);
  if (lat === null || lng === null) return null;
  return {
    ts: reading.ts,
    lat,
    lng,
    speed: valueAt(reading.values, speed),
    odometer: valueAt(reading.values, odometer),
  };
}

interface VehicleVisits {
  /** The last reading with a position stepped: an older one is late. */
  lastTs: number;
  track: VisitTrack;
}

/** What the zones hear of a reading as it is stepped: for the zone alerts. */
export interface VisitEvents {
  entered(vehicleId: number, visit: ZoneVisit): void;
  left(vehicleId: number, visit: ZoneVisit): void;
}

/**
 * What the visit tracker (visits.ts) holds in memory between writes: each vehicle's stays, stepped
 * by its in-order readings; the visits changed since the last write; the windows late readings
 * touched. No storage here.
 */
export class OpenVisits {
  private readonly vehicles = new Map<number, VehicleVisits>();
  private readonly dirty = new Map<number, Set<ZoneVisit>>();
  private readonly late = new Map<number, number>();

  has(vehicleId: number) {
    return this.vehicles.has(vehicleId);
  }

  /** Takes a vehicle up with its stored open visits. */
  meet(vehicleId: number, open: { visit: ZoneVisit; dwellMs: number }[], lastTs: number) {
    this.vehicles.set(vehicleId, { lastTs, track: newVisitTrack(open) });
  }

  /** Takes a vehicle up where a window decided again from storage left it. */
  resume(vehicleId: number, track: VisitTrack, lastTs: number) {
    this.dirty.delete(vehicleId);
    this.vehicles.set(vehicleId, { lastTs, track });
  }

  /** Steps a met vehicle's visits by its readings (in time order); an older reading marks its window late. */
  step(vehicleId: number, list: StoredRow[], zones: VehicleZones, events?: VisitEvents) {
    const v = this.vehicles.get(vehicleId)!;
    for (const row of list) {
      const p = visitPoint(row);
      if (!p) continue;
      if (p.ts <= v.lastTs) {
        this.markLate(vehicleId, p.ts);
        continue;
      }
      v.lastTs = p.ts;
      const { entered, left, changed } = stepVisits(v.track, p, zones.containing(p.lat, p.lng));
      for (const visit of changed) this.changed(vehicleId, visit);
      for (const visit of entered) events?.entered(vehicleId, visit);
      for (const visit of left) events?.left(vehicleId, visit);
    }
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
    this.late.delete(vehicleId);
  }
}
