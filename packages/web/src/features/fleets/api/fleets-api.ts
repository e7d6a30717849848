import type { Dealer, Fleet, FleetWrite, ListResponse, VehicleRef } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanPayload } from '../../../api/clean-payload';
import { http } from '../../../api/http';
import type { PagedListSource } from '../../../components/list/paged-list';
import { VEHICLE_PAGE_SIZE, type VehicleAssignmentSource } from '../../../components/vehicle-assignment/vehicle-grid';

export const FLEETS = 'fleets';
/** The drivers list shows fleet names, so a fleet change makes it stale too. */
const CHANGED_WITH_FLEETS = [[FLEETS], ['drivers']] as const;

export const fleetsSource: PagedListSource = {
  key: FLEETS,
  listPath: 'api/fleets',
  searchPath: 'api/fleets/search',
  searchParam: 'searchKey',
};

function useInvalidateFleets() {
  const client = useQueryClient();
  return () => Promise.all(CHANGED_WITH_FLEETS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** GET api/fleets/{id}; null id: nothing to load. */
export function useFleet(id: number | null) {
  return useQuery({
    queryKey: [FLEETS, id],
    queryFn: async ({ signal }) => (await http.get<Fleet>(`api/fleets/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** POST (new) or PUT (existing) api/fleets. */
export function useSaveFleet() {
  const invalidate = useInvalidateFleets();
  return useMutation({
    mutationFn: async (fleet: FleetWrite) => {
      const payload = cleanPayload(fleet);
      return (await (fleet.id ? http.put<Fleet>('api/fleets', payload) : http.post<Fleet>('api/fleets', payload))).data;
    },
    onSuccess: invalidate,
  });
}

/** DELETE api/fleets/{id}; success is 204 (§7). */
export function useDeleteFleet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/fleets/${id}`),
    // Everything but the deleted fleet itself, whose refetch would only answer 404.
    onSuccess: (_, id) =>
      client.invalidateQueries({ queryKey: [FLEETS], predicate: (query) => query.queryKey[1] !== id }),
  });
}

/** The dealers the fleet form offers: page 0, size 100 of api/dealers (§9). */
export function useDealerOptions(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['dealers', 'options'],
    queryFn: async ({ signal }) =>
      (await http.get<ListResponse<Dealer>>('api/dealers', { query: { pageNo: 0, pageSize: 100 }, signal })).data
        ?.data ?? [],
  });
}

/** The vehicles of one fleet: api/vehicles/assigned and unassigned, and PATCH api/vehicle/assign. */
export function fleetVehicles(fleetId: number): VehicleAssignmentSource {
  const page = (which: 'assigned' | 'unassigned') => async (pageNo: number, signal: AbortSignal) =>
    (
      await http.get<ListResponse<VehicleRef>>(`api/vehicles/${which}`, {
        query: { fleetId, pageSize: VEHICLE_PAGE_SIZE, pageNo },
        signal,
      })
    ).data;
  return {
    ownerKey: [FLEETS, fleetId],
    fetchAssigned: page('assigned'),
    fetchUnassigned: page('unassigned'),
    setAssigned: (vehicleIds, isAssigned) =>
      http.patch('api/vehicle/assign', [{ fleetId, vehicleIds }], { query: { isAssigned } }),
    alsoInvalidate: [[FLEETS, 'list'], ['vehicles']],
  };
}
