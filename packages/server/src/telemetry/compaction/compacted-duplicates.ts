const DAY_MS = 86_400_000;

/**
 * Whether a reading of this time may belong to a compacted day: any before today (UTC), whatever
 * the hot window, so a resent reading is caught even when `npm run compact` ran with a shorter one.
 */
export const mayBeCompacted = (ts: number, now: number) => ts < Math.floor(now / DAY_MS) * DAY_MS;

/**
 * SQL ($1 vehicle ids, $2 times): removes from can_reading the readings just written that their
 * vehicle's compacted day already holds (a device sending again a reading past the hot window), and
 * returns them: storage stays idempotent on vehicle and time across both forms of history.
 */
export const REMOVE_COMPACTED_DUPLICATES = `delete from can_reading c
  using unnest($1::int[], $2::timestamptz[]) k(vehicle_id, ts), reading_day d
  where c.vehicle_id = k.vehicle_id and c.ts = k.ts and d.vehicle_id = k.vehicle_id and d.day = (k.ts at time zone 'UTC')::date
    and (extract(epoch from k.ts - (d.day::timestamp at time zone 'UTC')) * 1000)::int = any(d.ms)
  returning c.vehicle_id, c.ts`;
