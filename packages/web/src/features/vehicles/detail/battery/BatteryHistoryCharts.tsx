import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Card, Center, SimpleGrid, Text, Title } from '@mantine/core';
import type { BatteryHealth } from '@evfleet/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../components/format/useFormat';

const CHART_HEIGHT = 220;

function ChartCard({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Center h={CHART_HEIGHT}>
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        </Center>
      ) : (
        children
      )}
    </Card>
  );
}

/** The capacity estimate month by month (against the rated one) and the cell spread at rest day by day. */
export function BatteryHistoryCharts({ health }: { health: BatteryHealth }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const estimated = health.history.flatMap((m) => (m.estimatedCapacityKwh === null ? [] : [m.estimatedCapacityKwh]));
  const rated = health.ratedCapacityKwh;
  // The axis spans the estimates and the rated capacity, so the rated line is always in view.
  const shown = rated === null ? estimated : [...estimated, rated];
  const domain = [Math.floor(Math.min(...shown) * 0.95), Math.ceil(Math.max(...shown) * 1.02)];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard
        title={t('history.capacity')}
        testId="capacity-history"
        empty={estimated.length === 0 ? t('history.noCapacity') : null}
      >
        <LineChart
          h={CHART_HEIGHT}
          data={health.history}
          dataKey="month"
          series={[{ name: 'estimatedCapacityKwh', label: t('health.capacity'), color: 'blue.6' }]}
          unit=" kWh"
          valueFormatter={(v) => format.fixed(v, 1)}
          connectNulls
          referenceLines={
            rated === null ? [] : [{ y: rated, label: t('history.rated', { capacity: rated }), color: 'gray.6' }]
          }
          yAxisProps={{ domain, width: 70 }}
        />
      </ChartCard>
      <ChartCard
        title={t('history.spread')}
        testId="cell-spread-trend"
        empty={health.cellSpreadTrend.length === 0 ? t('history.noSpread') : null}
      >
        <LineChart
          h={CHART_HEIGHT}
          data={health.cellSpreadTrend}
          dataKey="day"
          series={[{ name: 'cellSpreadMv', label: t('history.spreadSeries'), color: 'orange.6' }]}
          unit=" mV"
          valueFormatter={(v) => format.fixed(v, 0)}
          yAxisProps={{ width: 70 }}
          withDots={health.cellSpreadTrend.length < 30}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
