import type { Db } from '../../db/client.js';
import { addReading, newFigures, type Cursor, type DayFigures } from './day-figures.js';
import { forEachReading, readingsBefore, replaceDay } from './daily-stats.repository.js';

const DAY_MS = 86_400_000;

/**
 * Recounts one vehicle's day (YYYY-MM-DD, UTC) from its stored readings, through the same fold as
 * the running figures, and replaces the stored figures with the result. The day's first interval
 * opens at the reading just before it (an interval belongs to the day of the reading that closes
 * it); miles count from the last odometer value before the day.
 */
export async function rebuildDay(db: Db, vehicleId: number, day: string): Promise<DayFigures> {
  const start = new Date(`${day}T00:00:00Z`);
  const seed = (await readingsBefore(db, [{ vehicleId, ts: start.getTime() }])).get(vehicleId);
  const cursor: Cursor = { prev: seed?.prev ?? null, odometer: seed?.odometer ?? null };
  const figures = newFigures();
  await forEachReading(db, vehicleId, start, new Date(start.getTime() + DAY_MS), (p) => addReading(cursor, p, figures));
  await replaceDay(db, { ...figures, vehicleId, day });
  return figures;
}
