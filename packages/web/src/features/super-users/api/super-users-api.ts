import type { SuperUser, SuperUserWrite } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanPayload } from '../../../api/clean-payload';
import { http } from '../../../api/http';
import type { PagedListSource } from '../../../components/list/paged-list';

export const SUPER_USERS = 'superUsers';

export const superUsersSource: PagedListSource = {
  key: SUPER_USERS,
  listPath: 'api/superUsers',
  // The spec's search path keeps its trailing slash (§7).
  searchPath: 'api/superUsers/search/',
  searchParam: 'name',
};

/** GET api/superUsers/{id}: one super user (the detail page). */
export function useSuperUser(id: number | null) {
  return useQuery({
    queryKey: [SUPER_USERS, id],
    queryFn: async ({ signal }) => (await http.get<SuperUser>(`api/superUsers/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** A create carries no id (§7); the form's id is only there on edit. */
type SuperUserSave = Omit<SuperUserWrite, 'id'> & { id?: number };

/** POST (new, without id) or PUT (existing) api/superUsers; the list reloads after either. */
export function useSaveSuperUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...user }: SuperUserSave) =>
      (
        await (id
          ? http.put<SuperUser>('api/superUsers', cleanPayload({ id, ...user }))
          : http.post<SuperUser>('api/superUsers', cleanPayload(user)))
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [SUPER_USERS] }),
  });
}

export function useDeleteSuperUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/superUsers/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [SUPER_USERS] }),
  });
}
