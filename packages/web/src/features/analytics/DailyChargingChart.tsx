import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/format/useFormat';
import { AnalyticsCard } from './AnalyticsCard';
import { useFleetDays } from './api/analytics-api';
import { chargingDays } from './daily';
import type { DayPeriod } from './period';

const HEIGHT = 280;

/** The energy the visible fleet took in each day of the period (UTC days, as the server counts them). */
export function DailyChargingChart({ period, subtitle }: { period: DayPeriod; subtitle: string }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const days = useFleetDays(period);
  const data = useMemo(
    () =>
      chargingDays(days.data ?? [], period).map((day) => ({
        label: format.day(day.day),
        energyChargedKwh: day.energyChargedKwh,
      })),
    [days.data, period, format],
  );
  const charged = data.some((day) => day.energyChargedKwh > 0);

  return (
    <AnalyticsCard
      title={t('daily.title')}
      subtitle={subtitle}
      loading={days.isPending}
      failed={days.isError}
      empty={!charged}
      emptyText={t('daily.empty')}
      height={HEIGHT}
      testId="analytics-daily"
    >
      <BarChart
        h={HEIGHT}
        data={data}
        dataKey="label"
        series={[{ name: 'energyChargedKwh', label: t('series.energyCharged'), color: 'teal.6' }]}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 36 }}
        valueFormatter={(value) => format.fixed(value, 1)}
        data-testid="analytics-daily-chart"
      />
    </AnalyticsCard>
  );
}
