import { describe, expect, it } from 'vitest';
import {
  estimateCapacity,
  episodeMiles,
  intervalFacts,
  meterPoint,
  newTrack,
  restCells,
  segmentEpisodes,
  stepEpisode,
  whPerMile,
  type MeterPoint,
} from '../src/energy.js';

const S = 1000;
const MIN = 60 * S;
const point = (ts: number, v: Parameters<typeof meterPoint>[1] = {}, cells: number[] | null = null) =>
  meterPoint(ts, v, cells);
const series = (from: number, to: number, step: number, values: (ts: number) => Parameters<typeof meterPoint>[1]) => {
  const out: MeterPoint[] = [];
  for (let ts = from; ts <= to; ts += step) out.push(point(ts, values(ts)));
  return out;
};

describe('trips', () => {
  const track = (spec: [number, number | null][]) => spec.map(([minute, speed]) => point(minute * MIN, { speed }));
  const spans = (points: MeterPoint[]) => segmentEpisodes('trip', points).map((e) => ({ start: e.start, end: e.end }));

  it('split movement at stops of five minutes or more', () => {
    expect(
      spans(
        track([
          [0, 0],
          [1, 10],
          [2, 12],
          [3, 0],
          [5, 8],
          [6, 9],
          [12, 0],
          [13, 15],
          [14, 16],
          [20, 0],
        ]),
      ),
    ).toEqual([
      { start: 1 * MIN, end: 6 * MIN }, // a two-minute stop (3..5) does not end the trip
      { start: 13 * MIN, end: 14 * MIN }, // seven minutes parked (6..13) does
    ]);
  });

  it('tell which reading closes each trip, and none for a trip still open', () => {
    const closed: [number, number][] = [];
    segmentEpisodes(
      'trip',
      track([
        [1, 10],
        [2, 9],
        [4, 0],
        [8, 0], // six minutes after the last moving reading: closes the first trip
        [9, 15],
        [10, 0],
      ]),
      (trip, at) => closed.push([trip.start, at]),
    );
    expect(closed).toEqual([[1 * MIN, 8 * MIN]]);
  });

  it('treat a long silence like a stop and ignore crawling below 1 mph', () => {
    expect(
      spans(
        track([
          [0, 5],
          [10, 5],
          [11, 0.5],
        ]),
      ),
    ).toEqual([
      { start: 0, end: 0 },
      { start: 10 * MIN, end: 10 * MIN },
    ]);
    expect(
      spans(
        track([
          [0, 0.4],
          [1, null],
        ]),
      ),
    ).toEqual([]);
  });

  it('carry the energy of every interval from the first moving reading to the stop, and the odometer distance', () => {
    // Ten minutes at 20 mph drawing 100 V × 50 A = 5 kW, a reading a second, then stopped.
    const drive = series(0, 600 * S, S, (ts) => ({
      speed: 20,
      packVoltage: 100,
      vehicleCurrent: 50,
      odometer: 100 + (20 * ts) / 3_600_000,
      batteryCharge: 80 - ts / 60_000,
    }));
    const [trip] = segmentEpisodes('trip', [
      point(-S, { speed: 0, packVoltage: 100, vehicleCurrent: 1 }),
      ...drive,
      point(601 * S, { speed: 0, packVoltage: 100, vehicleCurrent: 1 }),
    ]);
    expect(trip.energyKwh).toBeCloseTo((5 * 601) / 3600, 6); // 601 one-second intervals at 5 kW
    expect(episodeMiles(trip)).toBeCloseTo(20 / 6, 6);
    expect(whPerMile(trip.energyKwh, episodeMiles(trip))).toBeCloseTo(250.4, 0);
    expect([trip.startCharge, trip.endCharge]).toEqual([80, 70]);
    expect(trip.peakPowerKw).toBe(5);
  });

  it('fall back to the GPS track without an odometer', () => {
    // Due north, 0.01° of latitude a minute: 0.6909 mi a minute.
    const drive = series(0, 10 * MIN, MIN, (ts) => ({ speed: 41, gpsLat: 40 + (0.01 * ts) / MIN, gpsLong: -88 }));
    const [trip] = segmentEpisodes('trip', drive);
    expect(episodeMiles(trip)).toBeCloseTo(6.909, 2);
  });
});

