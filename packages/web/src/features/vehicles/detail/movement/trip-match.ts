import { localDate, timeSlotText, type TripFigures } from '@evfleet/domain';
import type { TimeWindow } from '../../../../api/time-window';

const HOUR_MS = 3_600_000;

/**
 * A window sure to hold every trip touching a local day in any zone (UTC-14 to UTC+14): the trips
 * are then picked by the vehicle's zone, as the server picks the day's time slots.
 */
export function aroundDay(date: string): TimeWindow {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  return { from: midnightUtc - 14 * HOUR_MS, to: midnightUtc + 38 * HOUR_MS };
}

/**
 * The figures of the day's time slot number `slot` (1-based, texted `slotText`): the trip with the
 * same 'HH:mm - HH:mm' in the vehicle's zone, else the one at the same place among the day's trips
 * when both lists are as long (a trip cut at a stop the two count alike, so order agrees).
 */
export function tripOfSlot(
  trips: readonly TripFigures[],
  date: string,
  slot: number,
  slotTexts: readonly string[],
  timeZone: string,
): TripFigures | null {
  const bounds = (t: TripFigures) => ({ start: Date.parse(t.start), end: Date.parse(t.end) });
  const onDay = trips.filter((t) => {
    const { start, end } = bounds(t);
    return localDate(start, timeZone) === date || localDate(end, timeZone) === date;
  });
  const text = slotTexts[slot - 1];
  const same = onDay.find((t) => timeSlotText(bounds(t), timeZone) === text);
  if (same) return same;
  return onDay.length === slotTexts.length ? (onDay[slot - 1] ?? null) : null;
}
