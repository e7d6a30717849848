import type {
  CellDetail,
  DeviceCanData,
  DeviceData,
  ListResponse,
  RoutePoint,
  Vehicle,
  WarningLogEntry,
} from '@evfleet/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../api/http';

/** Part 2 §4, §9: the detail page re-polls the vehicle's CAN data every 40 s. */
export const CAN_REFRESH_MS = 40_000;
/** §9: warning logs page by 10. */
export const WARNING_LOG_PAGE_SIZE = 10;
/** §2: the grid hides NORMAL rows, so the server is asked only for the other types (paging stays right). */
const SHOWN_WARNING_TYPES = ['WARNING', 'SEVERE'] as const;

/** Every query of one vehicle's detail page hangs under this key, so a refresh reaches them all. */
export const detailKey = (id: number) => ['vehicle-detail', id] as const;
/** The live readings of the page: what the refresh button, the poll and the live feed renew. */
export const liveKey = (id: number) => [...detailKey(id), 'live'] as const;

const get = async <T>(
  path: string,
  query: Record<string, string | number | readonly string[]> | undefined,
  signal: AbortSignal,
) => (await http.get<T>(path, { query, signal })).data;

const polled = { refetchInterval: CAN_REFRESH_MS, staleTime: 0 } as const;

/** GET api/vehicles/{id}: name, VIN, signal letters; polled with the readings (the letters change). */
export function useVehicle(id: number, enabled: boolean) {
  return useQuery({
    ...polled,
    enabled,
    queryKey: [...liveKey(id), 'vehicle'],
    queryFn: ({ signal }) => get<Vehicle>(`api/vehicles/${id}`, undefined, signal),
  });
}

/** The live readings by VIN: CAN data and cells; not asked for when the role may not see them (enabled). */
export function useLiveReadings(id: number, vin: string, enabled = true) {
  const can = useQuery({
    ...polled,
    enabled,
    queryKey: [...liveKey(id), 'can'],
    queryFn: ({ signal }) => get<DeviceCanData>('api/vehicles/device-can-data', { vin }, signal),
  });
  const cells = useQuery({
    ...polled,
    enabled,
    queryKey: [...liveKey(id), 'cells'],
    queryFn: ({ signal }) => get<CellDetail>('api/vehicles/cells', { vin }, signal),
  });
  return { can, cells };
}

/** Where the vehicle is now (GET api/vehicles/device-data?vin): the map's marker and centre. */
export function useDevicePosition(id: number, vin: string) {
  return useQuery({
    ...polled,
    queryKey: [...liveKey(id), 'gps'],
    queryFn: ({ signal }) => get<DeviceData>('api/vehicles/device-data', { vin }, signal),
  });
}

/** Renews the live readings now (the refresh button and the live feed). */
export function useRefreshLive(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: liveKey(id) });
}

/** Local dates (YYYY-MM-DD) of the last 90 days on which the vehicle moved. */
export function useMovingDates(id: number) {
  return useQuery({
    queryKey: [...detailKey(id), 'moving-dates'],
    queryFn: ({ signal }) => get<string[]>(`api/vehicle/movingDates/${id}`, undefined, signal),
  });
}

/** The time ranges of a day; null date: none chosen. */
export function useTimeSlots(id: number, date: string | null) {
  return useQuery({
    enabled: date !== null,
    queryKey: [...detailKey(id), 'time-slots', date],
    queryFn: ({ signal }) => get<string[]>(`api/vehicle/mapTimeSlot/${id}`, { date: date! }, signal),
  });
}

/** The route of one range of a day; null: none chosen. */
export function useRoute(id: number, date: string | null, timeSlot: string | null) {
  return useQuery({
    enabled: date !== null && timeSlot !== null,
    queryKey: [...detailKey(id), 'route', date, timeSlot],
    queryFn: ({ signal }) =>
      get<RoutePoint[]>(`api/vehicle/mapDetail/${id}`, { date: date!, timeSlot: timeSlot! }, signal),
  });
}

const warningLogsKey = (id: number) => [...detailKey(id), 'warning-logs'] as const;

export function useWarningLogs(id: number, pageNo: number) {
  return useQuery({
    queryKey: [...warningLogsKey(id), pageNo],
    queryFn: ({ signal }) =>
      get<ListResponse<WarningLogEntry>>(
        'api/notifications',
        { vehicleId: id, pageNo, pageSize: WARNING_LOG_PAGE_SIZE, type: SHOWN_WARNING_TYPES },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: CAN_REFRESH_MS,
  });
}

/** Renews the warning log (the live feed says the vehicle reported: it may have raised one). */
export function useRefreshWarningLogs(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: warningLogsKey(id) });
}

/** GET api/clearNotifications/{id}: the vehicle's log empties. */
export function useClearWarningLogs(id: number) {
  const refresh = useRefreshWarningLogs(id);
  return useMutation({ mutationFn: () => http.get(`api/clearNotifications/${id}`), onSuccess: refresh });
}

/** POST api/downloadWarningLogs/{id}: the log as a workbook. */
export const fetchWarningLogsXlsx = async (id: number) =>
  (await http.post<Blob>(`api/downloadWarningLogs/${id}`, undefined, { responseType: 'blob' })).data;
