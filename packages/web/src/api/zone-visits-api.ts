import type { ZoneVisitRow } from '@evfleet/domain';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { http } from './http';
import { periodQuery, type TimeWindow } from './time-window';

/**
 * Where a list of zone visits comes from (docs/zones.md): a vehicle's (`api/vehicles/{id}/zone-visits`)
 * or a zone's (`api/zones/{id}/visits`), and the query key it is kept under.
 */
export interface VisitsSource {
  key: QueryKey;
  path: string;
}

/** GET {path}?from&to: the visits touching the window, oldest first. */
export function useVisits({ key, path }: VisitsSource, window: TimeWindow) {
  return useQuery({
    queryKey: [...key, window.from, window.to],
    queryFn: async ({ signal }) => (await http.get<ZoneVisitRow[]>(path, { query: periodQuery(window), signal })).data,
  });
}

/** GET {path}/xlsx?from&to: the same visits as a workbook. */
export const fetchVisitsXlsx = async ({ path }: VisitsSource, window: TimeWindow) =>
  (await http.get<Blob>(`${path}/xlsx`, { query: periodQuery(window), responseType: 'blob' })).data;
