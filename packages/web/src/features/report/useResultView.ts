import { CAN_REPORT_DEFAULT_PAGE_SIZE, DATE_COLUMN, reportColumnOf, type CanReportFilterInput } from '@evfleet/domain';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { toast } from '../../notify/toast';
import { storeCriteria, type ReportCriteria } from './criteria-store';
import type { ColumnSort } from './reportColumns';

/**
 * §4 "a 3-second delay flag exists after column selection changes": the Columns picker may be
 * clicked several times in a row, so its choice is applied (and the report fetched again) once
 * it has rested for this long; until then the page says the change is pending.
 */
export const COLUMN_CHANGE_DELAY_MS = 3000;

const DEFAULT_SORT: ColumnSort = { column: DATE_COLUMN, direction: 'asc' };

/**
 * The result page's state: the criteria with the applied columns, the pending column choice, paging
 * and sort; `noSignals` is what an empty column choice toasts.
 */
export function useResultView(initial: ReportCriteria, noSignals: string) {
  const [criteria, setCriteria] = useState(initial);
  const [pickedColumns, setPickedColumns] = useState<string[]>(initial.columns ?? []);
  const [pending, setPending] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(CAN_REPORT_DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<ColumnSort>(DEFAULT_SORT);

  const applyColumns = useDebouncedCallback((columns: string[]) => {
    setPending(false);
    if (columns.length === 0) {
      // The report needs a signal (§5 check 2); the grid keeps the columns it has.
      toast.error(noSignals);
      setPickedColumns(criteria.columns ?? []);
      return;
    }
    const next = { ...criteria, columns };
    setCriteria(next);
    storeCriteria(next);
    setPage(0);
    // A sort by a column no longer shown falls back to the date.
    if (sort.column !== DATE_COLUMN && !columns.map(reportColumnOf).includes(sort.column)) setSort(DEFAULT_SORT);
  }, COLUMN_CHANGE_DELAY_MS);

  const filter: CanReportFilterInput = {
    ...criteria,
    pageNo: page,
    pageSize,
    sortBy: sort.column,
    sortType: sort.direction === 'asc' ? 'ASC' : 'DESC',
  };

  return {
    criteria,
    filter,
    pickedColumns,
    /** True from a Columns change until it is applied. */
    columnsPending: pending,
    pickColumns: (columns: string[]) => {
      setPickedColumns(columns);
      setPending(true);
      applyColumns(columns);
    },
    page,
    setPage,
    pageSize,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(0);
    },
    sort,
    /** A header click: the server sorts, from the first page; no sort means the date, ascending. */
    setSort: (next: ColumnSort | null) => {
      setSort(next ?? DEFAULT_SORT);
      setPage(0);
    },
  };
}
