import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

/**
 * Natural Earth's outlines of Russia, Fiji and Antarctica cross the antimeridian inside one ring: a
 * point at 179° E is followed by one at 180° W. Leaflet draws rings on a flat map, so that step
 * becomes a line (and a filled band) across the whole world. Here each such ring is cut where it
 * crosses ±180° into pieces that stay on one side, each closed along the antimeridian; a ring that
 * crosses once (Antarctica, around the pole) is closed along the pole instead.
 */
const crosses = (a: Position, b: Position) => Math.abs(b[0] - a[0]) > 180;

/** The latitude where the step from `a` to `b` meets the antimeridian, and the side `a` is on. */
function crossing(a: Position, b: Position): { side: 1 | -1; lat: number } {
  const side = a[0] > 0 ? 1 : -1;
  const bLng = b[0] + 360 * side;
  // Both points on the antimeridian itself (180° E then 180° W): the step crosses at `a`.
  const t = bLng === a[0] ? 0 : (180 * side - a[0]) / (bLng - a[0]);
  return { side, lat: a[1] + t * (b[1] - a[1]) };
}

/** Along a pole from one side of the map to the other, in steps of 90° so no step spans the world. */
function alongPole(from: 1 | -1, pole: number): Position[] {
  return [180, 90, 0, -90, -180].map((lng) => [lng * from, pole]);
}

/** One closed ring as pieces that each stay on one side of ±180°. */
export function cutRing(ring: Position[]): Position[][] {
  const points = ring.slice(0, -1);
  const n = points.length;
  const start = points.findIndex((b, i) => crosses(points[(i - 1 + n) % n], b));
  if (start < 0) return [ring];
  const pieces: Position[][] = [];
  let piece: Position[] | undefined;
  // Walks the ring once from its first crossing, ending on that same crossing.
  for (let k = 0; k <= n; k++) {
    const a = points[(start + k - 1 + n) % n];
    const b = points[(start + k) % n];
    if (crosses(a, b)) {
      const { side, lat } = crossing(a, b);
      if (piece) {
        piece.push([180 * side, lat]);
        pieces.push(piece);
      }
      if (k === n) break;
      piece = [[-180 * side, lat]];
    }
    if (k < n) piece!.push(b);
  }
  if (pieces.length === 1) {
    // Crossed once: the ring goes round a pole, so it is closed along that pole.
    const [only] = pieces;
    const pole = only.reduce((sum, p) => sum + p[1], 0) < 0 ? -90 : 90;
    only.push(...alongPole(only.at(-1)![0] > 0 ? 1 : -1, pole));
  }
  return pieces.map((p) => [...p, p[0]]);
}

/**
 * Leaflet fills a polygon's rings as one path with the even-odd rule, so the pieces of a cut ring can
 * stand as rings of the same polygon: which ring is "outer" does not matter to the fill. (Natural
 * Earth's 1:50m Antarctica even has its coast as a hole in a ring round the pole.)
 */
const cutRings = (rings: Position[][]) => rings.flatMap(cutRing);

function cutGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: cutRings(geometry.coordinates) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map(cutRings) };
  return geometry;
}

/** The outlines with every ring that crosses the antimeridian cut there. */
export function cutAtAntimeridian(collection: FeatureCollection): FeatureCollection {
  return {
    ...collection,
    features: collection.features.map((f): Feature => (f.geometry ? { ...f, geometry: cutGeometry(f.geometry) } : f)),
  };
}
