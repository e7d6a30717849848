import { PREFERENCES, type PreferenceKey } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from './http';

export type PreferenceValue<K extends PreferenceKey> = z.infer<(typeof PREFERENCES)[K]['schema']>;

const path = (key: PreferenceKey) => `api/account/preferences/${key}`;
const queryKey = (key: PreferenceKey) => ['preferences', key] as const;

/**
 * One of the signed-in user's screen preferences (GET api/account/preferences/{key}); a key never
 * stored answers its default. Read through the domain schema, so an old stored shape cannot break a screen.
 */
export function usePreference<K extends PreferenceKey>(key: K, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: queryKey(key),
    queryFn: async ({ signal }): Promise<PreferenceValue<K>> => {
      const { data } = await http.get<{ value: unknown }>(path(key), { signal, silent: true });
      const parsed = PREFERENCES[key].schema.safeParse(data?.value);
      return (parsed.success ? parsed.data : PREFERENCES[key].default) as PreferenceValue<K>;
    },
    staleTime: Infinity,
  });
}

/** Stores a preference (PUT), showing it before the server answers; a failure puts the old value back. */
export function useSavePreference<K extends PreferenceKey>(key: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: PreferenceValue<K>) => http.put(path(key), { value }),
    onMutate: async (value) => {
      await client.cancelQueries({ queryKey: queryKey(key) });
      const before = client.getQueryData<PreferenceValue<K>>(queryKey(key));
      client.setQueryData(queryKey(key), value);
      return { before };
    },
    onError: (_error, _value, context) => client.setQueryData(queryKey(key), context?.before),
  });
}
