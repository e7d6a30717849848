import {
  type Fleet,
  type FleetAssignment,
  type ListResponse,
  type UnassignedVehicle,
  type VehicleDealerFleets,
} from '@evfleet/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** Every query this screen reads hangs under this key; the vehicle and fleet screens share 'vehicles'. */
const KEY = ['vehicles', 'assignment'] as const;
/** GET api/vehicles/unassigned?withDealers=true&pageNo&pageSize (§7, §9): every vehicle the user sees that is in no fleet, with its dealer. */
export function useUnassignedVehicles(page: number, size: number) {
  return useQuery({
    queryKey: [...KEY, 'unassigned', page, size],
    queryFn: async ({ signal }) =>
      (
        await http.get<ListResponse<UnassignedVehicle>>('api/vehicles/unassigned', {
          query: { withDealers: true, pageNo: page, pageSize: size },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=..: the fleets of each vehicle's dealer. */
export function useDealerFleets(vehicleIds: number[]) {
  return useQuery({
    queryKey: [...KEY, 'dealer-fleets', vehicleIds],
    queryFn: async ({ signal }) =>
      (
        await http.get<VehicleDealerFleets[]>('api/vehicle/vehicleDealersUnassignedFleets/', {
          query: { vehicleIds },
          signal,
        })
      ).data,
    enabled: vehicleIds.length > 0,
  });
}

/** A vehicle of no dealer may join any fleet: the fleets an administrator can choose from (page 0 of 1,000). */
export function useAllFleets(enabled: boolean) {
  return useQuery({
    queryKey: ['fleets', 'options', 'all'],
    queryFn: async ({ signal }) =>
      (await http.get<ListResponse<Fleet>>('api/fleets', { query: { pageNo: 0, pageSize: 1000 }, signal })).data
        ?.data ?? [],
    enabled,
  });
}

/**
 * PATCH api/vehicle/assign?isAssigned=true with the list of {fleetId, vehicleIds} (§4, §7). Afterwards
 * the unassigned and assigned lists (this screen's, the fleets' and the vehicle list) refetch.
 */
export function useAssign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (assignments: FleetAssignment[]) =>
      http.patch('api/vehicle/assign', assignments, { query: { isAssigned: true } }),
    onSuccess: () =>
      Promise.all([['vehicles'], ['fleets'], ['dealers']].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
