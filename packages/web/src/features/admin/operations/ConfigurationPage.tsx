import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigProps, useEnv } from '../api/management-api';
import { FilterInput } from './FilterInput';
import { KeyValueTable } from './KeyValueTable';
import { QueryState } from './QueryState';

/** Nested configuration flattened to dotted names (database.kind, mqtt.port, ...). */
function flatten(value: unknown, prefix = ''): [string, unknown][] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, value]];
}

/** /admin/configuration: the server's settings and environment, every secret masked by the server. */
export function ConfigurationPage() {
  const { t } = useTranslation('admin');
  const config = useConfigProps();
  const env = useEnv();
  const [filter, setFilter] = useState('');
  return (
    <Stack p="md">
      <Title order={2}>{t('section.configuration')}</Title>
      <FilterInput value={filter} onChange={setFilter} placeholder={t('configuration.placeholder')} />
      <Title order={4}>{t('configuration.settings')}</Title>
      <QueryState query={config}>
        {(data) => <KeyValueTable entries={flatten(data)} filter={filter} testId="configprops" />}
      </QueryState>
      <Title order={4}>{t('configuration.environment')}</Title>
      <QueryState query={env}>
        {(data) => <KeyValueTable entries={Object.entries(data)} filter={filter} testId="env" />}
      </QueryState>
    </Stack>
  );
}
