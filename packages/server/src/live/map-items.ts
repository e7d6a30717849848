import { inArray } from 'drizzle-orm';
import type { Scope } from '../auth/scope.js';
import type { Db } from '../db/client.js';
import { vehicle } from '../db/schema.js';
import { toMapItem, type MapItem } from '../modules/vehicle-data/vehicle-data.presenter.js';
import { vehicleDataRepository } from '../modules/vehicle-data/vehicle-data.repository.js';
import { visibleVehicles } from '../modules/vehicle-data/vehicle-visibility.js';

/** Map items as GET api/vehicles/details returns them, for the live feed. */
export function createMapItems(db: Db) {
  return {
    async visibleIds(scope: Scope): Promise<Set<number>> {
      const rows = await db.select({ id: vehicle.id }).from(vehicle).where(visibleVehicles(scope));
      return new Set(rows.map((r) => r.id));
    },
    async load(ids: number[]): Promise<MapItem[]> {
      if (!ids.length) return [];
      const now = Date.now();
      return (await vehicleDataRepository.withState(db, inArray(vehicle.id, ids))).map((v) => toMapItem(v, now));
    },
  };
}
export type MapItems = ReturnType<typeof createMapItems>;
