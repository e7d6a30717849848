import { useEffect } from 'react';
import { changeLanguage } from '../i18n';
import { useSession } from '../session/useSession';

/** The portal speaks the signed-in account's language (its langKey), switching when it is saved. */
export function useAccountLanguage(): void {
  const { account } = useSession();
  const langKey = account?.langKey;
  useEffect(() => {
    if (langKey !== undefined) void changeLanguage(langKey);
  }, [langKey]);
}