describe('charging sessions', () => {
  const charge = (from: number, to: number) =>
    series(from, to, 10 * S, (ts) => ({
      chargeStatus: 1,
      packVoltage: 100,
      vehicleCurrent: -30,
      batteryCharge: 20 + ((ts - from) / (to - from)) * 30,
    }));

  it('integrate pack voltage × current into kWh and measure the capacity from the charge added', () => {
    const points = [
      ...charge(0, 3600 * S - 10 * S),
      point(3600 * S, { chargeStatus: 0, packVoltage: 100, vehicleCurrent: 0, batteryCharge: 50 }),
    ];
    const [session] = segmentEpisodes('charge', points);
    expect(session.energyKwh).toBeCloseTo(3, 6); // 3 kW for an hour
    expect(session.peakPowerKw).toBe(3);
    expect(estimateCapacity([session])).toEqual({ capacityKwh: expect.closeTo(10, 1), sessions: 1 });
  });

  it('survive a pause under ten minutes, not a longer one', () => {
    const idle = (ts: number) => point(ts, { chargeStatus: 0, vehicleCurrent: 0, packVoltage: 100 });
    const short = segmentEpisodes('charge', [...charge(0, 10 * MIN), idle(11 * MIN), ...charge(15 * MIN, 25 * MIN)]);
    expect(short.map((e) => [e.start, e.end])).toEqual([[0, 25 * MIN]]);
    const long = segmentEpisodes('charge', [...charge(0, 10 * MIN), idle(11 * MIN), ...charge(21 * MIN, 30 * MIN)]);
    expect(long).toHaveLength(2);
  });

  it('are told by negative current when no charge status is reported', () => {
    const points = series(0, 10 * MIN, MIN, () => ({ packVoltage: 100, vehicleCurrent: -10 }));
    expect(segmentEpisodes('charge', points)).toHaveLength(1);
  });

  it('give the same episodes fed one at a time as in one go', () => {
    const points = [...charge(0, 10 * MIN), point(11 * MIN, { chargeStatus: 0 }), ...charge(30 * MIN, 50 * MIN)];
    const track = newTrack();
    const seen = new Map<number, unknown>();
    for (const p of points) {
      const e = stepEpisode('charge', track, p);
      if (e) seen.set(e.start, { ...e });
    }
    expect([...seen.values()]).toEqual(segmentEpisodes('charge', points));
  });
});

describe('capacity', () => {
  const session = (start: number, energyKwh: number, from: number, to: number) => ({
    start,
    end: start + 2 * 3600_000,
    energyKwh,
    startCharge: from,
    endCharge: to,
  });

  it('is the median of qualifying sustained sessions, robust to one measured badly', () => {
    const est = estimateCapacity([
      session(1, 3, 20, 50),
      session(2, 3.1, 30, 60),
      session(3, 9, 40, 70),
      session(4, 2.9, 10, 40),
    ]);
    expect(est.sessions).toBe(4);
    expect(est.capacityKwh).toBeCloseTo(10.17, 1);
  });

  it('ignores sessions adding under 20 points or too short', () => {
    expect(estimateCapacity([session(1, 1, 20, 30), { ...session(2, 3, 20, 50), end: 2 + 60_000 }])).toEqual({
      capacityKwh: null,
      sessions: 0,
    });
  });
});

describe('interval facts', () => {
  it('count idle drain while parked, across long silences', () => {
    const f = intervalFacts(
      point(0, { speed: 0, batteryCharge: 80, vehicleCurrent: 0.5 }),
      point(86_400 * S, { speed: 0, batteryCharge: 78.5 }),
    );
    expect(f.idleSeconds).toBe(86_400);
    expect(f.idleChargeLost).toBeCloseTo(1.5);
    expect(f.usedKwh).toBe(0); // nothing is integrated across a silence
  });

  it('find the cell spread and the lowest cell at rest only', () => {
    const cells = [3.9, 3.91, 3.65, 3.9];
    expect(restCells(point(0, { speed: 0, vehicleCurrent: 1 }, cells))).toEqual({
      spreadMv: expect.closeTo(260, 6),
      lowestCell: 3,
    });
    expect(restCells(point(0, { speed: 12, vehicleCurrent: 80 }, cells))).toBeNull();
    expect(restCells(point(0, { chargeStatus: 1 }, cells))).toBeNull();
  });
});
