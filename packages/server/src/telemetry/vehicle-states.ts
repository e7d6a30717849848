import { inArray, sql } from 'drizzle-orm';
import { writeVehicleRows } from '../db/batches.js';
import type { Db } from '../db/client.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { vehicleState } from '../db/telemetry-schema.js';
import { noValues, SIGNAL_INDEX, STORED_SIGNALS } from '../readings/reading.js';
import { groupByVehicle, type StoredRow } from '../readings/stored-row.js';

export interface VehicleLiveState {
  vehicleId: number;
  values: Record<string, number>;
  cells: number[] | null;
  lastReported: number | null;
  canLastReported: number | null;
  gpsLastReported: number | null;
  lastChargedAt: number | null;
}

/**
 * A vehicle's state as kept: its newest value of each stored signal by place, as the reading has
 * them (NaN: none since loaded), over the values known by name (the stored row's, unknown
 * signals'). Storing 24 doubles by name into an object each reading was half of this module's
 * time (a megamorphic store, a boxed number and a write barrier each); `values` is made by name
 * once a second and when asked for.
 */
interface KeptState extends Omit<VehicleLiveState, 'values'> {
  named: Record<string, number>;
  newest: number[];
}
const valuesOf = ({ named, newest }: Pick<KeptState, 'named' | 'newest'>): Record<string, number> => {
  const values = { ...named };
  for (let i = 0; i < STORED_SIGNALS.length; i++) if (!Number.isNaN(newest[i])) values[STORED_SIGNALS[i]] = newest[i];
  return values;
};
const liveState = ({ named, newest, ...state }: KeptState): VehicleLiveState => ({
  ...state,
  values: valuesOf({ named, newest }),
});

const ms = (d: Date | null) => (d ? d.getTime() : null);
/** Which places of a reading's values are GPS, not CAN: a reading of only these is no CAN report. */
const IS_GPS = STORED_SIGNALS.map((k) => ['gpsLat', 'gpsLong', 'gpsSignal', 'heading', 'speed'].includes(k));
const [CHARGE_STATUS, GPS_LAT, GPS_LONG] = [SIGNAL_INDEX.chargeStatus, SIGNAL_INDEX.gpsLat, SIGNAL_INDEX.gpsLong];

/**
 * Each vehicle's current state in memory, updated per committed reading and written back once a
 * second: per-reading work stays in memory (ARCHITECTURE, ingestion target).
 */
