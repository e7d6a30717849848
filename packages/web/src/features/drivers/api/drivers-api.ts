import type { Driver, DriverWrite, Fleet, ListResponse, VehicleRef } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanPayload } from '../../../api/clean-payload';
import { http } from '../../../api/http';
import type { PagedListSource } from '../../../components/list/paged-list';
import { VEHICLE_PAGE_SIZE, type VehicleAssignmentSource } from '../../../components/vehicle-assignment/vehicle-grid';

export const DRIVERS = 'drivers';

export const driversSource: PagedListSource = {
  key: DRIVERS,
  listPath: 'api/drivers',
  searchPath: 'api/drivers/search',
  searchParam: 'name',
};

/** GET api/drivers/{id}; null id: nothing to load. */
export function useDriver(id: number | null) {
  return useQuery({
    queryKey: [DRIVERS, id],
    queryFn: async ({ signal }) => (await http.get<Driver>(`api/drivers/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** POST (new) or PUT (existing) api/drivers; the list reloads after either. */
export function useSaveDriver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (driver: DriverWrite) => {
      const payload = cleanPayload(driver);
      return (await (driver.id ? http.put<Driver>('api/drivers', payload) : http.post<Driver>('api/drivers', payload)))
        .data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [DRIVERS] }),
  });
}

/** DELETE api/drivers/{id}?delete=flag: the flag confirms unassigning the driver's vehicles (§4). */
export function useDeleteDriver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, unassignVehicles }: { id: number; unassignVehicles: boolean }) =>
      http.delete(`api/drivers/${id}`, { query: { delete: unassignVehicles } }),
    // Everything but the deleted driver itself, whose refetch would only answer 404.
    onSuccess: (_, { id }) =>
      client.invalidateQueries({ queryKey: [DRIVERS], predicate: (query) => query.queryKey[1] !== id }),
  });
}

/** The fleets the driver form offers: page 0 of api/fleets, Active ones only (§4, §9). */
export function useActiveFleets() {
  return useQuery({
    queryKey: ['fleets', 'options'],
    queryFn: async ({ signal }) => {
      const { data } = await http.get<ListResponse<Fleet>>('api/fleets', {
        query: { pageNo: 0, pageSize: 1000 },
        signal,
      });
      return (data?.data ?? []).filter((fleet) => fleet.status);
    },
  });
}

/** The vehicles of one driver: api/drivers/assigned and unassigned, and the assign/unassign call. */
export function driverVehicles(driverId: number): VehicleAssignmentSource {
  const page = (which: 'assigned' | 'unassigned') => async (pageNo: number, signal: AbortSignal) =>
    (
      await http.get<ListResponse<VehicleRef>>(`api/drivers/${which}`, {
        query: { driverId, pageSize: VEHICLE_PAGE_SIZE, pageNo },
        signal,
      })
    ).data;
  return {
    ownerKey: [DRIVERS, driverId],
    fetchAssigned: page('assigned'),
    fetchUnassigned: page('unassigned'),
    setAssigned: (vehicleIds, isAssigned) =>
      http.patch('api/drivers/assignVehicles', undefined, {
        query: { isAssigned, vehicleIds: vehicleIds.join(','), driverId },
      }),
    alsoInvalidate: [[DRIVERS, 'list'], ['vehicles']],
  };
}
