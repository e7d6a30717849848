import { isAdmin } from '@evfleet/domain';
import { useSession } from '../../../app/session/useSession';

/** §6: only administrators add, configure, delete and toggle vehicles; the server checks the same. */
export function useIsAdmin(): boolean {
  return isAdmin(useSession().account?.authorities ?? []);
}
