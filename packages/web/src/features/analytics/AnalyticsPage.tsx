import { Container, Grid, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/format/useFormat';
import { DailyChargingChart } from './DailyChargingChart';
import { FleetTable } from './FleetTable';
import { PeriodPicker } from './PeriodPicker';
import { ReadinessList } from './ReadinessList';
import { usePeriod } from './usePeriod';
import { WhPerMileChart } from './WhPerMileChart';

/** /analytics: the visible fleet's energy figures over a period, and its readiness now. */
export default function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const [period, setPeriod] = usePeriod();
  const covered = t('page.covered', {
    from: format.day(period.from, true),
    to: format.day(period.to, true),
  });

  return (
    <Container fluid py="md">
      <Group justify="space-between" align="flex-end" mb="md">
        <Title order={2} data-testid="analytics-title">
          {t('page.title')}
        </Title>
        <PeriodPicker period={period} onChange={setPeriod} />
      </Group>
      <Stack gap="md">
        {/* The summaries first, so that the first screen shows them; the full tables follow, readiness
            across the page since its depot and plug columns need the room. */}
        <Grid gutter="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <DailyChargingChart period={period} subtitle={covered} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <WhPerMileChart period={period} subtitle={covered} />
          </Grid.Col>
        </Grid>
        <ReadinessList />
        <FleetTable period={period} subtitle={covered} />
      </Stack>
    </Container>
  );
}
