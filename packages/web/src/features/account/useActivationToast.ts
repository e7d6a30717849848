import { ACCOUNT_TEXTS } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../app/toast';
import { activateAccount } from './api/account-api';

/**
 * §2.1: the login page opened with ?key= activates that account and says how it went in a toast:
 * the server's message on failure, else 'User can not be activated!'. One call per key.
 */
export function useActivationToast(key: string | null): void {
  useQuery({
    queryKey: ['activation-toast', key],
    enabled: Boolean(key),
    staleTime: Infinity,
    queryFn: async () => {
      await activateAccount(key ?? '', { toastFailure: true });
      toast.success(ACCOUNT_TEXTS.activated);
      return true;
    },
  });
}
