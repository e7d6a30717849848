import L from 'leaflet';
import type { LatLng } from './map-types';

/** More points than this make a drawn route (and its animation) sluggish, and add nothing at any zoom. */
const MAX_DRAWN_POINTS = 2000;
/** About a metre, in degrees: where the tolerance search starts. */
const START_TOLERANCE = 1e-5;

/**
 * The route to draw: the path itself up to `max` points, else its Douglas-Peucker simplification
 * (Leaflet's) with the smallest doubling tolerance that fits, keeping both ends. For drawing only:
 * the figures of a trip never come from these points.
 */
export function thinPath(path: readonly LatLng[], max = MAX_DRAWN_POINTS): readonly LatLng[] {
  if (path.length <= max) return path;
  // Longitude degrees shrink with latitude: scaled, both axes measure alike.
  const k = Math.cos((path[0][0] * Math.PI) / 180);
  const points = path.map(([lat, lng]) => L.point(lng * k, lat));
  for (let tolerance = START_TOLERANCE; ; tolerance *= 2) {
    const kept = L.LineUtil.simplify(points, tolerance);
    if (kept.length <= max) return kept.map((p): LatLng => [p.y, p.x / k]);
  }
}
