import { DEFAULT_LANG_KEY } from '@evfleet/domain';
import { useMemo } from 'react';
import { usePreference } from '../../api/preferences';
import { useSession } from '../../session/useSession';
import { createFormat, DEFAULT_FORMAT_SETTINGS, type Format } from './format';

/** The signed-in user's formatter: their account language, 12/24-hour clock and date order. */
export function useFormat(): Format {
  const { account } = useSession();
  const signedIn = { enabled: Boolean(account) };
  const hourCycle = usePreference('hourCycle', signedIn).data ?? DEFAULT_FORMAT_SETTINGS.hourCycle;
  const dateStyle = usePreference('dateStyle', signedIn).data ?? DEFAULT_FORMAT_SETTINGS.dateStyle;
  const language = account?.langKey || DEFAULT_LANG_KEY;
  return useMemo(() => createFormat({ language, hourCycle, dateStyle }), [language, hourCycle, dateStyle]);
}
