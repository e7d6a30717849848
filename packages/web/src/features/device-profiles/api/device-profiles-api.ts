import type { DeviceProfile, DeviceProfileWrite } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** Every query of the device profiles hangs under this key (the tracker form's choices too). */
const PROFILES = 'device-profiles';

/** An IO element a profile's trackers sent that it does not map: one row per vehicle that sent it. */
export interface UnmappedElement {
  vehicleId: number;
  vehicleName: string;
  io: number;
  /** The last raw value (an NX element as its unsigned number); null when it was too long to keep. */
  lastValue: number | null;
  lastSeen: string;
}

/** How often the unmapped elements are asked for again: a tracker reports every few seconds to minutes. */
const UNMAPPED_REFRESH_MS = 15_000;

/** GET api/device-profiles (administrators, staff, dealers), by name. */
export function useDeviceProfiles() {
  return useQuery({
    queryKey: [PROFILES],
    queryFn: async ({ signal }) => (await http.get<DeviceProfile[]>('api/device-profiles', { signal })).data,
  });
}

/** GET api/device-profiles/{id}. */
export function useDeviceProfile(id: number | null) {
  return useQuery({
    queryKey: [PROFILES, id],
    queryFn: async ({ signal }) => (await http.get<DeviceProfile>(`api/device-profiles/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** GET api/device-profiles/{id}/unmapped (administrators): what the profile's vehicles send that it does not map. */
export function useUnmapped(id: number) {
  return useQuery({
    queryKey: [PROFILES, id, 'unmapped'],
    queryFn: async ({ signal }) =>
      (await http.get<UnmappedElement[]>(`api/device-profiles/${id}/unmapped`, { signal })).data,
    refetchInterval: UNMAPPED_REFRESH_MS,
  });
}

/** POST (no id) or PUT (an id) api/device-profiles; every profile query is renewed after. */
export function useSaveDeviceProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, profile }: { id?: number; profile: DeviceProfileWrite }) =>
      (id === undefined
        ? await http.post<DeviceProfile>('api/device-profiles', profile)
        : await http.put<DeviceProfile>(`api/device-profiles/${id}`, profile)
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [PROFILES] }),
  });
}

/** DELETE api/device-profiles/{id}: refused (409) while vehicles use it, and (400) for the built-in one. */
export function useDeleteDeviceProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/device-profiles/${id}`),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: [PROFILES, id] });
      return client.invalidateQueries({ queryKey: [PROFILES] });
    },
  });
}
