import { Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { en } from '../locales/en';
import { useHealth } from '../api/management-api';
import type { Format } from '../../../components/format/format';
import { useFormat } from '../../../components/format/useFormat';
import { QueryState } from './QueryState';
import { StatusBadge } from './StatusBadge';

const NAMES: Partial<Record<string, keyof typeof en>> = {
  db: 'health.db',
  broker: 'health.broker',
  mail: 'health.mail',
  disk: 'health.disk',
};
function detailText(key: string, value: unknown, format: Format) {
  if ((key === 'free' || key === 'total' || key === 'threshold') && typeof value === 'number')
    return format.fixed(value / 1024 ** 3, 1, 'GiB');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** /admin/health: each dependency's state, refreshed every 10 s. */
export function HealthPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const health = useHealth();
  return (
    <Stack p="md">
      <Group justify="space-between">
        <Group>
          <Title order={2}>{t('health.title')}</Title>
          {health.data && <StatusBadge status={health.data.status} />}
        </Group>
        <Button variant="default" onClick={() => void health.refetch()} loading={health.isFetching}>
          {t('health.refresh')}
        </Button>
      </Group>
      <QueryState query={health}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {Object.entries(data.components ?? {}).map(([name, component]) => {
              const known = NAMES[name];
              return (
                <Card key={name} withBorder data-testid={`health-${name}`}>
                  <Group justify="space-between" mb="xs">
                    <Text fw={600}>{known ? t(known) : name}</Text>
                    <StatusBadge status={component.status} />
                  </Group>
                  {Object.entries(component.details ?? {}).map(([key, value]) => (
                    <Text size="sm" key={key}>
                      {key}: <Code>{detailText(key, value, format)}</Code>
                    </Text>
                  ))}
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
