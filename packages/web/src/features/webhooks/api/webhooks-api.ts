import type { Webhook, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookUpdate } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { getQuery } from '../../../api/query-options';

/** Every query of the webhooks hangs under this key: a change renews the list, the hook and its deliveries. */
const WEBHOOKS = 'webhooks';

/** GET api/webhooks: the caller's own hooks; an administrator's list holds every hook. */
export function useWebhooks() {
  return useQuery(getQuery<Webhook[]>([WEBHOOKS, 'list'], 'api/webhooks'));
}

/** GET api/webhooks/{id}; null id: nothing to load. */
export function useWebhook(id: number | null) {
  return useQuery({ ...getQuery<Webhook>([WEBHOOKS, id], `api/webhooks/${id}`), enabled: id !== null });
}

/** GET api/webhooks/{id}/deliveries: the latest deliveries, newest first. */
export function useWebhookDeliveries(id: number) {
  return useQuery(getQuery<WebhookDelivery[]>([WEBHOOKS, id, 'deliveries'], `api/webhooks/${id}/deliveries`));
}

/** POST api/webhooks: the answer carries the signing secret, which no later call shows again. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (hook: WebhookCreate) => (await http.post<WebhookCreated>('api/webhooks', hook)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [WEBHOOKS] }),
  });
}

/** PUT api/webhooks/{id}: the whole hook again (no secret keeps its own); also how it is paused and resumed. */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, hook }: { id: number; hook: WebhookUpdate }) =>
      (await http.put<Webhook>(`api/webhooks/${id}`, hook)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [WEBHOOKS] }),
  });
}

/** DELETE api/webhooks/{id}: the hook and its deliveries. */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/webhooks/${id}`),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: [WEBHOOKS, id] });
      return client.invalidateQueries({ queryKey: [WEBHOOKS] });
    },
  });
}

/** POST api/webhooks/{id}/test: one 'webhook.test' delivery sent now, answered with how it went. */
export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.post<WebhookDelivery>(`api/webhooks/${id}/test`)).data,
    onSuccess: (_, id) => client.invalidateQueries({ queryKey: [WEBHOOKS, id, 'deliveries'] }),
  });
}
