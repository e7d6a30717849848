import { RECORD_VEHICLES_API, type RecordVehicleOption } from '@evfleet/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanPayload } from '../../../api/clean-payload';
import { http, totalCount } from '../../../api/http';
import type { RecordData, RecordDef } from '../record-types';

export interface RecordListRequest {
  page: number;
  size: number;
  /** 'key,asc' or 'key,desc'. */
  sort: string;
  vehicleId: number | null;
}

/** The API's paths are absolute ('/api/cars'); the HTTP client resolves them against the API base. */
const path = (def: RecordDef, id?: string | number) =>
  (id === undefined ? def.api : `${def.api}/${encodeURIComponent(String(id))}`).replace(/^\//, '');

/**
 * GET {api}?page&size&sort&vehicleId&cacheBuster (§7): one page and the x-total-count total. A list
 * that is only meaningful per vehicle waits for one.
 */
export function useRecordList(def: RecordDef, request: RecordListRequest) {
  const waiting = def.vehicleFilter === 'required' && request.vehicleId === null;
  return useQuery({
    queryKey: [def.key, 'list', request],
    enabled: !waiting,
    queryFn: async ({ signal }) => {
      const { page, size, sort, vehicleId } = request;
      const { data, headers } = await http.get<RecordData[]>(path(def), {
        query: { page, size, sort, vehicleId, cacheBuster: Date.now() },
        signal,
      });
      return { rows: data ?? [], total: totalCount(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET {api}/{id}; null: nothing to load (a new record). */
export function useRecord(def: RecordDef, id: string | null) {
  return useQuery({
    queryKey: [def.key, 'one', id],
    queryFn: async ({ signal }) => (await http.get<RecordData>(path(def, id ?? ''), { signal })).data,
    enabled: id !== null,
  });
}

/**
 * POST (no id) or PUT {api}: the payload cleaned as §3 says. Afterwards the list is fetched again,
 * after an update too (docs/records.md: the list a user returns to shows what was saved).
 */
export function useSaveRecord(def: RecordDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payload: Record<string, unknown>) => {
      const body = cleanPayload(payload);
      const { data } = payload.id
        ? await http.put<RecordData>(path(def), body)
        : await http.post<RecordData>(path(def), body);
      return data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [def.key] }),
  });
}

/** DELETE {api}/{id}. */
export function useDeleteRecord(def: RecordDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(path(def, id)),
    // Not the deleted record itself, whose refetch would only answer 404.
    onSuccess: (_, id) =>
      client.invalidateQueries({ queryKey: [def.key], predicate: (query) => query.queryKey[2] !== id }),
  });
}

/** The vehicles a reference field offers (the caller's scope, 20 at most), matching the typed text. */
export function useVehicleOptions(search: string) {
  return useQuery({
    queryKey: ['record-vehicles', search],
    queryFn: async ({ signal }) =>
      (await http.get<RecordVehicleOption[]>(RECORD_VEHICLES_API.replace(/^\//, ''), { query: { search }, signal }))
        .data ?? [],
    placeholderData: keepPreviousData,
  });
}
