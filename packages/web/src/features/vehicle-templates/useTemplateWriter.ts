import { isAdmin } from '@evfleet/domain';
import { useSession } from '../../app/session/useSession';

/** Templates are changed by administrators only (the server refuses everyone else, docs/permissions.md). */
export function useTemplateWriter(): boolean {
  return isAdmin(useSession().account?.authorities ?? []);
}
