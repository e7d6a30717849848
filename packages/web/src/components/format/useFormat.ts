import { DEFAULT_LANG_KEY } from '@evfleet/domain';
import { useMemo } from 'react';
import { usePreference } from '../../api/preferences';
import { useSession } from '../../session/useSession';
import { createFormat, DEFAULT_FORMAT_SETTINGS, type Format } from './format';

/** The signed-in user's formatter: their account language and their 12/24-hour preference. */
export function useFormat(): Format {
  const { account } = useSession();
  const hourCycle = usePreference('hourCycle', { enabled: Boolean(account) }).data;
  const language = account?.langKey || DEFAULT_LANG_KEY;
  return useMemo(
    () => createFormat({ language, hourCycle: hourCycle ?? DEFAULT_FORMAT_SETTINGS.hourCycle }),
    [language, hourCycle],
  );
}
