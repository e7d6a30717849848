import { ADMIN_ONLY } from '@evfleet/domain';
import { useOwnerChoices, type OwnerChoices } from '../../../api/owner-choices';
import { useCan } from '../../../session/useCan';

/** Who picks a hook's scope: an administrator among every dealer and fleet, a dealer among its fleets. */
export type ScopeChooser = 'admin' | 'dealer' | null;

/** Whether the signed-in user picks a hook's scope, and among whom (a fleet owner's hooks are its fleet's). */
export function useScopeChooser(): ScopeChooser {
  const admin = useCan({ roles: ADMIN_ONLY });
  const dealer = useCan({ roles: ['ROLE_DEALER'] });
  return admin ? 'admin' : dealer ? 'dealer' : null;
}

/** The dealers and fleets a hook may be scoped to, and the list names its scope by. */
export function useWebhookOwners(chooser: ScopeChooser): OwnerChoices {
  return useOwnerChoices({ dealers: chooser === 'admin', fleets: chooser !== null });
}
