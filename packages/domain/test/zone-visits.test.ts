import { describe, expect, it } from 'vitest';
import { ZoneIndex, containsPosition } from '../src/zone-containment.js';
import { decideVisits, newVisitTrack, stepVisits, visitMiles, type VisitPoint } from '../src/zone-visits.js';
import type { ZoneGeometry } from '../src/zone-geometry.js';

const S = 1000;
/** A square "depot" around (0, 0), about 2.2 km a side, with a hole in its north-east quarter. */
const depot: ZoneGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-0.01, -0.01],
      [0.01, -0.01],
      [0.01, 0.01],
      [-0.01, 0.01],
      [-0.01, -0.01],
    ],
    [
      [0.002, 0.002],
      [0.008, 0.002],
      [0.008, 0.008],
      [0.002, 0.008],
      [0.002, 0.002],
    ],
  ],
};
/** A circle of 100 m around (1, 1). */
const yard: ZoneGeometry = { type: 'Point', coordinates: [1, 1], radiusM: 100 };

const INSIDE = { lat: 0, lng: 0 };
const OUTSIDE = { lat: 0.02, lng: 0 };
const at = (ts: number, where: { lat: number; lng: number }, extra: Partial<VisitPoint> = {}): VisitPoint => ({
  ts,
  ...where,
  speed: null,
  odometer: null,
  ...extra,
});

const index = new ZoneIndex([
  { geometry: depot, value: { id: 1, dwellMs: 60 * S } },
  { geometry: yard, value: { id: 2, dwellMs: 0 } },
]);
const decide = (points: VisitPoint[]) =>
  decideVisits(points, (p) => index.containing(p.lat, p.lng)).visits.map((v) => ({
    zoneId: v.zoneId,
    enteredAt: v.enteredAt,
    exitedAt: v.exitedAt,
  }));

describe('zone containment', () => {
  it('tells a polygon with a hole and a circle apart, edges inside', () => {
    expect(containsPosition(depot, 0, 0)).toBe(true);
    expect(containsPosition(depot, 0.005, 0.005)).toBe(false); // in the hole
    expect(containsPosition(depot, 0.01, 0)).toBe(true); // on the edge
    expect(containsPosition(yard, 1.0008, 1)).toBe(true); // about 89 m north
    expect(containsPosition(yard, 1.001, 1)).toBe(false); // about 111 m north
    expect(index.containing(0, 0).map((z) => z.id)).toEqual([1]);
    expect(index.containing(1, 1).map((z) => z.id)).toEqual([2]);
    expect(index.containing(0.005, 0.005)).toEqual([]);
    expect(new ZoneIndex([]).containing(0, 0)).toEqual([]);
  });

  it('finds the same zones through the index as by testing every zone', () => {
    const zones = Array.from({ length: 500 }, (_, i) => ({
      geometry: {
        type: 'Point',
        coordinates: [(i % 25) * 0.01, Math.floor(i / 25) * 0.01],
        radiusM: 800,
      } as ZoneGeometry,
      value: i,
    }));
    const many = new ZoneIndex(zones);
    for (let k = 0; k < 200; k++) {
      const lat = (k * 0.0013) % 0.2;
      const lng = (k * 0.0029) % 0.25;
      const all = zones.filter((z) => containsPosition(z.geometry, lat, lng)).map((z) => z.value);
      expect(many.containing(lat, lng)).toEqual(all);
    }
  });
});

describe('zone visits', () => {
  it('enters once inside for the dwell and leaves once outside for it, at the first reading of each', () => {
    const points = [
      at(0, OUTSIDE),
      at(10 * S, INSIDE),
      at(40 * S, INSIDE),
      at(70 * S, INSIDE), // 60 s inside: the visit counts from 10 s
      at(600 * S, OUTSIDE),
      at(630 * S, OUTSIDE),
      at(660 * S, OUTSIDE), // 60 s outside: left at 600 s
    ];
    expect(decide(points)).toEqual([{ zoneId: 1, enteredAt: 10 * S, exitedAt: 600 * S }]);
    // The readings that made the visit count and end it.
    const crossed: [string, number][] = [];
    decideVisits(
      points,
      (p) => index.containing(p.lat, p.lng),
      (type, _visit, when) => crossed.push([type, when]),
    );
    expect(crossed).toEqual([
      ['entered', 70 * S],
      ['left', 660 * S],
    ]);
  });

  it('makes no visit of a stay shorter than the dwell, nor of jitter across the boundary', () => {
    expect(decide([at(0, INSIDE), at(30 * S, INSIDE), at(50 * S, OUTSIDE), at(200 * S, OUTSIDE)])).toEqual([]);
    const jitter = [at(0, INSIDE), at(70 * S, INSIDE)];
    for (let t = 100; t < 1000; t += 20) jitter.push(at(t * S, t % 40 === 0 ? OUTSIDE : INSIDE));
    expect(decide(jitter)).toEqual([{ zoneId: 1, enteredAt: 0, exitedAt: null }]);
  });

  it('counts a circle at once when its dwell is 0, and a hole as outside', () => {
    const inYard = { lat: 1, lng: 1 };
    expect(decide([at(0, inYard), at(5 * S, OUTSIDE)])).toEqual([{ zoneId: 2, enteredAt: 0, exitedAt: 5 * S }]);
    const hole = { lat: 0.005, lng: 0.005 };
    expect(decide([at(0, hole), at(100 * S, hole), at(200 * S, hole)])).toEqual([]);
  });

  it('sums the distance inside, by odometer when it moved', () => {
    const track = newVisitTrack();
    const p = (ts: number, lat: number, odometer: number | null) => at(ts, { lat, lng: 0 }, { speed: 10, odometer });
    const zones = [{ id: 1, dwellMs: 0 }];
    stepVisits(track, p(0, 0, null), zones);
    stepVisits(track, p(10 * S, 0.001, null), zones);
    const [visit] = stepVisits(track, p(20 * S, 0.002, null), zones).changed;
    expect(visit.gpsMiles).toBeCloseTo(0.138, 3); // 0.002° of latitude
    expect(visitMiles(visit)).toBeCloseTo(0.138, 3);
    stepVisits(track, p(30 * S, 0.003, 100), zones);
    const [later] = stepVisits(track, p(40 * S, 0.004, 100.5), zones).changed;
    expect(visitMiles(later)).toBeCloseTo(0.5, 6);
  });

  it('takes up a stored open visit, and keeps it through a reading without the zone shorter than the dwell', () => {
    const open = { zoneId: 1, enteredAt: 0, exitedAt: null, startOdometer: 5, endOdometer: 5, gpsMiles: 0, lastTs: 0 };
    const track = newVisitTrack([{ visit: open, dwellMs: 60 * S }]);
    expect(stepVisits(track, at(100 * S, OUTSIDE), []).left).toEqual([]);
    expect(stepVisits(track, at(120 * S, INSIDE), index.containing(0, 0)).changed[0].exitedAt).toBeNull();
    expect(stepVisits(track, at(200 * S, OUTSIDE), []).left).toEqual([]);
    const { left } = stepVisits(track, at(260 * S, OUTSIDE), []);
    expect(left.map((v) => [v.enteredAt, v.exitedAt])).toEqual([[0, 200 * S]]);
  });
});
