import { ENERGY_RULES, STOP_MINUTES } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { groupByVehicle, type StoredRow } from '../../src/readings/stored-row.js';
import { valuesFrom } from '../../src/readings/reading.js';
import { OpenEpisodes } from '../../src/telemetry/open-episodes.js';

const MIN = 60_000;
const CHARGING = { chargeStatus: 1, packVoltage: 80, vehicleCurrent: -10 };
const PARKED = { chargeStatus: 0, packVoltage: 80, vehicleCurrent: 0 };
const row = (vehicleId: number, minute: number, signals: Record<string, number> = CHARGING): StoredRow => ({
  vehicleId,
  reading: { ts: minute * MIN, values: valuesFrom(signals), cells: null, extra: null },
});
const nothingStored = (vehicleId: number) => ({ vehicleId, prev: null, last: { trip: null, charge: null } });

/** Applies a batch as the tracker does, meeting unknown vehicles with nothing stored. */
function apply(open: OpenEpisodes, rows: StoredRow[]) {
  const groups = groupByVehicle(rows);
  const firsts = open.unmet(groups);
  for (const { vehicleId } of firsts) open.meet(nothingStored(vehicleId));
  for (const [vehicleId, list] of groups) open.step(vehicleId, list);
  return firsts;
}

describe('the open trips and charging sessions in memory (no database)', () => {
  it('meets each vehicle once, from the time of its first reading in the batch', () => {
    const open = new OpenEpisodes();
    expect(apply(open, [row(1, 3), row(2, 5), row(1, 4)])).toEqual([
      { vehicleId: 1, before: 3 * MIN },
      { vehicleId: 2, before: 5 * MIN },
    ]);
    expect(apply(open, [row(1, 6), row(3, 7)])).toEqual([{ vehicleId: 3, before: 7 * MIN }]);
  });

  it('steps the open charging session, one changed episode per vehicle and start until taken', () => {
    const open = new OpenEpisodes();
    apply(open, [row(1, 1), row(1, 2), row(1, 3)]);
    const [changed] = open.takeChanged('charge');
    expect(changed).toMatchObject({ vehicleId: 1, episode: { start: 1 * MIN, end: 3 * MIN } });
    expect(changed.episode.energyKwh).toBeCloseTo((80 * 10 * 120) / 3_600_000);
    expect(open.takeChanged('charge')).toEqual([]);
    expect(open.takeChanged('trip')).toEqual([]);
  });

  it('gathers the window of late readings, to be segmented again from storage', () => {
    const open = new OpenEpisodes();
    apply(open, [row(1, 10), row(1, 11)]);
    apply(open, [row(1, 4), row(1, 8), row(1, 11)]);
    open.markLate(2, 30 * MIN);
    expect(open.takeLate()).toEqual([
      [1, { from: 4 * MIN, to: 11 * MIN }],
      [2, { from: 30 * MIN, to: 30 * MIN }],
    ]);
    expect(open.takeLate()).toEqual([]);
  });

  it('tells when a vehicle’s charging session closed, and after its window was segmented again', () => {
    const open = new OpenEpisodes();
    apply(open, [row(1, 1), row(1, 2)]);
    expect(open.takeChargesClosed()).toEqual([]);
    apply(open, [row(1, 3 + ENERGY_RULES.chargeGapMinutes, PARKED)]);
    expect(open.takeChargesClosed()).toEqual([1]);
    open.resegmented(2);
    expect(open.takeChargesClosed()).toEqual([2]);
  });

  it('writes a trip once more as it closes (its trip.ended goes out with that write), unless dropped', () => {
    const open = new OpenEpisodes();
    const driving = { ...PARKED, speed: 30 };
    apply(open, [row(1, 1, driving), row(1, 2, driving)]);
    expect(open.takeChanged('trip')).toHaveLength(1);
    apply(open, [row(1, 2 + STOP_MINUTES, PARKED)]);
    const [closed] = open.takeTripsClosed();
    expect(closed).toMatchObject({ vehicleId: 1, trip: { start: 1 * MIN, end: 2 * MIN } });
    expect(open.takeChanged('trip')).toEqual([{ vehicleId: 1, episode: closed.trip }]);

    apply(open, [row(2, 1, driving), row(2, 2 + STOP_MINUTES, PARKED)]);
    open.drop(2);
    expect(open.takeTripsClosed()).toEqual([]);
    expect(open.takeChanged('trip')).toEqual([]);
  });

  it('forgets all it holds of a vehicle that is dropped', () => {
    const open = new OpenEpisodes();
    apply(open, [row(1, 10), row(1, 11), row(1, 5)]);
    open.drop(1);
    expect(open.takeLate()).toEqual([]);
    expect(open.takeChanged('charge')).toEqual([]);
    expect(apply(open, [row(1, 12)])).toEqual([{ vehicleId: 1, before: 12 * MIN }]);
  });
});
