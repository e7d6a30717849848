import { inArray, sql } from 'drizzle-orm';
import { writeVehicleRows } from '../db/batches.js';
import type { Db } from '../db/client.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { vehicleState } from '../db/telemetry-schema.js';
import { noValues } from '../readings/reading.js';
import { valuesOf, type KeptState } from './vehicle-state.js';

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** The stored states of these vehicles: those never stored are left out. */
export async function storedStates(db: Db, ids: number[]): Promise<KeptState[]> {
  const rows = await db.select().from(vehicleState).where(inArray(vehicleState.vehicleId, ids));
  return rows.map((r) => ({
    vehicleId: r.vehicleId,
    named: r.values,
    newestExtra: null,
    newestExtraKeys: undefined,
    newest: noValues(),
    cells: r.cells,
    lastReported: ms(r.lastReported),
    canLastReported: ms(r.canLastReported),
    gpsLastReported: ms(r.gpsLastReported),
    lastChargedAt: ms(r.lastChargedAt),
  }));
}

/** A state as a row of vehicle_state, taken when the write is asked for. */
export const stateRow = (vehicleId: number, s: KeptState) => ({
  vehicle_id: vehicleId,
  values: valuesOf(s),
  cells: s.cells,
  last_reported: isoTime(s.lastReported),
  can_last_reported: isoTime(s.canLastReported),
  gps_last_reported: isoTime(s.gpsLastReported),
  last_charged_at: isoTime(s.lastChargedAt),
});
type StateRow = ReturnType<typeof stateRow>;

/** Writes the states' rows; those not written are handed to `unwritten` (writeVehicleRows). */
export async function writeStates(db: Db, rows: StateRow[], unwritten: (rows: StateRow[]) => void) {
  // Several instances may hold the same vehicle: the newest state wins, whoever writes last.
  const upsert = (batch: StateRow[]) =>
    db.execute(sql`
      insert into ${vehicleState} (vehicle_id, values, cells, last_reported, can_last_reported, gps_last_reported, last_charged_at, updated_at)
      select x.vehicle_id, x.values, x.cells, x.last_reported, x.can_last_reported, x.gps_last_reported, x.last_charged_at, now()
      from ${jsonRecords(batch, 'x(vehicle_id int, "values" jsonb, cells real[], last_reported timestamptz, can_last_reported timestamptz, gps_last_reported timestamptz, last_charged_at timestamptz)')}
      on conflict (vehicle_id) do update set values = excluded.values, cells = excluded.cells,
        last_reported = excluded.last_reported, can_last_reported = excluded.can_last_reported,
        gps_last_reported = excluded.gps_last_reported, last_charged_at = excluded.last_charged_at, updated_at = now()
      where ${vehicleState.lastReported} is null or excluded.last_reported >= ${vehicleState.lastReported}`);
  await writeVehicleRows(rows, upsert, unwritten);
}
