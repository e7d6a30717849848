import type { PushSubscriptionCreate, PushSubscriptionInfo } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { getQuery } from '../../../api/query-options';

/** Every query of the push subscriptions hangs under this key. */
const PUSH = 'push-subscriptions';

/** GET api/push/vapid-public-key: the key a browser subscribes with; it changes only with the server's keys. */
export function useVapidKey() {
  return useQuery({
    ...getQuery<{ publicKey: string }>(['vapid-public-key'], 'api/push/vapid-public-key'),
    staleTime: Infinity,
  });
}

/** GET api/push/subscriptions: the browsers the signed-in person turned notifications on in. */
export function usePushSubscriptions() {
  return useQuery(getQuery<PushSubscriptionInfo[]>([PUSH], 'api/push/subscriptions'));
}

/** POST api/push/subscriptions: a browser's subscription, made or changed (one per endpoint). */
export function useSavePushSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscriptionCreate) =>
      (await http.post<PushSubscriptionInfo>('api/push/subscriptions', subscription)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [PUSH] }),
  });
}

/** DELETE api/push/subscriptions/{id}: that browser is sent nothing more. */
export function useRemovePushSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/push/subscriptions/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [PUSH] }),
  });
}
