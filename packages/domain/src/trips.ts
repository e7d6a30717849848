/**
 * Trip rule (docs/telemetry-protocol.md, "Trips"): a vehicle is moving when its speed is at least
 * MOVING_MPH; a trip runs from its first moving reading to its last one before the vehicle stops
 * (or stops reporting) for STOP_MINUTES or more.
 */
export const MOVING_MPH = 1;
export const STOP_MINUTES = 5;
const STOP_MS = STOP_MINUTES * 60_000;

export interface Trip {
  start: number;
  end: number;
}

/** Trips of a time-ordered series of readings. */
export function segmentTrips(points: readonly { ts: number; speed: number | null }[]): Trip[] {
  const trips: Trip[] = [];
  let open: Trip | null = null;
  for (const p of points) {
    if (p.speed === null || p.speed < MOVING_MPH) continue;
    if (open && p.ts - open.end < STOP_MS) open.end = p.ts;
    else trips.push((open = { start: p.ts, end: p.ts }));
  }
  return trips;
}

/** Adds one moving reading, later than every earlier one, to the vehicle's open trip. */
export function extendTrip(open: Trip | null, ts: number): { trip: Trip; isNew: boolean } {
  if (open && ts >= open.end && ts - open.end < STOP_MS) return { trip: { start: open.start, end: ts }, isNew: false };
  return { trip: { start: ts, end: ts }, isNew: true };
}

/**
 * One formatter per kind and zone: building an Intl.DateTimeFormat costs far more than using one
 * (90 days of trips took ~300 ms to date when each call built its own).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (locale: string, options: Intl.DateTimeFormatOptions & { timeZone: string }) => {
  const key = `${locale}|${options.timeZone}|${options.hour ?? 'date'}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
};

/** 'HH:mm' of an instant in a time zone. */
export const clock = (ts: number, timeZone: string) =>
  formatter('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ts);

/** 'YYYY-MM-DD' of an instant in a time zone. */
export const localDate = (ts: number, timeZone: string) =>
  formatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);

/** The time-slot text of a trip on the detail page: 'HH:mm - HH:mm' in the vehicle's zone. */
export const timeSlotText = (trip: Trip, timeZone: string) =>
  `${clock(trip.start, timeZone)} - ${clock(trip.end, timeZone)}`;
