import type { ListResponse } from '@evfleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PagedListSource } from '../../api/entity-api';
import { http } from '../../api/http';
import { usePaging } from './usePaging';

interface PageRequest {
  page: number;
  size: number;
  search: string;
}

/** GET the list (or the search when there is text), with pageSize and pageNo (0-based). */
async function fetchPage<T>(source: PagedListSource, { page, size, search }: PageRequest, signal?: AbortSignal) {
  const paging = { pageSize: size, pageNo: page };
  const { data } = search
    ? await http.get<ListResponse<T>>(source.searchPath, { query: { [source.searchParam]: search, ...paging }, signal })
    : await http.get<ListResponse<T>>(source.listPath, { query: paging, signal });
  return { data: data?.data ?? [], totalCount: data?.totalCount ?? 0 };
}

/** The state of a server-paged, searchable list: paging, search text and the current page. */
export function usePagedList<T>(source: PagedListSource, initialSize?: number) {
  const paging = usePaging(initialSize);
  const [search, setSearchText] = useState('');
  const request: PageRequest = { page: paging.page, size: paging.size, search };
  const query = useQuery({
    queryKey: [source.key, 'list', request],
    queryFn: ({ signal }) => fetchPage<T>(source, request, signal),
    // Keep the current page on screen while the next one loads, so the grid does not flash empty.
    placeholderData: keepPreviousData,
  });
  return {
    paging,
    search,
    /** A new search starts from the first page. */
    setSearch: (text: string) => {
      setSearchText(text);
      paging.firstPage();
    },
    rows: query.data?.data,
    total: query.data?.totalCount ?? 0,
    loading: query.isFetching,
  };
}
export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
