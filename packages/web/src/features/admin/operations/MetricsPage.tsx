import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { MetricsSummary } from '@evfleet/domain';
import { useMetrics } from '../api/management-api';
import { QueryState } from './QueryState';

const mib = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MiB`;
const count = (n: number) => n.toLocaleString('en-US');

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
  const rejected = Object.values(m.ingestion.rejected).reduce((a, b) => a + b, 0);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Figure
        label="Uptime"
        value={`${Math.floor(m.uptimeSeconds / 3600)} h ${Math.floor((m.uptimeSeconds % 3600) / 60)} min`}
      />
      <Figure
        label="Memory (resident / heap used)"
        value={`${mib(m.memory.rssBytes)} / ${mib(m.memory.heapUsedBytes)}`}
      />
      <Figure label="Event-loop delay p99" value={`${m.eventLoop.p99Ms} ms`} />
      <Figure label="Readings stored" value={count(m.ingestion.stored)} testId="metric-readings" />
      <Figure label="Readings refused" value={count(rejected)} />
      <Figure label="Alerts raised" value={count(m.alerts.raised)} />
      <Figure label="Outbox waiting" value={count(m.outbox.pending)} />
      <Figure label="Messages sent / failed" value={`${count(m.outbox.sent)} / ${count(m.outbox.failed)}`} />
    </SimpleGrid>
  );
}

/** /admin/metrics: the figures of management/jhimetrics (Prometheus text is at management/prometheus). */
export function MetricsPage() {
  const metrics = useMetrics();
  return (
    <Stack p="md">
      <Group justify="space-between">
        <Title order={2}>Application metrics</Title>
        <Text size="sm" c="dimmed">
          Scrapers read the same figures at /management/prometheus.
        </Text>
      </Group>
      <QueryState query={metrics}>
        {(m) => (
          <>
            <Figures m={m} />
            <Title order={4}>HTTP requests</Title>
            <Table striped highlightOnHover data-testid="http-metrics">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Route</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Count</Table.Th>
                  <Table.Th ta="right">Mean (ms)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.http.map((h) => (
                  <Table.Tr key={`${h.method} ${h.route} ${h.status}`}>
                    <Table.Td>{h.method}</Table.Td>
                    <Table.Td>{h.route}</Table.Td>
                    <Table.Td>{h.status}</Table.Td>
                    <Table.Td ta="right">{count(h.count)}</Table.Td>
                    <Table.Td ta="right">{h.meanMs}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
