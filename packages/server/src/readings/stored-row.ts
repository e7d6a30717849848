import type { Reading } from './reading.js';

/** A reading and the vehicle it is stored for: what the pipeline commits and the alerts judge. */
export interface StoredRow {
  vehicleId: number;
  reading: Reading;
}

/** Rows by vehicle, each vehicle's in reading-time order. */
export function groupByVehicle(rows: StoredRow[]): Map<number, StoredRow[]> {
  const groups = new Map<number, StoredRow[]>();
  for (const row of rows) {
    const list = groups.get(row.vehicleId);
    if (list) list.push(row);
    else groups.set(row.vehicleId, [row]);
  }
  // A device's readings nearly always come in order: checked, not sorted again.
  for (const list of groups.values()) if (!inOrder(list)) list.sort((a, b) => a.reading.ts - b.reading.ts);
  return groups;
}

const inOrder = (list: StoredRow[]) => {
  for (let i = 1; i < list.length; i++) if (list[i].reading.ts < list[i - 1].reading.ts) return false;
  return true;
};
