import type { ListResponse } from '@evfleet/domain';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { http, type CallOptions } from './http';

/** One GET as query options (its key and its fetcher): a screen spreads it into useQuery beside its own options. */
export const getQuery = <T>(queryKey: QueryKey, path: string, query?: CallOptions['query']) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) => (await http.get<T>(path, { query, signal })).data,
  });

/** The first page of an entity's list (pageNo 0, pageSize), as the rows a form's drop-down offers. */
export const listChoices = <T>(key: string, path: string, pageSize: number) =>
  queryOptions({
    queryKey: [key, 'options', pageSize],
    queryFn: async ({ signal }) =>
      (await http.get<ListResponse<T>>(path, { query: { pageNo: 0, pageSize }, signal })).data?.data ?? [],
  });
