import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

/** Every query of the API keys hangs under this key. */
const KEYS = 'api-keys';

/** GET api/api-keys: the caller's own keys; an administrator's list holds every key. */
export function useApiKeys() {
  return useQuery({
    queryKey: [KEYS],
    queryFn: async ({ signal }) => (await http.get<ApiKey[]>('api/api-keys', { signal })).data,
  });
}

/** POST api/api-keys: the answer carries the key itself, which no later call shows again. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: ApiKeyCreate) => (await http.post<ApiKeyCreated>('api/api-keys', request)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [KEYS] }),
  });
}

/** DELETE api/api-keys/{id}: the key stops working at once. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/api-keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEYS] }),
  });
}
