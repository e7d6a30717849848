import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/format/useFormat';
import { AnalyticsCard } from './AnalyticsCard';
import { useFleetAnalytics } from './api/analytics-api';
import type { DayPeriod } from './period';
import { whPerMileRanking } from './ranking';

/** The room one vehicle's bar takes, and what the axis and legend add. */
const BAR_PX = 26;
const FRAME_PX = 70;
/** Room for the names beside the bars: about 7 px a character, within bounds. */
const nameAxisWidth = (names: readonly string[]) =>
  Math.min(240, Math.max(80, 16 + 7 * Math.max(0, ...names.map((name) => name.length))));

/** The vehicles ranked by Wh/mi over the period, best at the top, outliers in red. */
export function WhPerMileChart({ period, subtitle }: { period: DayPeriod; subtitle: string }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const fleet = useFleetAnalytics(period);
  const ranked = useMemo(
    () => whPerMileRanking(fleet.data ?? [], (name) => t('ranking.outlierName', { name })),
    [fleet.data, t],
  );
  const series = [
    { name: 'whPerMile', label: 'Wh/mi', color: 'blue.6' },
    { name: 'outlier', label: t('ranking.outlier'), color: 'red.6' },
  ];
  const height = Math.max(180, ranked.length * BAR_PX + FRAME_PX);

  return (
    <AnalyticsCard
      title={t('ranking.title')}
      subtitle={subtitle}
      loading={fleet.isPending}
      failed={fleet.isError}
      empty={ranked.length === 0}
      emptyText={t('ranking.empty')}
      height={fleet.isPending ? 240 : height}
      testId="analytics-ranking"
    >
      <BarChart
        h={height}
        data={ranked}
        dataKey="name"
        orientation="vertical"
        // One of the two series holds each vehicle's figure; stacking keeps every bar on its own row.
        type="stacked"
        series={series}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 36 }}
        yAxisProps={{ width: nameAxisWidth(ranked.map((vehicle) => vehicle.name)) }}
        gridAxis="x"
        valueFormatter={(value) => format.fixed(value, 0)}
        data-testid="analytics-ranking-chart"
      />
    </AnalyticsCard>
  );
}
