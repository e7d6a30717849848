import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DECODED_READINGS, READING_COLUMNS } from '../../db/reading-history.js';
import { rebuildMinutes } from '../signal-minutes.js';

const DAY_MS = 86_400_000;

/**
 * Turns the compacted day holding `ts` back into can_reading rows, so a reading of it can be
 * changed or removed in place, with its chart minutes; the next compaction takes the day in again.
 * A hot reading of the same instant (sent again late) stays as it is.
 */
export async function expandDay(db: Db, vehicleId: number, ts: Date) {
  const day = Math.floor(ts.getTime() / DAY_MS) * DAY_MS;
  const { rows } = await db.execute(sql`
    with day as (
      delete from reading_day where vehicle_id = ${vehicleId} and day = (${ts.toISOString()}::timestamptz at time zone 'UTC')::date
      returning *
    )
    insert into can_reading (${sql.raw(READING_COLUMNS.join(', '))})
    select h.* from day d cross join lateral (${DECODED_READINGS}) h
    on conflict do nothing
    returning 1`);
  // The day's rows have chart minutes again, as hot readings do.
  if (rows.length) await rebuildMinutes(db, vehicleId, day, day + DAY_MS);
}
