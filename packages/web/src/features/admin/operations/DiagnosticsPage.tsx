import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDiagnostics } from '../api/management-api';
import { useFormat } from '../../../components/format/useFormat';
import { KeyValueTable } from './KeyValueTable';
import { QueryState } from './QueryState';

/**
 * /admin/diagnostics, in place of the JVM thread dump: a Node server does its work on one thread
 * (readings are parsed on a second), so what matters is how late its event loop runs, how busy
 * it and the parse thread are, and what keeps it alive.
 */
export function DiagnosticsPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const mib = (bytes: number) => format.fixed(bytes / 1024 ** 2, 1, 'MiB');
  const diagnostics = useDiagnostics();
  return (
    <Stack p="md">
      <Title order={2}>{t('section.diagnostics')}</Title>
      <QueryState query={diagnostics}>
        {(d) => (
          <>
            <Text size="sm" c="dimmed">
              {t('diagnostics.summary', {
                node: d.node,
                pid: d.pid,
                minutes: Math.round(d.uptimeSeconds / 60),
                busy: Math.round(d.eventLoopUtilization * 100),
              })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="parse-thread">
              {d.parseThreadUtilization === null
                ? t('diagnostics.parseThreadIdle')
                : t('diagnostics.parseThread', { busy: Math.round(d.parseThreadUtilization * 100) })}
            </Text>
            <Title order={4}>{t('diagnostics.delay')}</Title>
            <SimpleGrid cols={{ base: 3, sm: 6 }} data-testid="event-loop-delay">
              {Object.entries(d.eventLoopDelayMs).map(([name, value]) => (
                <Card key={name} withBorder padding="xs">
                  <Text size="xs" c="dimmed">
                    {name}
                  </Text>
                  <Text fw={700}>{value}</Text>
                </Card>
              ))}
            </SimpleGrid>
            <Title order={4}>{t('diagnostics.handles')}</Title>
            <KeyValueTable entries={Object.entries(d.activeResources)} filter="" testId="active-resources" />
            <Title order={4}>{t('diagnostics.memory')}</Title>
            <KeyValueTable entries={Object.entries(d.memory).map(([k, v]) => [k, mib(v)])} filter="" testId="memory" />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
