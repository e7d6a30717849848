import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { AnalyticsCard } from './AnalyticsCard';
import { useFleetDays } from './api/analytics-api';
import { chargingDays } from './daily';
import { figure } from './format';
import type { DayPeriod } from './period';

const HEIGHT = 280;
const SERIES = [{ name: 'energyChargedKwh', label: 'Energy charged (kWh)', color: 'teal.6' }];

/** The energy the visible fleet took in each day of the period (UTC days, as the server counts them). */
export function DailyChargingChart({ period, subtitle }: { period: DayPeriod; subtitle: string }) {
  const days = useFleetDays(period);
  const data = useMemo(
    () =>
      chargingDays(days.data ?? [], period).map((day) => ({
        label: dayjs(day.day).format('MMM D'),
        energyChargedKwh: day.energyChargedKwh,
      })),
    [days.data, period],
  );
  const charged = data.some((day) => day.energyChargedKwh > 0);

  return (
    <AnalyticsCard
      title="Charging energy per day"
      subtitle={subtitle}
      loading={days.isPending}
      failed={days.isError}
      empty={!charged}
      emptyText="No data for this period: no vehicle charged."
      height={HEIGHT}
      testId="analytics-daily"
    >
      <BarChart
        h={HEIGHT}
        data={data}
        dataKey="label"
        series={SERIES}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 36 }}
        valueFormatter={(value) => figure(value, 1)}
        data-testid="analytics-daily-chart"
      />
    </AnalyticsCard>
  );
}
