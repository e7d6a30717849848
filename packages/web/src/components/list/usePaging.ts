import { DEFAULT_PAGE_SIZE } from '@evfleet/domain';
import { useState } from 'react';

export interface Paging {
  /** 0-based, as the calls want it (§4). */
  page: number;
  size: number;
  setPage: (page: number) => void;
  /** §4: changing the page size returns to the first page. */
  setSize: (size: number) => void;
  /** Back to the first page, e.g. after a new search or a create. */
  firstPage: () => void;
}

export function usePaging(initialSize: number = DEFAULT_PAGE_SIZE): Paging {
  const [{ page, size }, setState] = useState({ page: 0, size: initialSize });
  return {
    page,
    size,
    setPage: (next) => setState((current) => ({ ...current, page: next })),
    setSize: (next) => setState({ page: 0, size: next }),
    firstPage: () => setState((current) => ({ ...current, page: 0 })),
  };
}
