import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cleanPayload } from './clean-payload';
import { http, type CallOptions } from './http';
import { getQuery } from './query-options';

/** Where one server-paged list (people, vehicles, templates) comes from: the paged list and its server-side search (§7). */
export interface PagedListSource {
  /** The first part of every query key of this entity; invalidating it refetches the list. */
  key: string;
  listPath: string;
  searchPath: string;
  /** The query parameter carrying the search text: `name` or `searchKey`. */
  searchParam: string;
}

/** What a delete is given: the record's id, or the id with the answers of the dialog. */
type DeleteVariables = number | { id: number };

interface EntityApiConfig<D extends DeleteVariables> {
  /** The first part of every query key of the entity: its lists, its records and what hangs under them. */
  key: string;
  /** The collection: GET {path} (the list) and {path}/{id}, POST and PUT {path}, DELETE {path}/{id}. */
  path: string;
  /** The list's server-side search: its path and the parameter carrying the text. */
  search: { path: string; param: string };
  /** The keys of the other entities whose screens show this one: a change to it makes them stale too. */
  shownIn?: readonly string[];
  /** What a delete sends besides the id, such as a confirmation the dialog asked for. */
  deleteQuery?: (variables: D) => CallOptions['query'];
}

const idOf = (variables: DeleteVariables) => (typeof variables === 'number' ? variables : variables.id);

/**
 * The calls of one entity of the people and vehicle screens, one way for all: its list source, a
 * record, save (POST new, PUT existing), a part of a record, and delete; after a change every query
 * that shows the entity is fetched again.
 */
export function entityApi<T, W extends object, D extends DeleteVariables = number>(config: EntityApiConfig<D>) {
  const { key, path } = config;
  const changed = [key, ...(config.shownIn ?? [])];

  /** Marks stale every query that shows the entity; never the deleted record itself, whose refetch would only answer 404. */
  const invalidate = (client: QueryClient, deletedId?: number) =>
    Promise.all(
      changed.map((each) =>
        client.invalidateQueries({
          queryKey: [each],
          predicate: (query) => each !== key || deletedId === undefined || query.queryKey[1] !== deletedId,
        }),
      ),
    );

  /** GET {path}/{id}; null id: nothing to load. */
  const recordQuery = (id: number | null) => ({ ...getQuery<T>([key, id], `${path}/${id}`), enabled: id !== null });

  /** The changes as mutation options: what each sends, and what it makes stale once the server agreed. */
  const mutations = {
    /** POST (new, no id) or PUT (existing) {path}, with the payload cleaned as §3 says. */
    save: (client: QueryClient) => ({
      mutationFn: async (record: W) => {
        const payload = cleanPayload(record);
        return (await ('id' in record && record.id ? http.put<T>(path, payload) : http.post<T>(path, payload))).data;
      },
      onSuccess: () => invalidate(client),
    }),
    /** PUT {path}/{id}/{part}: one part of a record saved on its own. */
    savePart: <B>(client: QueryClient, id: number, part: (body: B) => string) => ({
      mutationFn: async (body: B) => (await http.put<T>(`${path}/${id}/${part(body)}`, body)).data,
      onSuccess: () => invalidate(client),
    }),
    /** DELETE {path}/{id}, with what the dialog answered. */
    remove: (client: QueryClient) => ({
      mutationFn: (variables: D) =>
        http.delete(`${path}/${idOf(variables)}`, { query: config.deleteQuery?.(variables) }),
      onSuccess: (_: unknown, variables: D) => invalidate(client, idOf(variables)),
    }),
  };

  const source: PagedListSource = {
    key,
    listPath: path,
    searchPath: config.search.path,
    searchParam: config.search.param,
  };
  return {
    source,
    recordQuery,
    mutations,
    useRecord: (id: number | null) => useQuery(recordQuery(id)),
    useSave: () => useMutation(mutations.save(useQueryClient())),
    useSavePart: <B>(id: number, part: (body: B) => string) =>
      useMutation(mutations.savePart(useQueryClient(), id, part)),
    useDelete: () => useMutation(mutations.remove(useQueryClient())),
    /** Marks stale what a change of the entity made by another call shows in. */
    useInvalidate: () => {
      const client = useQueryClient();
      return () => invalidate(client);
    },
  };
}
