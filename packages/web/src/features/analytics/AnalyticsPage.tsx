import { Container, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { DailyChargingChart } from './DailyChargingChart';
import { FleetTable } from './FleetTable';
import { PeriodPicker } from './PeriodPicker';
import { ReadinessList } from './ReadinessList';
import { usePeriod } from './usePeriod';
import { WhPerMileChart } from './WhPerMileChart';

/** /analytics (issue 17): the visible fleet's energy figures over a period, and its readiness now. */
export default function AnalyticsPage() {
  const [period, setPeriod] = usePeriod();
  const covered = `${dayjs(period.from).format('MMM D, YYYY')} – ${dayjs(period.to).format('MMM D, YYYY')}`;

  return (
    <Container fluid py="md">
      <Group justify="space-between" align="flex-end" mb="md">
        <Title order={2} data-testid="analytics-title">
          Analytics
        </Title>
        <PeriodPicker period={period} onChange={setPeriod} />
      </Group>
      <Stack gap="md">
        <FleetTable period={period} subtitle={covered} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <WhPerMileChart period={period} subtitle={covered} />
          <DailyChargingChart period={period} subtitle={covered} />
        </SimpleGrid>
        <ReadinessList />
      </Stack>
    </Container>
  );
}
