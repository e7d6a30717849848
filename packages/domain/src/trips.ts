/**
 * Trip rule (docs/telemetry-protocol.md, "Trips"): a vehicle is moving when its speed is at least
 * MOVING_MPH; a trip runs from its first moving reading to its last one before the vehicle stops
 * (or stops reporting) for STOP_MINUTES or more. domain/energy.ts segments readings by it.
 */
export const MOVING_MPH = 1;
export const STOP_MINUTES = 5;
export interface Trip {
  start: number;
  end: number;
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
