/** How a simulated vehicle moves: along a street grid around its depot, and back to it. */

export interface Place {
  lat: number;
  lng: number;
}

export interface Mover extends Place {
  depot: Place;
  /** 0 north, 90 east, 180 south, 270 west: the grid's four directions. */
  heading: number;
  sinceBlockM: number;
  rand: () => number;
}

const MILES_PER_DEG_LAT = 69;
const BLOCK_M = 160; // a city block
const METERS_PER_MILE = 1609.344;

const milesPerDegLng = (lat: number) => MILES_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);

function step(v: Mover, miles: number) {
  const rad = (v.heading * Math.PI) / 180;
  v.lat += (Math.cos(rad) * miles) / MILES_PER_DEG_LAT;
  v.lng += (Math.sin(rad) * miles) / milesPerDegLng(v.lat);
}

/** Drives `miles` along the grid: at each intersection turn now and then, and head back when straying far. */
export function wander(v: Mover, miles: number) {
  step(v, miles);
  v.sinceBlockM += miles * METERS_PER_MILE;
  if (v.sinceBlockM < BLOCK_M) return;
  v.sinceBlockM = 0;
  const dLat = v.lat - v.depot.lat;
  const dLng = v.lng - v.depot.lng;
  if (Math.abs(dLat) > 0.03 || Math.abs(dLng) > 0.04)
    v.heading = Math.abs(dLat) > Math.abs(dLng) ? (dLat > 0 ? 180 : 0) : dLng > 0 ? 270 : 90;
  else if (v.rand() < 0.3) v.heading = (v.heading + (v.rand() < 0.5 ? 90 : 270)) % 360;
}

/** Miles to the depot along the grid. */
export const milesHome = (v: Mover) =>
  Math.abs(v.depot.lat - v.lat) * MILES_PER_DEG_LAT + Math.abs(v.depot.lng - v.lng) * milesPerDegLng(v.lat);

/** Drives up to `miles` towards the depot along the grid; returns the miles driven (less when it arrives). */
export function driveHome(v: Mover, miles: number): number {
  let left = miles;
  for (const axis of ['lat', 'lng'] as const) {
    const perDeg = axis === 'lat' ? MILES_PER_DEG_LAT : milesPerDegLng(v.lat);
    const gap = (v.depot[axis] - v[axis]) * perDeg;
    const go = Math.min(left, Math.abs(gap));
    if (go <= 0) continue;
    v[axis] += (Math.sign(gap) * go) / perDeg;
    v.heading = axis === 'lat' ? (gap > 0 ? 0 : 180) : gap > 0 ? 90 : 270;
    left -= go;
  }
  if (milesHome(v) < 1e-6) {
    v.lat = v.depot.lat;
    v.lng = v.depot.lng;
  }
  return miles - left;
}
