import type { Dealer, DealerWrite, User } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { entityApi } from '../../../api/entity-api';
import { getQuery } from '../../../api/query-options';

const dealers = entityApi<Dealer, DealerWrite>({
  key: 'dealers',
  path: 'api/dealers',
  search: { path: 'api/dealers/search', param: 'name' },
  // The fleets list shows dealer names and emails, so a dealer change makes it stale too.
  shownIn: ['fleets'],
});

export const dealersSource = dealers.source;

/** GET api/dealers/{id}; null id: nothing to load. */
export const useDealer = dealers.useRecord;

/** POST (201) or PUT (200) api/dealers; without a new password an update keeps the current one. */
export const useSaveDealer = dealers.useSave;

/** DELETE api/dealers/{id}. */
export const useDeleteDealer = dealers.useDelete;

/** The sign-in accounts a dealer can be linked to (api/users is for administrators only). */
export function useUserOptions(enabled: boolean) {
  return useQuery({
    ...getQuery<User[]>(['admin-users', 'options'], 'api/users', { page: 0, size: 1000, sort: 'login,asc' }),
    select: (users) => users ?? [],
    enabled,
  });
}
