import type {
  BatteryHealth,
  ChargingSession,
  ChartSignal,
  SignalSeries,
  TripFigures,
  ZoneVisitRow,
} from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../api/http';
import { detailKey } from './vehicle-detail-api';

/** A span of time in epoch ms; the calls take it as ISO instants. */
export interface TimeWindow {
  from: number;
  to: number;
}

const periodQuery = ({ from, to }: TimeWindow) => ({
  from: new Date(from).toISOString(),
  to: new Date(to).toISOString(),
});

const analyticsKey = (id: number) => [...detailKey(id), 'analytics'] as const;

/**
 * GET api/vehicles/{id}/battery-health: capacity, state of health, cycles and cell spread. Kept to
 * those the role toggles let see CAN details, as the charging sessions are (`enabled`).
 */
export function useBatteryHealth(id: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...analyticsKey(id), 'battery-health'],
    queryFn: async ({ signal }) =>
      (await http.get<BatteryHealth>(`api/vehicles/${id}/battery-health`, { signal })).data,
  });
}

/** GET api/vehicles/{id}/charging-sessions?from&to, oldest first. */
export function useChargingSessions(id: number, window: TimeWindow, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...analyticsKey(id), 'charging-sessions', window.from, window.to],
    queryFn: async ({ signal }) =>
      (
        await http.get<ChargingSession[]>(`api/vehicles/${id}/charging-sessions`, {
          query: periodQuery(window),
          signal,
        })
      ).data,
  });
}

/** GET api/vehicles/{id}/trips?from&to with their energy figures, oldest first; null window: none asked. */
export function useTripFigures(id: number, window: TimeWindow | null) {
  return useQuery({
    enabled: window !== null,
    queryKey: [...analyticsKey(id), 'trips', window?.from, window?.to],
    queryFn: async ({ signal }) =>
      (await http.get<TripFigures[]>(`api/vehicles/${id}/trips`, { query: periodQuery(window!), signal })).data,
  });
}

/** GET api/vehicles/{id}/zone-visits?from&to: the visits touching the window, oldest first (docs/zones.md). */
export function useZoneVisits(id: number, window: TimeWindow) {
  return useQuery({
    queryKey: [...analyticsKey(id), 'zone-visits', window.from, window.to],
    queryFn: async ({ signal }) =>
      (await http.get<ZoneVisitRow[]>(`api/vehicles/${id}/zone-visits`, { query: periodQuery(window), signal })).data,
  });
}

/** GET api/vehicles/{id}/zone-visits/xlsx?from&to: the same visits as a workbook. */
export const fetchZoneVisitsXlsx = async (id: number, window: TimeWindow) =>
  (
    await http.get<Blob>(`api/vehicles/${id}/zone-visits/xlsx`, {
      query: periodQuery(window),
      responseType: 'blob',
    })
  ).data;

/**
 * GET api/vehicles/{id}/signal-series: a signal's min and max per bucket, `points` buckets over the
 * window. The last answer stays while the next loads, so a new window or width does not blank the chart.
 */
export function useSignalSeries(id: number, signal: ChartSignal | null, window: TimeWindow, points: number) {
  return useQuery({
    enabled: signal !== null,
    queryKey: [...analyticsKey(id), 'signal-series', signal, window.from, window.to, points],
    queryFn: async ({ signal: abort }) =>
      (
        await http.get<SignalSeries>(`api/vehicles/${id}/signal-series`, {
          query: { signal: signal!, points, ...periodQuery(window) },
          signal: abort,
        })
      ).data,
    // Another signal's answer would be drawn under this one's name: only the same signal's stays.
    placeholderData: (previous) => (previous?.signal === signal ? previous : undefined),
  });
}