export function createVehicleStates(db: Db) {
  const states = new Map<number, KeptState>();
  const dirty = new Set<number>();
  let chain: Promise<void> = Promise.resolve();

  const load = async (ids: number[]) => {
    const missing = ids.filter((id) => !states.has(id));
    if (missing.length === 0) return;
    const rows = await db.select().from(vehicleState).where(inArray(vehicleState.vehicleId, missing));
    for (const id of missing)
      states.set(id, {
        vehicleId: id,
        named: {},
        newest: noValues(),
        cells: null,
        lastReported: null,
        canLastReported: null,
        gpsLastReported: null,
        lastChargedAt: null,
      });
    for (const r of rows) {
      states.set(r.vehicleId, {
        vehicleId: r.vehicleId,
        named: r.values,
        newest: noValues(),
        cells: r.cells,
        lastReported: ms(r.lastReported),
        canLastReported: ms(r.canLastReported),
        gpsLastReported: ms(r.gpsLastReported),
        lastChargedAt: ms(r.lastChargedAt),
      });
    }
  };

  const applyOne = (state: KeptState, { reading }: StoredRow) => {
    const { values, ts } = reading;
    // A late reading fills in history but never replaces a newer "last value".
    const newest = (state.lastReported ?? 0) <= ts;
    let hasCan = reading.cells !== null || reading.extra !== null;
    for (let i = 0; i < STORED_SIGNALS.length; i++) {
      const v = values[i];
      if (Number.isNaN(v)) continue;
      if (!hasCan && !IS_GPS[i]) hasCan = true;
      if (newest) state.newest[i] = v;
    }
    if (values[CHARGE_STATUS] === 1 && (state.lastChargedAt ?? 0) < ts) state.lastChargedAt = ts;
    if (hasCan && (state.canLastReported ?? 0) < ts) state.canLastReported = ts;
    if (!Number.isNaN(values[GPS_LAT]) && !Number.isNaN(values[GPS_LONG]) && (state.gpsLastReported ?? 0) < ts)
      state.gpsLastReported = ts;
    if (!newest) return;
    state.lastReported = ts;
    if (reading.extra) Object.assign(state.named, reading.extra);
    if (reading.cells) state.cells = reading.cells;
  };

  return {
    /** Applies committed readings in order of arrival; resolves once the states are updated. */
    apply(rows: StoredRow[]): Promise<void> {
      chain = chain.then(async () => {
        const groups = groupByVehicle(rows);
        await load([...groups.keys()]);
        for (const [id, list] of groups) {
          const state = states.get(id)!;
          for (const row of list) applyOne(state, row);
          dirty.add(id);
        }
      });
      return chain;
    },
    get: (vehicleId: number): VehicleLiveState | undefined => {
      const s = states.get(vehicleId);
      return s && liveState(s);
    },
    /** Drops what memory holds of these vehicles: their next readings start from the stored state. */
    forget(ids: number[]): Promise<void> {
      chain = chain.then(() => {
        for (const id of ids) {
          states.delete(id);
          dirty.delete(id);
        }
      });
      return chain;
    },
    /**
     * Writes the changed states back; called on a timer and at shutdown. The states are taken now
     * and written once `before` settles: the writing of what follows from the same readings (alerts,
     * trips, chart minutes), so that a written last_reported is where a takeover may resume
     * (takeover.ts). If `before` fails, the states are kept for the next persist.
     */
    async persist(before?: Promise<unknown>): Promise<void> {
      if (dirty.size === 0) return;
      const ids = [...dirty];
      dirty.clear();
      const rows = ids.map((id) => {
        const s = states.get(id)!;
        return {
          vehicle_id: id,
          values: valuesOf(s),
          cells: s.cells,
          last_reported: isoTime(s.lastReported),
          can_last_reported: isoTime(s.canLastReported),
          gps_last_reported: isoTime(s.gpsLastReported),
          last_charged_at: isoTime(s.lastChargedAt),
        };
      });
      try {
        await before;
      } catch (err) {
        // What the states cover is not all written: they wait for the next persist.
        for (const id of ids) dirty.add(id);
        throw err;
      }
      // Several instances may hold the same vehicle: the newest state wins, whoever writes last.
      const upsert = (batch: typeof rows) =>
        db.execute(sql`
          insert into ${vehicleState} (vehicle_id, values, cells, last_reported, can_last_reported, gps_last_reported, last_charged_at, updated_at)
          select x.vehicle_id, x.values, x.cells, x.last_reported, x.can_last_reported, x.gps_last_reported, x.last_charged_at, now()
          from ${jsonRecords(batch, 'x(vehicle_id int, "values" jsonb, cells real[], last_reported timestamptz, can_last_reported timestamptz, gps_last_reported timestamptz, last_charged_at timestamptz)')}
          on conflict (vehicle_id) do update set values = excluded.values, cells = excluded.cells,
            last_reported = excluded.last_reported, can_last_reported = excluded.can_last_reported,
            gps_last_reported = excluded.gps_last_reported, last_charged_at = excluded.last_charged_at, updated_at = now()
          where ${vehicleState.lastReported} is null or excluded.last_reported >= ${vehicleState.lastReported}`);
      // A failure leaves the states not yet written dirty for the next persist.
      await writeVehicleRows(rows, upsert, (unwritten) => unwritten.forEach((row) => dirty.add(row.vehicle_id)));
    },
    idle: () => chain,
  };
}
export type VehicleStates = ReturnType<typeof createVehicleStates>;
