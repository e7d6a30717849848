import type { Driver, DriverWrite, Fleet } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { entityApi } from '../../../api/entity-api';
import { http } from '../../../api/http';
import { listChoices } from '../../../api/query-options';
import { ownerVehiclePages, type VehicleAssignmentSource } from '../../../components/vehicle-assignment/vehicle-grid';

const DRIVERS = 'drivers';

/** The delete dialog's answer: whether the driver's vehicles are unassigned with it (§4). */
interface DriverDelete {
  id: number;
  unassignVehicles: boolean;
}

const drivers = entityApi<Driver, DriverWrite, DriverDelete>({
  key: DRIVERS,
  path: 'api/drivers',
  search: { path: 'api/drivers/search', param: 'name' },
  deleteQuery: ({ unassignVehicles }) => ({ delete: unassignVehicles }),
});

export const driversSource = drivers.source;

/** GET api/drivers/{id}; null id: nothing to load. */
export const useDriver = drivers.useRecord;

/** POST (new) or PUT (existing) api/drivers; the list reloads after either. */
export const useSaveDriver = drivers.useSave;

/** DELETE api/drivers/{id}?delete=flag: the flag confirms unassigning the driver's vehicles (§4). */
export const useDeleteDriver = drivers.useDelete;

/** The fleets the driver form offers: page 0 of api/fleets, Active ones only (§4, §9). */
export function useActiveFleets() {
  return useQuery({
    ...listChoices<Fleet>('fleets', 'api/fleets', 1000),
    select: (fleets) => fleets.filter((fleet) => fleet.status),
  });
}

/** The vehicles of one driver: api/drivers/assigned and unassigned, and the assign/unassign call. */
export function driverVehicles(driverId: number): VehicleAssignmentSource {
  return {
    ownerKey: [DRIVERS, driverId],
    ...ownerVehiclePages('api/drivers', { driverId }),
    setAssigned: (vehicleIds, isAssigned) =>
      http.patch('api/drivers/assignVehicles', undefined, {
        query: { isAssigned, vehicleIds: vehicleIds.join(','), driverId },
      }),
    alsoInvalidate: [[DRIVERS, 'list'], ['vehicles']],
  };
}
