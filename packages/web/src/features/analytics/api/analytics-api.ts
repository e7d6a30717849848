import type { FleetAnalyticsRow, FleetDay, ReadinessRow } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { periodQuery, type DayPeriod } from '../period';

const FLEET = 'api/analytics/fleet';

/** GET api/analytics/fleet: one row per visible vehicle over the period, by name. */
export function useFleetAnalytics(period: DayPeriod) {
  return useQuery({
    queryKey: ['analytics', 'fleet', period],
    queryFn: async ({ signal }) =>
      (await http.get<FleetAnalyticsRow[]>(FLEET, { query: periodQuery(period), signal })).data,
  });
}

/** GET api/analytics/fleet/daily: the visible fleet's figures per UTC day, oldest first. */
export function useFleetDays(period: DayPeriod) {
  return useQuery({
    queryKey: ['analytics', 'daily', period],
    queryFn: async ({ signal }) =>
      (await http.get<FleetDay[]>(`${FLEET}/daily`, { query: periodQuery(period), signal })).data,
  });
}

/** GET api/analytics/readiness: each visible vehicle's range against its usual day, least range first. */
export function useReadiness() {
  return useQuery({
    queryKey: ['analytics', 'readiness'],
    queryFn: async ({ signal }) => (await http.get<ReadinessRow[]>('api/analytics/readiness', { signal })).data,
  });
}

/** GET api/analytics/fleet/xlsx: the fleet table of the period as a workbook. */
export const fetchFleetXlsx = async (period: DayPeriod) =>
  (await http.get<Blob>(`${FLEET}/xlsx`, { query: periodQuery(period), responseType: 'blob' })).data;
