import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { periodFromSearch, type DayPeriod } from './period';

/** The period in the address (?from&to), so that a reload or a shared link shows the same figures. */
export function usePeriod(): [DayPeriod, (period: DayPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => periodFromSearch(params), [params]);
  const setPeriod = useCallback(
    (next: DayPeriod) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('from', next.from);
        updated.set('to', next.to);
        return updated;
      }),
    [setParams],
  );
  return [period, setPeriod];
}
