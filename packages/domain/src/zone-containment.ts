import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import { gpsMiles } from './energy.js';
import type { ZoneGeometry } from './zone-geometry.js';

const METERS_PER_MILE = 1609.344;
/** Metres in a degree of latitude (and of longitude at the equator), a little generously: a bounding box only has to hold its circle. */
const METERS_PER_DEGREE = 111_000;

/** A zone's shape and what the index hands back for it. */
export interface IndexedZone<T> {
  geometry: ZoneGeometry;
  value: T;
}

/** The box [west, south, east, north] a shape lies in. */
function boundsOf(g: ZoneGeometry): [number, number, number, number] {
  if (g.type === 'Point') {
    const [lng, lat] = g.coordinates;
    const dLat = g.radiusM / METERS_PER_DEGREE;
    const cos = Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180);
    const dLng = Math.min(180, dLat / cos);
    return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
  }
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of g.coordinates[0]) {
    w = Math.min(w, lng);
    e = Math.max(e, lng);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  }
  return [w, s, e, n];
}

/** Whether a position lies in a shape: on a polygon's edge counts as inside, in a hole as outside. */
export function containsPosition(g: ZoneGeometry, lat: number, lng: number): boolean {
  if (g.type === 'Point') return gpsMiles(lat, lng, g.coordinates[1], g.coordinates[0]) * METERS_PER_MILE <= g.radiusM;
  return booleanPointInPolygon([lng, lat], g);
}

/**
 * The zones a position lies in, among many: a packed R-tree of their bounding boxes (Flatbush)
 * narrows the search to the few whose box holds the position, and only those are tested exactly
 * (Turf's point-in-polygon, the great-circle distance to a circle's centre). A vehicle's reading
 * is checked against its fleet's zones at ingest, so the cost must not grow with their number.
 */
export class ZoneIndex<T> {
  private readonly tree: Flatbush | null;
  /** Every zone's value, in the order given. */
  readonly all: readonly T[];

  constructor(private readonly zones: readonly IndexedZone<T>[]) {
    this.all = zones.map((z) => z.value);
    if (!zones.length) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(zones.length);
    for (const z of zones) this.tree.add(...boundsOf(z.geometry));
    this.tree.finish();
  }

  /** The values of the zones the position lies in, in the order the zones were given. */
  containing(lat: number, lng: number): T[] {
    if (!this.tree) return [];
    const hits = this.tree.search(lng, lat, lng, lat);
    if (!hits.length) return [];
    hits.sort((a, b) => a - b);
    const found: T[] = [];
    for (const i of hits) if (containsPosition(this.zones[i].geometry, lat, lng)) found.push(this.zones[i].value);
    return found;
  }
}
