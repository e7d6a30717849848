import type { Dealer, Fleet, FleetWrite } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { entityApi } from '../../../api/entity-api';
import { http } from '../../../api/http';
import { listChoices } from '../../../api/query-options';
import { ownerVehiclePages, type VehicleAssignmentSource } from '../../../components/vehicle-assignment/vehicle-grid';

const FLEETS = 'fleets';

const fleets = entityApi<Fleet, FleetWrite>({
  key: FLEETS,
  path: 'api/fleets',
  search: { path: 'api/fleets/search', param: 'searchKey' },
  // The drivers list shows fleet names, so a fleet change makes it stale too.
  shownIn: ['drivers'],
});

export const fleetsSource = fleets.source;

/** GET api/fleets/{id}; null id: nothing to load. */
export const useFleet = fleets.useRecord;

/** POST (new) or PUT (existing) api/fleets. */
export const useSaveFleet = fleets.useSave;

/** DELETE api/fleets/{id}; success is 204 (§7). */
export const useDeleteFleet = fleets.useDelete;

/** The dealers the fleet form offers: page 0, size 100 of api/dealers (§9). */
export function useDealerOptions(enabled: boolean) {
  return useQuery({ ...listChoices<Dealer>('dealers', 'api/dealers', 100), enabled });
}

/** The vehicles of one fleet: api/vehicles/assigned and unassigned, and PATCH api/vehicle/assign. */
export function fleetVehicles(fleetId: number): VehicleAssignmentSource {
  return {
    ownerKey: [FLEETS, fleetId],
    ...ownerVehiclePages('api/vehicles', { fleetId }),
    setAssigned: (vehicleIds, isAssigned) =>
      http.patch('api/vehicle/assign', [{ fleetId, vehicleIds }], { query: { isAssigned } }),
    alsoInvalidate: [[FLEETS, 'list'], ['vehicles']],
  };
}
