import type { AlertAttribute, Dealer, ListResponse, Vehicle, VehicleTemplate, VehicleWrite } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanPayload } from '../../../api/clean-payload';
import { http } from '../../../api/http';
import type { PagedListSource } from '../../../components/list/paged-list';

export const VEHICLES = 'vehicles';

/** GET api/vehicles?pageSize&pageNo and api/vehicles/search?name (§7). */
export const vehiclesSource: PagedListSource = {
  key: VEHICLES,
  listPath: 'api/vehicles',
  searchPath: 'api/vehicles/search',
  searchParam: 'name',
};

/** Vehicle changes show on the fleet, driver and template screens too. */
function useInvalidateVehicles() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [[VEHICLES], ['fleets'], ['drivers'], ['vehicle-templates']].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

/** GET api/vehicles/{id}; null id: nothing to load. */
export function useVehicle(id: number | null) {
  return useQuery({
    queryKey: [VEHICLES, id],
    queryFn: async ({ signal }) => (await http.get<Vehicle>(`api/vehicles/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** POST (new) or PUT (existing) api/vehicles. */
export function useSaveVehicle() {
  const invalidate = useInvalidateVehicles();
  return useMutation({
    mutationFn: async (vehicle: VehicleWrite) => {
      const payload = cleanPayload(vehicle);
      return (
        await (vehicle.id ? http.put<Vehicle>('api/vehicles', payload) : http.post<Vehicle>('api/vehicles', payload))
      ).data;
    },
    onSuccess: invalidate,
  });
}

/** PUT api/vehicles/{id}/attributes/{metric}: 'Update This Signal Only' stores one metric's thresholds at once. */
export function useSaveVehicleAttribute(id: number) {
  const invalidate = useInvalidateVehicles();
  return useMutation({
    mutationFn: async (attribute: AlertAttribute) =>
      (await http.put<Vehicle>(`api/vehicles/${id}/attributes/${attribute.name}`, attribute)).data,
    onSuccess: invalidate,
  });
}

/** DELETE api/vehicles/{id}. */
export function useDeleteVehicle() {
  const client = useQueryClient();
  const invalidate = useInvalidateVehicles();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/vehicles/${id}`),
    // The deleted vehicle's own query would only answer 404: drop it before the rest refetch.
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: [VEHICLES, id] });
      return invalidate();
    },
  });
}

/** PATCH api/vehicle/status?id&status: the toggle sends the opposite of the current value (§4). */
export function useSetVehicleStatus() {
  const invalidate = useInvalidateVehicles();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) =>
      http.patch('api/vehicle/status', undefined, { query: { id, status } }),
    onSuccess: invalidate,
  });
}

/** POST api/vehicles/{id}/device-token (administrators): a new device credential; the old one stops working. */
export function useRotateDeviceToken() {
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post<{ vin: string; token: string }>(`api/vehicles/${id}/device-token`)).data,
  });
}

/** The largest page the list calls serve: the form's drop-downs offer every dealer and template. */
const OPTIONS_PAGE = { pageNo: 0, pageSize: 1000 };

/** The dealers of the vehicle form: api/dealers at page 0 (§7). */
export function useDealerChoices() {
  return useQuery({
    queryKey: ['dealers', 'options', OPTIONS_PAGE.pageSize],
    queryFn: async ({ signal }) =>
      (await http.get<ListResponse<Dealer>>('api/dealers', { query: OPTIONS_PAGE, signal })).data?.data ?? [],
  });
}

/** The templates of the vehicle form: api/vehicle-templates at page 0. */
export function useTemplateChoices() {
  return useQuery({
    queryKey: ['vehicle-templates', 'options', OPTIONS_PAGE.pageSize],
    queryFn: async ({ signal }) =>
      (await http.get<ListResponse<VehicleTemplate>>('api/vehicle-templates', { query: OPTIONS_PAGE, signal })).data
        ?.data ?? [],
  });
}

/** GET api/vehicle-templates/{id}: a chosen template's thresholds (lists leave out nothing, but the detail is authoritative). */
export async function fetchTemplate(id: number): Promise<VehicleTemplate> {
  return (await http.get<VehicleTemplate>(`api/vehicle-templates/${id}`)).data;
}
