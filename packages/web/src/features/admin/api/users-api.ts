import type { Role, User, UserWrite } from '@evfleet/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, totalCount } from '../../../api/http';

export interface UsersQuery {
  page: number;
  size: number;
  /** Spring style: 'field,asc'. */
  sort: string;
}

export interface UsersPage {
  rows: User[];
  total: number;
}

const USERS = ['admin-users'] as const;

/** GET api/users?page&size&sort; the total comes from x-total-count. */
async function listUsers(query: UsersQuery, signal: AbortSignal): Promise<UsersPage> {
  const { data, headers } = await http.get<User[]>('api/users', { query: { ...query }, signal });
  return { rows: data, total: totalCount(headers) };
}

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: [...USERS, query],
    queryFn: ({ signal }) => listUsers(query, signal),
    // Keep the current page on screen while the next one loads, so the grid does not flash empty.
    placeholderData: keepPreviousData,
  });
}

/** GET api/users/authorities: the roles a user can be given. */
export function useAuthorities() {
  return useQuery({
    queryKey: ['authorities'],
    queryFn: async () => (await http.get<Role[]>('api/users/authorities')).data,
    staleTime: Infinity,
  });
}

/** POST (new) or PUT (existing) api/users; the list reloads after either (§7). */
export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (user: UserWrite) =>
      (await (user.id ? http.put<User>('api/users', user) : http.post<User>('api/users', user))).data,
    onSuccess: () => client.invalidateQueries({ queryKey: USERS }),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (user: User) => http.delete(`api/users/${user.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: USERS }),
  });
}
