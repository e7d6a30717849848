import type { PermissionRole, RolePermissions } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

const key = (role: PermissionRole) => ['role-permissions', role] as const;

/** GET api/role-permissions/{authority}: every toggle's stored state. */
export function useRolePermissions(role: PermissionRole) {
  return useQuery({
    queryKey: key(role),
    queryFn: async ({ signal }) => (await http.get<RolePermissions>(`api/role-permissions/${role}`, { signal })).data,
  });
}

/** PUT api/role-permissions/{authority} with the toggles changed; the answer is the whole new state. */
export function useSaveRolePermissions(role: PermissionRole) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (permissions: Record<string, boolean>) =>
      (await http.put<RolePermissions>(`api/role-permissions/${role}`, { permissions })).data,
    onSuccess: (saved) => client.setQueryData(key(role), saved),
  });
}
