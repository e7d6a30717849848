import { inArray } from 'drizzle-orm';
import { visibleVehicles, type Scope } from '../../../auth/visibility.js';
import type { Db } from '../../../db/client.js';
import { vehicle } from '../../../db/schema.js';
import type { MapItem } from '@evfleet/domain';
import { toMapItem } from './vehicle-data.presenter.js';
import { vehicleDataRepository } from './vehicle-data.repository.js';
import type { MapItems } from '../../../live/live-session.js';
import type { VehicleLiveState } from '../../../telemetry/vehicle-state.js';

/**
 * Map items as GET api/vehicles/details returns them, for the live feed. States this instance holds
 * in memory are fresher than the stored ones (written once a second) and take precedence.
 */
export function createMapItems(db: Db, fresh: (vehicleId: number) => VehicleLiveState | undefined): MapItems {
  return {
    async visibleIds(scope: Scope): Promise<Set<number>> {
      const rows = await db.select({ id: vehicle.id }).from(vehicle).where(visibleVehicles(scope));
      return new Set(rows.map((r) => r.id));
    },
    async load(ids: number[]): Promise<MapItem[]> {
      if (!ids.length) return [];
      const now = Date.now();
      return (await vehicleDataRepository.withState(db, inArray(vehicle.id, ids))).map((v) => {
        const live = fresh(v.id);
        if (!live || (v.lastReported && live.lastReported !== null && live.lastReported < v.lastReported.getTime()))
          return toMapItem(v, now);
        const at = (ms: number | null) => (ms === null ? null : new Date(ms));
        return toMapItem(
          {
            ...v,
            values: live.values,
            cells: live.cells,
            lastReported: at(live.lastReported),
            canLastReported: at(live.canLastReported),
            gpsLastReported: at(live.gpsLastReported),
            lastChargedAt: at(live.lastChargedAt),
          },
          now,
        );
      });
    },
  };
}
