import {
  classify,
  DEFAULT_THRESHOLDS,
  episodeMiles,
  gpsMiles,
  intervalFacts,
  isSustainedSession,
  median,
  restCells,
  segmentEpisodes,
  sessionCapacityKwh,
  thresholdProblems,
  whPerMile,
  type Episode,
  type MeterPoint,
} from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { CITIES } from '../../src/demo/cities.js';
import {
  HUNGRY_VEHICLE,
  LEAKY_VEHICLE,
  OLD_PACK_VEHICLE,
  WEAK_CELL,
  WEAK_CELL_VEHICLE,
  demoPack,
  packVoltageBands,
} from '../../src/demo/demo-packs.js';
import { advance, createSimVehicle, historyStepS, reading, type SimVehicle } from '../../src/demo/vehicle-model.js';
import { parseReading } from '../../src/readings/reading.js';
import { readingPoint } from '../../src/telemetry/meter-rows.js';

const DAY_MS = 86_400_000;
const END = Date.UTC(2026, 0, 20, 6);
const TICK_S = 120;

interface Run {
  sim: SimVehicle;
  points: MeterPoint[];
}

/** Demo vehicle `index` over `days` up to END: at the history's steps, or every `stepS` as live. */
function run(index: number, days: number, stepS?: number): Run {
  const from = END - days * DAY_MS;
  const sim = createSimVehicle(index, CITIES[index % CITIES.length], [24, 28, 32][index % 3], from);
  const points: MeterPoint[] = [];
  for (let ts = from; ts < END; ts += (stepS ?? historyStepS(sim, TICK_S)) * 1000) {
    advance(sim, (ts - sim.clock) / 1000);
    const parsed = parseReading(reading(sim, ts), ts);
    if (!parsed.ok || parsed.dropped) throw new Error(`demo reading refused: ${JSON.stringify(parsed)}`);
    points.push(readingPoint(parsed.reading));
  }
  return { sim, points };
}

const known = <T>(x: T | null): x is T => x !== null;
const sessions = (r: Run) => segmentEpisodes('charge', r.points).filter(isSustainedSession);
const estimatedCapacity = (r: Run) => median(sessions(r).map(sessionCapacityKwh).filter(known));
function tripWhPerMile(r: Run) {
  const trips = segmentEpisodes('trip', r.points);
  const kwh = trips.reduce((sum, t) => sum + t.energyKwh, 0);
  return whPerMile(
    kwh,
    trips.reduce((sum, t) => sum + episodeMiles(t), 0),
  );
}
const milesFromDepot = (r: Run, e: Episode) =>
  gpsMiles(e.gpsLat ?? 0, e.gpsLong ?? 0, r.sim.depot.lat, r.sim.depot.lng);
/** Charge lost per day parked, as the analytics count it (percentage points). */
function idleDrainPerDay(r: Run) {
  let lost = 0;
  let seconds = 0;
  for (let i = 1; i < r.points.length; i++) {
    const f = intervalFacts(r.points[i - 1], r.points[i]);
    lost += f.idleChargeLost;
    seconds += f.idleSeconds;
  }
  return (lost / seconds) * 86_400;
}

const runs = new Map(
  [0, OLD_PACK_VEHICLE, HUNGRY_VEHICLE, LEAKY_VEHICLE, WEAK_CELL_VEHICLE].map((i) => [i, run(i, 21)]),
);
const runOf = (i: number) => runs.get(i)!;

