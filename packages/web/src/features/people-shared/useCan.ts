import { PEOPLE_WRITERS } from '@evfleet/domain';
import { hasAnyAuthority } from '../../app/session/authority';
import { useSession } from '../../app/session/useSession';

export type PeopleWrite = keyof typeof PEOPLE_WRITERS;

/** Whether the signed-in user's roles admit a people change (the server checks the same list). */
export function useCan(write: PeopleWrite): boolean {
  const authorities = useSession().account?.authorities ?? [];
  return hasAnyAuthority(authorities, PEOPLE_WRITERS[write]);
}
