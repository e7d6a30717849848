import type { ListResponse, Zone, ZoneWrite } from '@evfleet/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQuery } from '../../../api/query-options';
import { http, HttpError } from '../../../api/http';
import type { VisitsSource } from '../../../api/zone-visits-api';

/** Every query of the zones hangs under this key: a change renews the list, the records and the maps' outlines. */
const ZONES = 'zones';

/** The most zones one call answers (docs/zones.md): what the maps outline. */
const MAP_ZONES = 1000;

/** GET api/zones: one page of the zones the caller may see, newest first. */
export function useZonesPage(page: number, size: number) {
  return useQuery({
    queryKey: [ZONES, 'list', { page, size }],
    queryFn: async ({ signal }) =>
      (await http.get<ListResponse<Zone>>('api/zones', { query: { pageNo: page, pageSize: size }, signal })).data,
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every zone the caller may see, for outlining on the vehicle maps (a driver its fleet's). Silent: an
 * account linked to no one is refused (403) and sees no zones, and a map without its zones still
 * shows the vehicles.
 */
export function useVisibleZones() {
  return useQuery({
    queryKey: [ZONES, 'visible'],
    queryFn: async ({ signal }) => {
      try {
        return (
          await http.get<ListResponse<Zone>>('api/zones', { query: { pageSize: MAP_ZONES }, signal, silent: true })
        ).data.data;
      } catch (error) {
        if (error instanceof HttpError && error.call.status === 403) return [];
        throw error;
      }
    },
    retry: false,
  });
}

/** GET api/zones/{id}; null id: nothing to load. */
export function useZone(id: number | null) {
  return useQuery({ ...getQuery<Zone>([ZONES, id], `api/zones/${id}`), enabled: id !== null });
}

/** Where the zone's visits come from (docs/zones.md); under the zone's key, so a saved zone renews them. */
export const zoneVisitsSource = (id: number): VisitsSource => ({
  key: [ZONES, id, 'visits'],
  path: `api/zones/${id}/visits`,
});

/** POST (no id) or PUT (an id) api/zones; every zone query is renewed after. */
export function useSaveZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, zone }: { id?: number; zone: ZoneWrite }) =>
      (id === undefined ? await http.post<Zone>('api/zones', zone) : await http.put<Zone>(`api/zones/${id}`, zone))
        .data,
    onSuccess: () => client.invalidateQueries({ queryKey: [ZONES] }),
  });
}

/** DELETE api/zones/{id}. */
export function useDeleteZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/zones/${id}`),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: [ZONES, id] });
      return client.invalidateQueries({ queryKey: [ZONES] });
    },
  });
}
