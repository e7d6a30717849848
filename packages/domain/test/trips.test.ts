import { describe, expect, it } from 'vitest';
import { extendTrip, localDate, segmentTrips, timeSlotText } from '../src/trips.js';

const MIN = 60_000;
const track = (spec: [number, number][]) => spec.map(([minute, speed]) => ({ ts: minute * MIN, speed }));

describe('trip segmentation', () => {
  it('splits movement at stops of five minutes or more', () => {
    const trips = segmentTrips(
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
    );
    expect(trips).toEqual([
      { start: 1 * MIN, end: 6 * MIN }, // a two-minute stop (3..5) does not end the trip
      { start: 13 * MIN, end: 14 * MIN }, // seven minutes parked (6..13) does
    ]);
  });

  it('treats a long silence like a stop and ignores crawling below 1 mph', () => {
    expect(
      segmentTrips(
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
      segmentTrips(
        track([
          [0, 0.4],
          [1, null as unknown as number],
        ]),
      ),
    ).toEqual([]);
  });

  it('extends the open trip incrementally the same way', () => {
    let open = extendTrip(null, 0).trip;
    open = extendTrip(open, 4 * MIN).trip;
    expect(open).toEqual({ start: 0, end: 4 * MIN });
    expect(extendTrip(open, 9 * MIN).isNew).toBe(true);
  });

  it('names time slots and dates in the vehicle time zone', () => {
    const start = Date.UTC(2026, 10, 22, 4, 30);
    expect(timeSlotText({ start, end: start + 45 * MIN }, 'America/Chicago')).toBe('22:30 - 23:15');
    expect(localDate(start, 'America/Chicago')).toBe('2026-11-21');
  });
});