describe('the demo simulator', () => {
  it('reports a pack voltage that is the sum of its cells', () => {
    for (const r of runs.values())
      for (const p of r.points) {
        const sum = p.cells!.reduce((a, b) => a + b, 0);
        expect(Math.abs(p.packVoltage! - sum)).toBeLessThan(0.06);
      }
  });

  it('keeps each pack inside pack-voltage bands fitted to its cell count, bands the threshold editor accepts', () => {
    const cellBands = DEFAULT_THRESHOLDS.find((a) => a.name === 'cellVoltage')!;
    const packRule = DEFAULT_THRESHOLDS.find((a) => a.name === 'packVoltage')!;
    for (const r of runs.values()) {
      const bands = { ...packRule, ...packVoltageBands(cellBands, r.sim.cellOffsets.length) };
      expect(thresholdProblems(bands)).toEqual([]);
      const normal = r.points.filter((p) => classify(p.packVoltage!, bands) === 'NORMAL').length;
      expect(normal / r.points.length).toBeGreaterThan(0.95);
    }
  });

  it("lets the analytics recover each pack's actual capacity within 5 % from its charging sessions", () => {
    for (const [index, r] of runs) {
      const qualifying = sessions(r).map(sessionCapacityKwh).filter(known);
      expect(qualifying.length, `vehicle ${index}`).toBeGreaterThanOrEqual(10);
      const estimate = estimatedCapacity(r)!;
      expect(Math.abs(estimate / r.sim.capacityKwh - 1), `vehicle ${index}`).toBeLessThan(0.05);
    }
  });

  it('does so at the live step too', () => {
    const r = run(OLD_PACK_VEHICLE, 4, 10);
    expect(Math.abs(estimatedCapacity(r)! / r.sim.capacityKwh - 1)).toBeLessThan(0.05);
  });

  it('has one pack clearly older than the others', () => {
    const health = (i: number) => estimatedCapacity(runOf(i))! / demoPack(i).ratedKwh;
    expect(health(OLD_PACK_VEHICLE)).toBeLessThan(0.82);
    for (const i of [0, HUNGRY_VEHICLE, LEAKY_VEHICLE, WEAK_CELL_VEHICLE]) expect(health(i)).toBeGreaterThan(0.9);
  });

  it("gives each vehicle its designed Wh/mi, one of them far above the rest's", () => {
    for (const [index, r] of runs)
      expect(Math.abs(tripWhPerMile(r)! / r.sim.pack.whPerMile - 1), `vehicle ${index}`).toBeLessThan(0.06);
    const others = [0, OLD_PACK_VEHICLE, LEAKY_VEHICLE, WEAK_CELL_VEHICLE].map((i) => tripWhPerMile(runOf(i))!);
    expect(new Set(others.map(Math.round)).size).toBe(others.length);
    expect(tripWhPerMile(runOf(HUNGRY_VEHICLE))!).toBeGreaterThan(1.3 * Math.max(...others));
  });

  it('drains one vehicle noticeably faster while parked', () => {
    const leaky = idleDrainPerDay(runOf(LEAKY_VEHICLE));
    expect(leaky).toBeGreaterThan(3);
    for (const i of [0, OLD_PACK_VEHICLE, HUNGRY_VEHICLE, WEAK_CELL_VEHICLE]) {
      const drain = idleDrainPerDay(runOf(i));
      expect(drain).toBeGreaterThan(0.2);
      expect(drain).toBeLessThan(2.5);
    }
  });

  it('has one weak cell, in the designed vehicle and place, and tight cells elsewhere', () => {
    for (const [index, r] of runs) {
      const rest = r.points.map(restCells).filter(known);
      expect(rest.length).toBeGreaterThan(100);
      const spreads = rest.map((c) => c.spreadMv);
      if (index === WEAK_CELL_VEHICLE) {
        expect(Math.min(...spreads)).toBeGreaterThan(150);
        expect(new Set(rest.map((c) => c.lowestCell))).toEqual(new Set([WEAK_CELL + 1]));
      } else expect(Math.max(...spreads), `vehicle ${index}`).toBeLessThan(30);
    }
  });

  it('charges at the depot and, now and then, faster on the road', () => {
    let away = 0;
    for (const r of runs.values()) {
      const all = sessions(r);
      const depot = all.filter((e) => milesFromDepot(r, e) < 0.05);
      const road = all.filter((e) => milesFromDepot(r, e) > 0.3);
      expect(depot.length).toBeGreaterThanOrEqual(10);
      for (const e of road) {
        expect((e.end - e.start) / 60_000).toBeGreaterThanOrEqual(15);
        expect((e.end - e.start) / 60_000).toBeLessThanOrEqual(75);
        expect(e.peakPowerKw!).toBeGreaterThan(1.5 * Math.max(...depot.map((d) => d.peakPowerKw!)));
      }
      away += road.length;
    }
    expect(away).toBeGreaterThanOrEqual(10);
  });
});
