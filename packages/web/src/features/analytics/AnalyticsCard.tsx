import { Card, Center, Group, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AnalyticsCardProps {
  title: string;
  /** A line under the title saying what the figures cover. */
  subtitle?: string;
  /** Beside the title, e.g. the Export button. */
  action?: ReactNode;
  loading: boolean;
  /** The call failed; the HTTP client has already said why in a toast. */
  failed: boolean;
  empty: boolean;
  emptyText: string;
  /** The room the content takes, so the page does not jump when it arrives. */
  height: number;
  testId: string;
  children: ReactNode;
}

/** One panel of the analytics page: its title, then a skeleton, a failure, an empty note or the content. */
export function AnalyticsCard(props: AnalyticsCardProps) {
  const { t } = useTranslation('analytics');
  const { title, subtitle, action, loading, failed, empty, emptyText, height, testId, children } = props;
  const note = (text: string, state: string) => (
    <Center h={Math.min(height, 160)} data-testid={`${testId}-${state}`}>
      <Text c="dimmed">{text}</Text>
    </Center>
  );
  let body: ReactNode = children;
  if (loading) body = <Skeleton h={height} data-testid={`${testId}-loading`} />;
  else if (failed) body = note(t('card.loadFailed'), 'error');
  else if (empty) body = note(emptyText, 'empty');

  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={4}>{title}</Title>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {action}
      </Group>
      {body}
    </Card>
  );
}
