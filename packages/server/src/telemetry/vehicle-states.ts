import type { Db } from '../db/client.js';
import { groupByVehicle, type StoredRow } from '../readings/stored-row.js';
import { applyReading, liveState, unknownState, type KeptState, type VehicleLiveState } from './vehicle-state.js';
import { stateRow, storedStates, writeStates } from './vehicle-state-store.js';

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
    const stored = await storedStates(db, missing);
    for (const id of missing) states.set(id, unknownState(id));
    for (const state of stored) states.set(state.vehicleId, state);
  };

  return {
    /** Applies committed readings in order of arrival; resolves once the states are updated. */
    apply(rows: StoredRow[]): Promise<void> {
      chain = chain.then(async () => {
        const groups = groupByVehicle(rows);
        await load([...groups.keys()]);
        for (const [id, list] of groups) {
          const state = states.get(id)!;
          for (const row of list) applyReading(state, row);
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
      const rows = ids.map((id) => stateRow(id, states.get(id)!));
      try {
        await before;
      } catch (err) {
        // What the states cover is not all written: they wait for the next persist.
        for (const id of ids) dirty.add(id);
        throw err;
      }
      // A failure leaves the states not yet written dirty for the next persist.
      await writeStates(db, rows, (unwritten) => unwritten.forEach((row) => dirty.add(row.vehicle_id)));
    },
    idle: () => chain,
  };
}
export type VehicleStates = ReturnType<typeof createVehicleStates>;
