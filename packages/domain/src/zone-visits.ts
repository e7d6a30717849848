import { distanceMiles, gpsMiles, isMoving } from './energy.js';

/**
 * Visits (docs/zones.md): a vehicle is in a zone once it has been inside for the zone's dwell, and
 * has left once it has been outside for the same time, so GPS jitter at a boundary makes no visit.
 * A visit begins at the first reading inside of the stay that counts and ends at the first reading
 * outside of the absence that counts, not at the moments the dwell completes.
 */

/** A reading as visits see it: only readings with a position take part. */
export interface VisitPoint {
  ts: number;
  lat: number;
  lng: number;
  speed: number | null;
  odometer: number | null;
}

/** A zone a reading lies in, with how long a stay or an absence must last to count. */
export interface VisitZone {
  id: number;
  dwellMs: number;
}

/** A vehicle's visit of a zone with its running sums (the columns of zone_visit). */
export interface ZoneVisit {
  zoneId: number;
  enteredAt: number;
  /** Null while the vehicle is inside. */
  exitedAt: number | null;
  startOdometer: number | null;
  endOdometer: number | null;
  /** Miles along the GPS track between readings inside, while moving. */
  gpsMiles: number;
  /** The last reading inside: the one the sums run to. */
  lastTs: number;
}

/** Where a vehicle stands towards one zone it is inside, or has a visit of. */
interface ZoneStay {
  dwellMs: number;
  /** The visit that counts, once the stay lasted the dwell. */
  visit: ZoneVisit | null;
  /** A stay not yet long enough, with its sums kept in case it comes to count. */
  candidate: ZoneVisit | null;
  /** The first reading outside of an absence from a visit, not yet long enough. */
  outSince: number | null;
}

/** One vehicle's standing towards the zones: its last reading with a position, and its stays. */
export interface VisitTrack {
  prev: VisitPoint | null;
  stays: Map<number, ZoneStay>;
}

/** What a reading changed: visits that began to count, that ended, and every visit it changed. */
export interface VisitStep {
  entered: ZoneVisit[];
  left: ZoneVisit[];
  changed: ZoneVisit[];
}
/** A step to write into (stepVisits): ingest passes one of its own, emptied by each reading. */
export const newVisitStep = (): VisitStep => ({ entered: [], left: [], changed: [] });

/** A track that holds the open visits (stored ones, when a vehicle is taken up again). */
export function newVisitTrack(open: { visit: ZoneVisit; dwellMs: number }[] = []): VisitTrack {
  const stays = new Map<number, ZoneStay>();
  for (const { visit, dwellMs } of open)
    stays.set(visit.zoneId, { dwellMs, visit: { ...visit }, candidate: null, outSince: null });
  return { prev: null, stays };
}

const beginAt = (zoneId: number, p: VisitPoint): ZoneVisit => ({
  zoneId,
  enteredAt: p.ts,
  exitedAt: null,
  startOdometer: p.odometer,
  endOdometer: p.odometer,
  gpsMiles: 0,
  lastTs: p.ts,
});

/** Adds a reading inside to a visit's sums: the track since the visit's last reading is its own when that was the previous one. */
function extend(v: ZoneVisit, prev: VisitPoint | null, p: VisitPoint) {
  if (prev && prev.ts === v.lastTs && (isMoving(prev) || isMoving(p)))
    v.gpsMiles += gpsMiles(prev.lat, prev.lng, p.lat, p.lng);
  if (p.odometer !== null) {
    v.startOdometer ??= p.odometer;
    v.endOdometer = p.odometer;
  }
  v.lastTs = p.ts;
}

/**
 * Steps a vehicle's track by its next reading with a position (later than every earlier one),
 * given the zones that reading lies in; what it changed is written into `step` (by default a new one).
 */
export function stepVisits(
  track: VisitTrack,
  p: VisitPoint,
  inside: readonly VisitZone[],
  step: VisitStep = newVisitStep(),
): VisitStep {
  const prev = track.prev;
  track.prev = p;
  step.entered.length = step.left.length = step.changed.length = 0;
  if (!inside.length && !track.stays.size) return step;
  for (const zone of inside) {
    let stay = track.stays.get(zone.id);
    if (!stay) {
      stay = { dwellMs: zone.dwellMs, visit: null, candidate: beginAt(zone.id, p), outSince: null };
      track.stays.set(zone.id, stay);
    } else {
      extend((stay.visit ?? stay.candidate)!, prev, p);
      stay.outSince = null;
    }
    if (stay.candidate && p.ts - stay.candidate.enteredAt >= stay.dwellMs) {
      stay.visit = stay.candidate;
      stay.candidate = null;
      step.entered.push(stay.visit);
    }
    if (stay.visit) step.changed.push(stay.visit);
  }
  for (const [zoneId, stay] of track.stays) {
    if (inside.some((z) => z.id === zoneId)) continue;
    if (!stay.visit) {
      track.stays.delete(zoneId);
      continue;
    }
    stay.outSince ??= p.ts;
    if (p.ts - stay.outSince < stay.dwellMs) continue;
    stay.visit.exitedAt = stay.outSince;
    step.left.push(stay.visit);
    step.changed.push(stay.visit);
    track.stays.delete(zoneId);
  }
  return step;
}

/** The visits a track holds open: those that count and have not ended. */
export function* openVisits(track: VisitTrack): Generator<ZoneVisit> {
  for (const stay of track.stays.values()) if (stay.visit) yield stay.visit;
}

/**
 * Every visit a time-ordered series of readings makes, from a vehicle outside every zone;
 * `crossed` hears of each visit a reading makes count or ends, with that reading's time.
 */
export function decideVisits(
  points: readonly VisitPoint[],
  zonesAt: (p: VisitPoint) => readonly VisitZone[],
  crossed?: (type: 'entered' | 'left', visit: ZoneVisit, at: number) => void,
): { visits: ZoneVisit[]; track: VisitTrack } {
  const track = newVisitTrack();
  const visits = new Set<ZoneVisit>();
  for (const p of points) {
    const step = stepVisits(track, p, zonesAt(p));
    for (const v of step.entered) {
      visits.add(v);
      crossed?.('entered', v, p.ts);
    }
    for (const v of step.left) crossed?.('left', v, p.ts);
  }
  return { visits: [...visits], track };
}

/** A visit's distance: the odometer's when it moved, else the GPS track's. */
export const visitMiles = (v: Pick<ZoneVisit, 'startOdometer' | 'endOdometer' | 'gpsMiles'>) =>
  distanceMiles(v.startOdometer !== null && v.endOdometer !== null ? v.endOdometer - v.startOdometer : 0, v.gpsMiles);
