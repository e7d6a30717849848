/**
 * The demo model's history as the demo writes it (demo/demo-telemetry.ts), at a chosen tick:
 * vehicle i is demo vehicle i (its city, depot, pack and random seed), its cells the demo's 24, 28
 * or 32, and each reading goes through the same checks a device's does. `every` reports at each
 * tick, as the live demo and a real device do; `demo` follows historyStepS (each tick while moving
 * or charging on the road, four while charging at the depot, up to an hour parked).
 */
import { demoHome } from '../../packages/server/src/demo/demo-depots.js';
import { advance, createSimVehicle, historyStepS, reading } from '../../packages/server/src/demo/vehicle-model.js';
import { parseReading } from '../../packages/server/src/readings/reading.js';
import type { StoredRow } from '../../packages/server/src/readings/stored-row.js';

export type Stepping = 'demo' | 'every';

interface HistoryPlan {
  /** The database ids of the vehicles, demo vehicle i for the i-th. */
  vehicleIds: number[];
  from: number;
  to: number;
  tickS: number;
  stepping: Stepping;
}

/** Batches of about `batch` readings in time order, every vehicle's readings from `from` to before `to`. */
export function* demoHistory(plan: HistoryPlan, batch = 5000): Generator<StoredRow[]> {
  const { vehicleIds, from, to, tickS, stepping } = plan;
  const sims = vehicleIds.map((id, index) => {
    const { city, depot } = demoHome(index);
    return { id, sim: createSimVehicle(index, city, [24, 28, 32][index % 3], from, depot), due: from };
  });
  let rows: StoredRow[] = [];
  for (let ts = from; ts < to; ts += tickS * 1000) {
    for (const s of sims) {
      if (ts < s.due) continue;
      advance(s.sim, (ts - s.sim.clock) / 1000);
      const parsed = parseReading(reading(s.sim, ts), to);
      if (parsed.ok) rows.push({ vehicleId: s.id, reading: parsed.reading });
      s.due = ts + (stepping === 'every' ? tickS : historyStepS(s.sim, tickS)) * 1000;
    }
    if (rows.length >= batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length) yield rows;
}
