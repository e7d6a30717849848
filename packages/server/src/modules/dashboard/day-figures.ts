import { intervalFacts, newIntervalFacts, odometerMiles, restCells, type MeterPoint } from '@evfleet/domain';

/** One vehicle's figures for one UTC day: the columns of vehicle_daily_stat and its low_cell_count rows. */
export interface DayFigures {
  /** Odometer miles. */
  miles: number;
  /** kWh into the pack while charging, and the time spent charging. */
  energyKwh: number;
  chargingSeconds: number;
  energyUsedKwh: number;
  gpsMiles: number;
  idleSeconds: number;
  idleChargeLost: number;
  restSpreadSumMv: number;
  restSpreadCount: number;
  /** How often each cell was the lowest at rest: index 0 is cell 1 (sparse). */
  lowCells: number[];
  /** The latest reading counted, null before any. */
  lastTs: number | null;
}

export const newFigures = (): DayFigures => ({
  miles: 0,
  energyKwh: 0,
  chargingSeconds: 0,
  energyUsedKwh: 0,
  gpsMiles: 0,
  idleSeconds: 0,
  idleChargeLost: 0,
  restSpreadSumMv: 0,
  restSpreadCount: 0,
  lowCells: [],
  lastTs: null,
});

/** Where a vehicle's series stands: its previous reading and its last odometer value. */
export interface Cursor {
  prev: MeterPoint | null;
  odometer: number | null;
}

/** Each reading's interval facts, written over by the next: one object, not one a reading. */
const scratchFacts = newIntervalFacts();

/** Ingestion keeps values in their physical ranges; this guards the sums against anything else. */
const finite = (x: number) => (Number.isFinite(x) ? x : 0);

/**
 * Adds a reading (later than the cursor's) to the figures of its day, the energy rules'
 * (domain/energy.ts) only application to daily figures: the interval it closes, the odometer's
 * step since the last value, and its cells when at rest. Moves the cursor on.
 */
export function addReading(cursor: Cursor, p: MeterPoint, day: DayFigures) {
  if (cursor.prev) {
    const f = intervalFacts(cursor.prev, p, scratchFacts);
    day.energyKwh += finite(f.chargedKwh);
    day.chargingSeconds += f.chargingSeconds;
    day.energyUsedKwh += finite(f.usedKwh);
    day.gpsMiles += finite(f.gpsMiles);
    day.idleSeconds += f.idleSeconds;
    day.idleChargeLost += finite(f.idleChargeLost);
  }
  cursor.prev = p;
  if (p.odometer !== null) {
    if (cursor.odometer !== null) day.miles += odometerMiles(cursor.odometer, p.odometer);
    cursor.odometer = p.odometer;
  }
  const rest = restCells(p);
  if (rest && Number.isFinite(rest.spreadMv)) {
    day.restSpreadSumMv += rest.spreadMv;
    day.restSpreadCount++;
    const i = rest.lowestCell - 1;
    day.lowCells[i] = (day.lowCells[i] ?? 0) + 1;
  }
  day.lastTs = p.ts;
}

/** The low_cell_count rows of the figures (1-based cells). */
export const lowCellRows = (day: DayFigures) =>
  day.lowCells.flatMap((count, i) => (count ? [{ cell: i + 1, count }] : []));

/** The day (YYYY-MM-DD, UTC) of an instant. */
export const dayOf = (ts: number) => new Date(ts).toISOString().slice(0, 10);
