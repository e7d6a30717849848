import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useMemo } from 'react';
import { AnalyticsCard } from './AnalyticsCard';
import { useFleetAnalytics } from './api/analytics-api';
import { figure } from './format';
import type { DayPeriod } from './period';
import { whPerMileRanking } from './ranking';

/** The room one vehicle's bar takes, and what the axis and legend add. */
const BAR_PX = 26;
const FRAME_PX = 70;
/** Room for the names beside the bars: about 7 px a character, within bounds. */
const nameAxisWidth = (names: readonly string[]) =>
  Math.min(240, Math.max(80, 16 + 7 * Math.max(0, ...names.map((name) => name.length))));

const SERIES = [
  { name: 'whPerMile', label: 'Wh/mi', color: 'blue.6' },
  { name: 'outlier', label: 'Outlier (beyond 1.5 × IQR)', color: 'red.6' },
];

/** The vehicles ranked by Wh/mi over the period, best at the top, outliers in red. */
export function WhPerMileChart({ period, subtitle }: { period: DayPeriod; subtitle: string }) {
  const fleet = useFleetAnalytics(period);
  const ranked = useMemo(() => whPerMileRanking(fleet.data ?? []), [fleet.data]);
  const height = Math.max(180, ranked.length * BAR_PX + FRAME_PX);

  return (
    <AnalyticsCard
      title="Wh/mi ranking"
      subtitle={subtitle}
      loading={fleet.isPending}
      failed={fleet.isError}
      empty={ranked.length === 0}
      emptyText="No data for this period: no vehicle drove far enough to rank."
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
        series={SERIES}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 36 }}
        yAxisProps={{ width: nameAxisWidth(ranked.map((vehicle) => vehicle.name)) }}
        gridAxis="x"
        valueFormatter={(value) => figure(value, 0)}
        data-testid="analytics-ranking-chart"
      />
    </AnalyticsCard>
  );
}
