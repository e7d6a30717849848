import { can, type Access, type Requirement } from './permissions';
import { useSession } from './useSession';

/** The signed-in user's roles and pages (none before the session is known). */
export function useAccess(): Access {
  const { account, allowedPages } = useSession();
  return { authorities: account?.authorities ?? [], pages: allowedPages };
}

/** Whether the signed-in user may do what is asked (permissions.ts decides; the server checks the same). */
export function useCan(requirement: Requirement): boolean {
  return can(useAccess(), requirement);
}
