import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DECODED_READINGS, READING_COLUMNS } from '../../db/reading-history.js';

/**
 * Turns the compacted day holding `ts` back into can_reading rows, so a reading of it can be
 * changed or removed in place; the next compaction takes the day in again. A hot reading of the
 * same instant (sent again late) stays as it is.
 */
export async function expandDay(db: Db, vehicleId: number, ts: Date) {
  await db.execute(sql`
    with day as (
      delete from reading_day where vehicle_id = ${vehicleId} and day = (${ts.toISOString()}::timestamptz at time zone 'UTC')::date
      returning *
    )
    insert into can_reading (${sql.raw(READING_COLUMNS.join(', '))})
    select h.* from day d cross join lateral (${DECODED_READINGS}) h
    on conflict do nothing`);
}
