import type { BatteryHealth, ChargingSession, ChartSignal, SignalSeries, TripFigures } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../api/http';
import { periodQuery, type TimeWindow } from '../../../../api/time-window';
import type { VisitsSource } from '../../../../api/zone-visits-api';
import { detailKey } from './vehicle-detail-api';

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

/** Where the vehicle's zone visits come from (docs/zones.md), kept with its other figures. */
export const zoneVisitsSource = (id: number): VisitsSource => ({
  key: [...analyticsKey(id), 'zone-visits'],
  path: `api/vehicles/${id}/zone-visits`,
});

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
