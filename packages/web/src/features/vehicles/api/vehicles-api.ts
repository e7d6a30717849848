import type { AlertAttribute, Dealer, Vehicle, VehicleTemplate, VehicleWrite } from '@evfleet/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { entityApi } from '../../../api/entity-api';
import { http } from '../../../api/http';
import { listChoices } from '../../../api/query-options';

const vehicles = entityApi<Vehicle, VehicleWrite>({
  key: 'vehicles',
  path: 'api/vehicles',
  search: { path: 'api/vehicles/search', param: 'name' },
  // Vehicle changes show on the fleet, driver and template screens too.
  shownIn: ['fleets', 'drivers', 'vehicle-templates'],
});

/** GET api/vehicles?pageSize&pageNo and api/vehicles/search?name (§7). */
export const vehiclesSource = vehicles.source;

/** GET api/vehicles/{id}; null id: nothing to load. */
export const useVehicle = vehicles.useRecord;

/** POST (new) or PUT (existing) api/vehicles. */
export const useSaveVehicle = vehicles.useSave;

/** PUT api/vehicles/{id}/attributes/{metric}: 'Update This Signal Only' stores one metric's thresholds at once. */
export const useSaveVehicleAttribute = (id: number) =>
  vehicles.useSavePart(id, (attribute: AlertAttribute) => `attributes/${attribute.name}`);

/** DELETE api/vehicles/{id}. */
export const useDeleteVehicle = vehicles.useDelete;

/** PATCH api/vehicle/status?id&status: the toggle sends the opposite of the current value (§4). */
export function useSetVehicleStatus() {
  const invalidate = vehicles.useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) =>
      http.patch('api/vehicle/status', undefined, { query: { id, status } }),
    onSuccess: () => invalidate(),
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
const OPTIONS_PAGE_SIZE = 1000;

/** The dealers of the vehicle form: api/dealers at page 0 (§7). */
export function useDealerChoices() {
  return useQuery(listChoices<Dealer>('dealers', 'api/dealers', OPTIONS_PAGE_SIZE));
}

/** The templates of the vehicle form: api/vehicle-templates at page 0. */
export function useTemplateChoices() {
  return useQuery(listChoices<VehicleTemplate>('vehicle-templates', 'api/vehicle-templates', OPTIONS_PAGE_SIZE));
}

/** GET api/vehicle-templates/{id}: a chosen template's thresholds (lists leave out nothing, but the detail is authoritative). */
export async function fetchTemplate(id: number): Promise<VehicleTemplate> {
  return (await http.get<VehicleTemplate>(`api/vehicle-templates/${id}`)).data;
}
