import { Card, Center, Loader, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FiguresTable, type FiguresColumn } from './FiguresTable';

/** The period's figures the tab shows: each card's title, what it says when empty, and its test id (its table's is `{testId}-table`). */
const CARDS = {
  sessions: { title: 'battery.sessions', empty: 'battery.noSessions', testId: 'charging-sessions' },
  trips: { title: 'battery.trips', empty: 'battery.noTrips', testId: 'trips' },
} as const;

interface FiguresCardProps<T> {
  of: keyof typeof CARDS;
  query: UseQueryResult<readonly T[]>;
  columns: readonly FiguresColumn<T>[];
}

/** A titled card of the chosen period's charging sessions or trips: a loader, the table, or why it failed. */
export function FiguresCard<T>({ of, query, columns }: FiguresCardProps<T>) {
  const { t } = useTranslation('vehicles');
  const { title, empty, testId } = CARDS[of];
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Title order={5} mb="sm">
        {t(title)}
      </Title>
      {query.data ? (
        <FiguresTable rows={query.data} columns={columns} empty={t(empty)} testId={`${testId}-table`} />
      ) : query.isPending ? (
        <BatteryLoading />
      ) : (
        <Text c="dimmed" size="sm">
          {t('battery.failed')}
        </Text>
      )}
    </Card>
  );
}

/** What the Battery tab shows while a part of it loads. */
export function BatteryLoading() {
  return (
    <Center py="lg">
      <Loader size="sm" />
    </Center>
  );
}
