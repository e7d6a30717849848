import type { DashboardCards, DashboardCounts, DashboardFactors } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** GET api/dashboard/dashboardCounts: the live counts, within the caller's scope. */
export function useDashboardCounts() {
  return useQuery({
    queryKey: ['dashboard', 'counts'],
    queryFn: async ({ signal }) => (await http.get<DashboardCounts>('api/dashboard/dashboardCounts', { signal })).data,
  });
}

/** GET api/dashboard/cards: the computed cards for the caller's vehicles (docs/dashboard.md). */
export function useDashboardCards() {
  return useQuery({
    queryKey: ['dashboard', 'cards'],
    queryFn: async ({ signal }) => (await http.get<DashboardCards>('api/dashboard/cards', { signal })).data,
  });
}

const SETTINGS = 'api/dashboard/settings';

/** GET api/dashboard/settings: the factors of the Emission and Dollars Saved cards (administrators). */
export function useDashboardFactors(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'settings'],
    queryFn: async ({ signal }) => (await http.get<DashboardFactors>(SETTINGS, { signal })).data,
    enabled,
  });
}

/** PUT api/dashboard/settings; the cards are computed again with the new factors. */
export function useSaveDashboardFactors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (factors: DashboardFactors) => (await http.put<DashboardFactors>(SETTINGS, factors)).data,
    onSuccess: (factors) => {
      client.setQueryData(['dashboard', 'settings'], factors);
      return client.invalidateQueries({ queryKey: ['dashboard', 'cards'] });
    },
  });
}
