import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { MetricsSummary } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { useMetrics } from '../api/management-api';
import { useFormat } from '../../../components/format/useFormat';
import { TableHeader } from '../../../components/TableHeader';
import { QueryState } from './QueryState';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Card>
  );
}

function Figures({ m }: { m: MetricsSummary }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const count = (n: number) => format.number(n, { max: 0 });
  const mib = (bytes: number) => format.fixed(bytes / 1024 ** 2, 0, 'MiB');
  const rejected = Object.values(m.ingestion.rejected).reduce((a, b) => a + b, 0);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Figure
        label={t('metrics.uptime')}
        value={`${Math.floor(m.uptimeSeconds / 3600)} h ${Math.floor((m.uptimeSeconds % 3600) / 60)} min`}
      />
      <Figure label={t('metrics.memory')} value={`${mib(m.memory.rssBytes)} / ${mib(m.memory.heapUsedBytes)}`} />
      <Figure label={t('metrics.eventLoop')} value={`${m.eventLoop.p99Ms} ms`} />
      <Figure label={t('metrics.stored')} value={count(m.ingestion.stored)} testId="metric-readings" />
      <Figure label={t('metrics.refused')} value={count(rejected)} />
      <Figure label={t('metrics.alerts')} value={count(m.alerts.raised)} />
      <Figure label={t('metrics.outbox')} value={count(m.outbox.pending)} />
      <Figure label={t('metrics.messages')} value={`${count(m.outbox.sent)} / ${count(m.outbox.failed)}`} />
      <Figure label={t('metrics.held')} value={count(m.outbox.held)} />
    </SimpleGrid>
  );
}

/** Calls counted by method, route and status, with their mean time. */
function HttpMetrics({ http }: { http: MetricsSummary['http'] }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <Table striped highlightOnHover data-testid="http-metrics">
      <TableHeader
        columns={[
          t('metrics.method'),
          t('metrics.route'),
          t('metrics.status'),
          { label: t('metrics.count'), align: 'right' },
          { label: t('metrics.mean'), align: 'right' },
        ]}
      />
      <Table.Tbody>
        {http.map((h) => (
          <Table.Tr key={`${h.method} ${h.route} ${h.status}`}>
            <Table.Td>{h.method}</Table.Td>
            <Table.Td>{h.route}</Table.Td>
            <Table.Td>{h.status}</Table.Td>
            <Table.Td ta="right">{format.number(h.count, { max: 0 })}</Table.Td>
            <Table.Td ta="right">{h.meanMs}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /admin/metrics: the figures of management/jhimetrics (Prometheus text is at management/prometheus). */
export function MetricsPage() {
  const { t } = useTranslation('admin');
  const metrics = useMetrics();
  return (
    <Stack p="md">
      <Group justify="space-between">
        <Title order={2}>{t('metrics.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('metrics.prometheus')}
        </Text>
      </Group>
      <QueryState query={metrics}>
        {(m) => (
          <>
            <Figures m={m} />
            <Title order={4}>{t('metrics.http')}</Title>
            <HttpMetrics http={m.http} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
