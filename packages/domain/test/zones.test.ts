import { describe, expect, it } from 'vitest';
import { crossings, ZONE_GEOMETRY_MESSAGES as G, zoneGeometrySchema } from '../src/zone-geometry.js';
import { isTimeZone, overlappingBand, tariffSchema, ZONE_MESSAGES as M, zoneWriteSchema } from '../src/zones.js';

/** Each issue as "path: message". */
const issues = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: unknown[] } } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success
    ? []
    : (r.error!.issues as { path: PropertyKey[]; message: string }[]).map((i) => `${i.path.join('.')}: ${i.message}`);
};

const square = [
  [0, 0],
  [4, 0],
  [4, 4],
  [0, 4],
  [0, 0],
];
const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });

describe('zone geometry', () => {
  it('takes a closed polygon, one with a hole inside it, and a circle up to 50 km', () => {
    const hole = [
      [1, 1],
      [1, 2],
      [2, 2],
      [2, 1],
      [1, 1],
    ];
    expect(issues(zoneGeometrySchema, polygon(square))).toEqual([]);
    expect(issues(zoneGeometrySchema, polygon(square, hole))).toEqual([]);
    expect(issues(zoneGeometrySchema, { type: 'Point', coordinates: [13.4, 52.5], radiusM: 50_000 })).toEqual([]);
    expect(issues(zoneGeometrySchema, { type: 'Point', coordinates: [13.4, 52.5, 34], radiusM: 0.5 })).toEqual([]);
  });

  it('refuses a hole inside another hole, an island GeoJSON cannot hold', () => {
    const big = [
      [0.5, 0.5],
      [3.5, 0.5],
      [3.5, 3.5],
      [0.5, 3.5],
      [0.5, 0.5],
    ];
    const small = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1, 1],
    ];
    expect(issues(zoneGeometrySchema, polygon(square, big, small))).toEqual([`coordinates.2: ${G.holeInHole}`]);
  });

  it('refuses a self-intersecting ring, and a hole that crosses or touches the outer ring or lies outside it', () => {
    const bowTie = [
      [0, 0],
      [4, 4],
      [4, 0],
      [0, 4],
      [0, 0],
    ];
    expect(issues(zoneGeometrySchema, polygon(bowTie))).toEqual([`coordinates: ${G.selfIntersecting}`]);
    expect(crossings([bowTie])).toContainEqual([2, 2]);
    const crossingHole = [
      [3, 1],
      [5, 1],
      [5, 2],
      [3, 2],
      [3, 1],
    ];
    expect(issues(zoneGeometrySchema, polygon(square, crossingHole))).toEqual([`coordinates: ${G.selfIntersecting}`]);
    const touchingHole = [
      [0, 0],
      [1, 1],
      [2, 1],
      [0, 0],
    ];
    expect(issues(zoneGeometrySchema, polygon(square, touchingHole))).toEqual([`coordinates: ${G.selfIntersecting}`]);
    const outside = square.map(([x, y]) => [x + 10, y]);
    expect(issues(zoneGeometrySchema, polygon(square, outside))).toEqual([`coordinates.1: ${G.holeOutside}`]);
  });

  it('refuses an open ring, a ring of fewer than 4 positions, each in the outer ring and in a hole', () => {
    expect(issues(zoneGeometrySchema, polygon(square.slice(0, 4)))).toEqual([`coordinates.0: ${G.ringOpen}`]);
    expect(issues(zoneGeometrySchema, polygon([square[0], square[1], square[0]]))).toEqual([
      `coordinates.0: ${G.ringTooShort}`,
    ]);
    expect(issues(zoneGeometrySchema, polygon(square, square.slice(0, 4)))).toEqual([`coordinates.1: ${G.ringOpen}`]);
    expect(issues(zoneGeometrySchema, polygon())).toEqual([`coordinates: ${G.rings}`]);
  });

  it('refuses coordinates outside the world and radii of 0, below or over 50 km', () => {
    const at = (coordinates: number[], radiusM = 100) => ({ type: 'Point', coordinates, radiusM });
    expect(issues(zoneGeometrySchema, at([180.0001, 0]))).toEqual([`coordinates.0: ${G.longitude}`]);
    expect(issues(zoneGeometrySchema, at([-180, -90.1]))).toEqual([`coordinates.1: ${G.latitude}`]);
    expect(issues(zoneGeometrySchema, at([0]))).toEqual([`coordinates: ${G.position}`]);
    for (const radiusM of [0, -1, 50_000.5, Number.NaN])
      expect(issues(zoneGeometrySchema, at([0, 0], radiusM))).toEqual([`radiusM: ${G.radius}`]);
    const far = square.map(([x, y]) => [x + 178, y]);
    expect(issues(zoneGeometrySchema, polygon(far))).toContain(`coordinates.0.1.0: ${G.longitude}`);
  });

  it('refuses rings of garbage without throwing', () => {
    const garbage = [null, [0, 0], 5, 'x', [0, 0]];
    expect(() => zoneGeometrySchema.safeParse(polygon(garbage as number[][]))).not.toThrow();
    expect(issues(zoneGeometrySchema, polygon(garbage as number[][])).length).toBeGreaterThan(0);
    expect(issues(zoneGeometrySchema, { type: 'Polygon', coordinates: [null] }).length).toBe(1);
  });

  it('refuses another geometry type and too many positions, without checking their crossings', () => {
    expect(issues(zoneGeometrySchema, { type: 'LineString', coordinates: square }).length).toBe(1);
    const many = Array.from({ length: 2_001 }, (_, i) => [Math.cos(i / 400), Math.sin(i / 400)]);
    many.push(many[0]);
    const started = Date.now();
    expect(issues(zoneGeometrySchema, polygon(many))).toContain(`coordinates.0: ${G.tooManyPositions}`);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('zone tariffs', () => {
  const band = (from: string, to: string) => ({ from, to, perKwh: 0.2 });
  it('finds overlapping bands, across midnight too, and lets touching ones be', () => {
    expect(overlappingBand([band('07:00', '12:00'), band('12:00', '23:00')], 1)).toBe(-1);
    expect(overlappingBand([band('07:00', '12:00'), band('11:59', '13:00')], 1)).toBe(0);
    expect(overlappingBand([band('22:00', '06:00'), band('05:00', '07:00')], 1)).toBe(0);
    expect(overlappingBand([band('22:00', '06:00'), band('06:00', '22:00')], 1)).toBe(-1);
  });

  it('refuses overlapping bands, equal ends, a bad time, a negative price and an unknown currency', () => {
    const tariff = (bands: unknown[], extra = {}) => ({ currency: 'EUR', perKwh: 0.1, bands, ...extra });
    expect(issues(tariffSchema, tariff([band('07:00', '12:00'), band('08:00', '09:00')]))).toEqual([
      `bands.1: ${M.overlap(0)}`,
    ]);
    expect(issues(tariffSchema, tariff([band('07:00', '07:00')]))).toEqual([`bands.0.to: ${M.sameEnds}`]);
    expect(issues(tariffSchema, tariff([band('7:00', '09:00')]))).toEqual([`bands.0.from: ${M.time}`]);
    expect(issues(tariffSchema, tariff([], { perKwh: -0.01 }))).toEqual([`perKwh: ${M.price}`]);
    for (const currency of ['usd', 'US', 'XYZ', 1])
      expect(issues(tariffSchema, tariff([], { currency }))).toEqual([`currency: ${M.currency}`]);
  });
});

describe('zone writes', () => {
  const depot = { name: 'Depot', kind: 'depot', geometry: polygon(square), fleetId: 3 };
  it('fills the defaults: UTC, 60 s, no limit, no tariff, 18:00 for a depot and no evening for another zone', () => {
    expect(zoneWriteSchema.parse(depot)).toMatchObject({
      timeZone: 'UTC',
      minDwellSeconds: 60,
      speedLimitMph: null,
      tariff: null,
      eveningTime: '18:00',
      dealerId: null,
      fleetId: 3,
    });
    expect(zoneWriteSchema.parse({ ...depot, kind: 'no-go', eveningTime: '20:00' }).eveningTime).toBeNull();
  });

  it('names the field of each refusal', () => {
    const fieldsOf = (change: Record<string, unknown>) => issues(zoneWriteSchema, { ...depot, ...change });
    expect(fieldsOf({ kind: 'yard' })).toEqual([`kind: ${M.kind}`]);
    expect(fieldsOf({ timeZone: 'Europe/Atlantis' })).toEqual([`timeZone: ${M.timeZone}`]);
    expect(fieldsOf({ eveningTime: '18:60' })).toEqual([`eveningTime: ${M.time}`]);
    expect(fieldsOf({ minDwellSeconds: 86_401 })).toEqual([`minDwellSeconds: ${M.dwell}`]);
    expect(fieldsOf({ minDwellSeconds: 1.5 })).toEqual([`minDwellSeconds: ${M.dwell}`]);
    expect(fieldsOf({ speedLimitMph: 0 })).toEqual([`speedLimitMph: ${M.speedLimit}`]);
    expect(fieldsOf({ dealerId: 2 })).toEqual([`dealerId: ${M.twoOwners}`, `fleetId: ${M.twoOwners}`]);
    expect(fieldsOf({ fleetId: null })).toEqual([`dealerId: ${M.owner}`, `fleetId: ${M.owner}`]);
    expect(fieldsOf({ name: '  ' })).toEqual([`name: ${M.name}`]);
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Chicago')).toBe(false);
  });
});
