import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading and failure of one administration call; the content once it answered. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('admin');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <Alert color="red">{t('callFailed')}</Alert>;
  return <Loader size="sm" aria-label={t('loadingLabel')} />;
}
