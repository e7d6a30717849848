import type { Dealer, DealerWrite, User } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanPayload } from '../../../api/clean-payload';
import { http } from '../../../api/http';
import type { PagedListSource } from '../../../components/list/paged-list';

export const DEALERS = 'dealers';
/** The fleets list shows dealer names and emails, so a dealer change makes it stale too. */
const CHANGED_WITH_DEALERS = [[DEALERS], ['fleets']] as const;

export const dealersSource: PagedListSource = {
  key: DEALERS,
  listPath: 'api/dealers',
  searchPath: 'api/dealers/search',
  searchParam: 'name',
};

/** GET api/dealers/{id}; null id: nothing to load. */
export function useDealer(id: number | null) {
  return useQuery({
    queryKey: [DEALERS, id],
    queryFn: async ({ signal }) => (await http.get<Dealer>(`api/dealers/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** POST (201) or PUT (200) api/dealers; without a new password an update keeps the current one. */
export function useSaveDealer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (dealer: DealerWrite) => {
      const payload = cleanPayload(dealer);
      return (await (dealer.id ? http.put<Dealer>('api/dealers', payload) : http.post<Dealer>('api/dealers', payload)))
        .data;
    },
    onSuccess: () => Promise.all(CHANGED_WITH_DEALERS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export function useDeleteDealer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/dealers/${id}`),
    // Everything but the deleted dealer itself, whose refetch would only answer 404.
    onSuccess: (_, id) =>
      client.invalidateQueries({ queryKey: [DEALERS], predicate: (query) => query.queryKey[1] !== id }),
  });
}

/** The sign-in accounts a dealer can be linked to (api/users is for administrators only). */
export function useUserOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['admin-users', 'options'],
    queryFn: async ({ signal }) =>
      (await http.get<User[]>('api/users', { query: { page: 0, size: 1000, sort: 'login,asc' }, signal })).data ?? [],
    enabled,
  });
}
