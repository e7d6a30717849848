import { eq, type SQL } from 'drizzle-orm';
import type { Scope } from '../../auth/scope.js';
import { vehicle } from '../../db/schema.js';

/** The vehicles a caller may see: all, its dealer's, its fleet's, or those assigned to the driver. */
export function visibleVehicles(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'dealer':
      return eq(vehicle.dealerId, scope.dealerId);
    case 'fleet':
      return eq(vehicle.fleetId, scope.fleetId);
    case 'driver':
      return eq(vehicle.driverId, scope.driverId);
  }
}
