import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Loading and failure of one administration call; the content once it answered. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <Alert color="red">The server did not answer this call. Try again in a moment.</Alert>;
  return <Loader size="sm" aria-label="Loading" />;
}
