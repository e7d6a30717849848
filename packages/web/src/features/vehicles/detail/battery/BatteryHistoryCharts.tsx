import '@mantine/charts/styles.css';
import { LineChart, type LineChartProps } from '@mantine/charts';
import { Card, Center, SimpleGrid, Text, Title } from '@mantine/core';
import type { BatteryHealth } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../components/format/useFormat';

const CHART_HEIGHT = 220;

/** The one figure a history chart draws: a row's field, its legend name and colour, its unit and decimals. */
interface HistoryFigure {
  name: string;
  label: string;
  color: string;
  unit: string;
  digits: number;
}

type HistoryChartProps = {
  title: string;
  testId: string;
  /** Said in place of the chart when there is nothing to draw. */
  empty: string | null;
  figure: HistoryFigure;
} & Pick<LineChartProps, 'data' | 'dataKey'> &
  Partial<Omit<LineChartProps, 'series' | 'unit' | 'valueFormatter'>>;

/** A titled card with one figure of the battery's history over time, or why there is none yet. */
function HistoryChart({ title, testId, empty, figure, yAxisProps, ...chart }: HistoryChartProps) {
  const format = useFormat();
  const { name, label, color, unit, digits } = figure;
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
        <LineChart
          h={CHART_HEIGHT}
          series={[{ name, label, color }]}
          unit={` ${unit}`}
          valueFormatter={(v) => format.fixed(v, digits)}
          yAxisProps={{ ...yAxisProps, width: 70 }}
          {...chart}
        />
      )}
    </Card>
  );
}

/** The capacity estimate month by month (against the rated one) and the cell spread at rest day by day. */
export function BatteryHistoryCharts({ health }: { health: BatteryHealth }) {
  const { t } = useTranslation('vehicles');
  const estimated = health.history.flatMap((m) => (m.estimatedCapacityKwh === null ? [] : [m.estimatedCapacityKwh]));
  const rated = health.ratedCapacityKwh;
  // The axis spans the estimates and the rated capacity, so the rated line is always in view.
  const shown = rated === null ? estimated : [...estimated, rated];
  const domain = [Math.floor(Math.min(...shown) * 0.95), Math.ceil(Math.max(...shown) * 1.02)];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <HistoryChart
        title={t('history.capacity')}
        testId="capacity-history"
        empty={estimated.length === 0 ? t('history.noCapacity') : null}
        figure={{ name: 'estimatedCapacityKwh', label: t('health.capacity'), color: 'blue.6', unit: 'kWh', digits: 1 }}
        data={health.history}
        dataKey="month"
        connectNulls
        referenceLines={
          rated === null ? [] : [{ y: rated, label: t('history.rated', { capacity: rated }), color: 'gray.6' }]
        }
        yAxisProps={{ domain }}
      />
      <HistoryChart
        title={t('history.spread')}
        testId="cell-spread-trend"
        empty={health.cellSpreadTrend.length === 0 ? t('history.noSpread') : null}
        figure={{ name: 'cellSpreadMv', label: t('history.spreadSeries'), color: 'orange.6', unit: 'mV', digits: 0 }}
        data={health.cellSpreadTrend}
        dataKey="day"
        withDots={health.cellSpreadTrend.length < 30}
      />
    </SimpleGrid>
  );
}
