import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DashboardCardProps {
  id: string;
  title: string;
  /** What period the figures cover, e.g. 'This month (Nov 2026)' or 'Now'. */
  period: string;
  loading: boolean;
  error: boolean;
  children: ReactNode;
}

/** One card of the dashboard: a title, the figures (or their skeleton); the whole card drags it. */
export function DashboardCard({ id, title, period, loading, error, children }: DashboardCardProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper
      withBorder
      shadow="xs"
      radius="md"
      h="100%"
      p="sm"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Stack gap={0} data-testid={`card-heading-${id}`}>
        <Text fw={600} size="sm" truncate data-testid={`card-title-${id}`}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" truncate data-testid={`card-period-${id}`}>
          {period}
        </Text>
      </Stack>
      <Stack gap={4} mt="xs" style={{ flex: 1, justifyContent: 'center' }} data-testid={`card-body-${id}`}>
        {loading ? (
          <>
            <Skeleton height={28} width="50%" />
            <Skeleton height={10} width="80%" />
          </>
        ) : error ? (
          <Alert color="red" variant="light" p="xs" data-testid={`card-error-${id}`}>
            {t('card.loadFailed')}
          </Alert>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/** A big figure with its unit and an optional line under it. */
export function Figure({ value, unit, note, testId }: { value: string; unit?: string; note?: string; testId: string }) {
  return (
    <div>
      <Group gap={6} align="baseline">
        <Text fz={28} fw={700} lh={1.1} data-testid={testId}>
          {value}
        </Text>
        {unit && (
          <Text size="sm" c="dimmed">
            {unit}
          </Text>
        )}
      </Group>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </div>
  );
}
