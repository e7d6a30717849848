import type { DemoPack } from './demo-packs.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/**
 * When the depots' evening begins (demo-zones.ts): back from its rounds, a vehicle is plugged in
 * for the night from then, as fleets on a time-of-use tariff do, rather than on arrival.
 */
export const EVENING_HOUR = 18;

/** One local day of a demo vehicle's work: when its shift runs and how far its rounds take it. */
export interface DayPlan {
  /** Local midnight, as epoch ms. */
  start: number;
  shiftStart: number;
  /** Rounds end by then; the vehicle heads back to its depot. */
  shiftEnd: number;
  /** The depot's evening: plugged in for the night from then. */
  evening: number;
  /** Miles still to drive today. */
  milesLeft: number;
  /** Back at the depot for the day (or a day off). */
  done: boolean;
}

/** Local midnight before `clock` in a zone `utcOffsetMs` ahead of UTC. */
export const startOfDay = (clock: number, utcOffsetMs: number) =>
  Math.floor((clock + utcOffsetMs) / DAY_MS) * DAY_MS - utcOffsetMs;

/**
 * Sundays off, and now and then another day. A shift starts between 6:30 and 9:00 and ends by
 * 18:30; its rounds use 25–65 % of the pack's rated capacity, so an older pack (less than rated)
 * runs low on busy days and stops at a public charger on the way.
 */
export function planDay(rand: () => number, pack: DemoPack, start: number, utcOffsetMs: number): DayPlan {
  const off = new Date(start + utcOffsetMs).getUTCDay() === 0 || rand() < 0.05;
  const miles = ((0.25 + rand() * 0.4) * pack.ratedKwh * 1000) / pack.whPerMile;
  return {
    start,
    shiftStart: start + (6.5 + rand() * 2.5) * HOUR_MS,
    shiftEnd: start + 18.5 * HOUR_MS,
    evening: start + EVENING_HOUR * HOUR_MS,
    milesLeft: miles,
    done: off,
  };
}
