import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../notify/toast';
import { activateAccount } from './api/account-api';

/**
 * §2.1: the login page opened with ?key= activates that account and says how it went in a toast:
 * the server's message on failure, else 'User can not be activated!'. One call per key.
 */
export function useActivationToast(key: string | null): void {
  const { t } = useTranslation('account');
  useQuery({
    queryKey: ['activation-toast', key],
    enabled: Boolean(key),
    staleTime: Infinity,
    queryFn: async () => {
      await activateAccount(key ?? '', { toastFailure: true });
      toast.success(t('activate.toast'));
      return true;
    },
  });
}
