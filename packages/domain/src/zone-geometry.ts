import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { kinks } from '@turf/kinks';
import { z } from 'zod';

/**
 * The shape of a zone (docs/zones.md): a GeoJSON Polygon, holes allowed, or a Point with a radius.
 * Every ring is checked on its own (closed, long enough, inside the world's coordinates); the
 * polygon as a whole must not cross or touch itself, a hole meeting its outer ring or another hole
 * included, and every hole lies inside the outer ring.
 */
export const ZONE_GEOMETRY_LIMITS = {
  /** A circle's radius in metres: above zero, at most 50 km. */
  maxRadiusM: 50_000,
  /** A closed ring: three corners and the first position repeated. */
  minRingPositions: 4,
  /** The outer ring and its holes. */
  maxRings: 100,
  /** Every position of a polygon, all rings together: the self-intersection check compares each segment with every other. */
  maxPositions: 2_000,
} as const;

export const ZONE_GEOMETRY_MESSAGES = {
  longitude: 'must be a longitude between -180 and 180',
  latitude: 'must be a latitude between -90 and 90',
  position: 'must be [longitude, latitude] (an altitude may follow)',
  ringTooShort: `must hold at least ${ZONE_GEOMETRY_LIMITS.minRingPositions} positions`,
  ringOpen: 'must be closed: its last position repeats its first',
  rings: 'must hold an outer ring',
  tooManyRings: `must hold at most ${ZONE_GEOMETRY_LIMITS.maxRings} rings`,
  tooManyPositions: `must hold at most ${ZONE_GEOMETRY_LIMITS.maxPositions} positions in all`,
  selfIntersecting: 'must not cross itself',
  holeOutside: 'must lie inside the outer ring',
  holeInHole: 'must not lie inside another hole',
  radius: `must be above 0 and at most ${ZONE_GEOMETRY_LIMITS.maxRadiusM} metres`,
  type: 'must be a Polygon or a Point with radiusM',
} as const;

const M = ZONE_GEOMETRY_MESSAGES;
const coordinate = z.number({ error: M.position }).finite(M.position);

/** [longitude, latitude] or [longitude, latitude, altitude]; each of the first two within the world. */
const position = z
  .array(coordinate, { error: M.position })
  .min(2, M.position)
  .max(3, M.position)
  .superRefine((p, ctx) => {
    if (p[0] < -180 || p[0] > 180) ctx.addIssue({ code: 'custom', path: [0], message: M.longitude });
    if (p[1] < -90 || p[1] > 90) ctx.addIssue({ code: 'custom', path: [1], message: M.latitude });
  });
export type Position = z.infer<typeof position>;

const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** Whether a ring is long enough and closed: what the crossing check needs before it can run. */
export const isClosedRing = (ring: Position[]) =>
  ring.length >= ZONE_GEOMETRY_LIMITS.minRingPositions && samePosition(ring[0], ring[ring.length - 1]);

const ring = z
  .array(position)
  .max(ZONE_GEOMETRY_LIMITS.maxPositions, M.tooManyPositions)
  .superRefine((r, ctx) => {
    if (r.length < ZONE_GEOMETRY_LIMITS.minRingPositions) ctx.addIssue({ code: 'custom', message: M.ringTooShort });
    else if (!samePosition(r[0], r[r.length - 1])) ctx.addIssue({ code: 'custom', message: M.ringOpen });
  });

/** Where a polygon's rings cross themselves or each other (none for a valid one). */
export const crossings = (rings: Position[][]) =>
  kinks({ type: 'Polygon', coordinates: rings }).features.map((f) => f.geometry.coordinates);

/**
 * Whether a hole lies inside its outer ring. Rings that neither cross nor touch (`crossings`) have one
 * inside the other or apart, so one position of the hole tells.
 */
export const holeInside = (outer: Position[], hole: Position[]) =>
  booleanPointInPolygon(hole[0], { type: 'Polygon', coordinates: [outer] }, { ignoreBoundary: true });

const polygon = z
  .object({
    type: z.literal('Polygon'),
    coordinates: z.array(ring).min(1, M.rings).max(ZONE_GEOMETRY_LIMITS.maxRings, M.tooManyRings),
  })
  .superRefine((g, ctx) => {
    const positions = g.coordinates.reduce((n, r) => n + r.length, 0);
    if (positions > ZONE_GEOMETRY_LIMITS.maxPositions)
      return ctx.addIssue({ code: 'custom', path: ['coordinates'], message: M.tooManyPositions });
    // Each ring's own faults are already reported; crossings are only meaningful between closed rings.
    if (!g.coordinates.every(isClosedRing)) return;
    if (crossings(g.coordinates).length)
      return ctx.addIssue({ code: 'custom', path: ['coordinates'], message: M.selfIntersecting });
    const [outer, ...holes] = g.coordinates;
    holes.forEach((hole, i) => {
      const path = ['coordinates', i + 1];
      if (!holeInside(outer, hole)) ctx.addIssue({ code: 'custom', path, message: M.holeOutside });
      // A hole within a hole would be an island the polygon does not hold: GeoJSON has no such thing.
      else if (holes.some((other, j) => j !== i && holeInside(other, hole)))
        ctx.addIssue({ code: 'custom', path, message: M.holeInHole });
    });
  });

const circle = z.object({
  type: z.literal('Point'),
  coordinates: position,
  radiusM: z
    .number({ error: M.radius })
    .finite(M.radius)
    .gt(0, M.radius)
    .max(ZONE_GEOMETRY_LIMITS.maxRadiusM, M.radius),
});

export const zoneGeometrySchema = z.discriminatedUnion('type', [polygon, circle], { error: M.type });
export type ZoneGeometry = z.infer<typeof zoneGeometrySchema>;

/**
 * A geometry as stored: checked when it was written, so an answer is not checked again (a list of
 * large polygons would pay the crossing check on every read).
 */
export const storedGeometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }),
  z.object({ type: z.literal('Point'), coordinates: z.array(z.number()), radiusM: z.number() }),
]);
