import { Alert, Button, Center, Container, Group, Loader, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layout } from 'react-grid-layout';
import { usePreference, useSavePreference } from '../../api/preferences';
import { useFormat } from '../../components/format/useFormat';
import { useDashboardCards, useDashboardCounts } from './api/dashboard-api';
import { mergeLayout, storedLayout } from './dashboard-layout';
import { DashboardFactorsButton } from './DashboardFactorsButton';
import { DashboardGrid } from './DashboardGrid';
import { dashboardTiles } from './dashboardTiles';

/** / (exact): the draggable card grid of part 2 §2 "Dashboard", arranged per user. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const counts = useDashboardCounts();
  const format = useFormat();
  const cards = useDashboardCards();
  const saved = usePreference('dashboardLayout');
  const saveLayout = useSavePreference('dashboardLayout');

  const layout = useMemo(() => mergeLayout(saved.data), [saved.data]);
  const arranged = (layout: Layout) => saveLayout.mutate(storedLayout(layout));

  return (
    <Container fluid py="md">
      <Group justify="space-between" maw={1200} mb="sm">
        <Title order={2} data-testid="dashboard-title">
          {t('page.title')}
        </Title>
        <Group gap="xs">
          {/* An empty stored layout is the default one (mergeLayout places every card). */}
          <Button
            variant="default"
            leftSection={<IconRestore size={16} />}
            disabled={!saved.data?.length}
            onClick={() => saveLayout.mutate([])}
            data-testid="dashboard-reset-layout"
          >
            {t('page.resetLayout')}
          </Button>
          <DashboardFactorsButton />
        </Group>
      </Group>
      {counts.isError && cards.isError && (
        <Alert color="red" mb="sm" maw={1200} data-testid="dashboard-error">
          {t('page.loadFailed')}
        </Alert>
      )}
      {saved.isPending ? (
        <Center h={200}>
          <Loader size="sm" />
        </Center>
      ) : (
        <DashboardGrid tiles={dashboardTiles(counts, cards, format, t)} layout={layout} onArranged={arranged} />
      )}
    </Container>
  );
}
