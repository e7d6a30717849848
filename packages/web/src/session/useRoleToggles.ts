import {
  ADMIN_ONLY,
  allowedBy,
  dealerActionKey,
  governingToggles,
  permitted,
  type GovernedAccess,
  type PermissionRole,
  type RolePermissions,
  type ToggleSubject,
} from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../api/http';
import { can, type Access } from './permissions';
import { useAccess } from './useCan';

/** The caller's own role toggles, under the key the role-permission pages update. */
const togglesKey = (role: PermissionRole) => ['role-permissions', role] as const;

function subjectOf(access: Access): { subject: ToggleSubject; role: PermissionRole | null } {
  if (can(access, { roles: ADMIN_ONLY })) return { subject: 'other', role: null };
  const { authorities } = access;
  if (authorities.includes('ROLE_DEALER')) return { subject: 'dealer', role: 'ROLE_DEALER' };
  if (authorities.includes('ROLE_FLEET')) return { subject: 'fleet', role: 'ROLE_FLEET' };
  return { subject: 'other', role: null };
}

/**
 * What the role-permission toggles let the signed-in user do, as the server decides it (domain's
 * governingToggles). Screens ask before calling, because a refused call answers 403 (a refused read
 * shows the page as not authorised): an action or panel the toggles forbid is not offered at all.
 * Until the toggles have loaded nothing governed is allowed.
 */
export function useRoleToggles() {
  const { subject, role } = subjectOf(useAccess());
  const own = useQuery({
    queryKey: togglesKey(role ?? 'ROLE_FLEET'),
    queryFn: async ({ signal }) => (await http.get<RolePermissions>(`api/role-permissions/${role}`, { signal })).data,
    enabled: role !== null,
  });
  const permissions = own.data?.permissions;
  return {
    /** The toggles that govern this user are known (at once for those no toggle governs). */
    ready: role === null || permissions !== undefined,
    /** An access to vehicle data (or a fleet owner's Driver Screen), for one vehicle when given. */
    allows(access: GovernedAccess, vehicle?: { fleetId: number | null }): boolean {
      const rule = governingToggles(subject, access, vehicle);
      return rule === null || (permissions !== undefined && allowedBy(permissions, rule));
    },
    /** A dealer's assign (true) or unassign (false); nobody else is governed by those switches. */
    allowsAssignment(isAssigned: boolean): boolean {
      return subject !== 'dealer' || (permissions !== undefined && permitted(permissions, dealerActionKey(isAssigned)));
    },
  };
}
