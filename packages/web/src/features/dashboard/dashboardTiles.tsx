import {
  type DASHBOARD_CARD_TITLES,
  DASHBOARD_COUNT_CARDS,
  TREND_DAYS,
  savings,
  type CardPeriod,
  type DashboardCards,
  type DashboardCounts,
  type DashboardFactors,
  type TrendDay,
} from '@evfleet/domain';
import { Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Format } from '../../components/format/format';
import { DashboardCard, Figure } from './DashboardCard';
import type { DashboardTile } from './DashboardGrid';
import { TrendLine } from './TrendLine';

/** Dollars stay in US notation whatever the language: the factors behind them are American. */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

function Line({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The ten cards of part 2 §2 "Dashboard": five live counts, five computed from the stored readings. */
export function dashboardTiles(
  counts: UseQueryResult<DashboardCounts>,
  cards: UseQueryResult<DashboardCards>,
  format: Format,
  t: TFunction<'dashboard'>,
): DashboardTile[] {
  // §9: whole numbers as 0,0 and amounts as 0,0.[00], grouped as the user's language groups them.
  const whole = (value: number) => format.number(value, { max: 0 });
  const amount = (value: number) => format.number(value);
  // The server's wording of the period is English: the month is worded here, in the user's language.
  const thisMonth = (period: CardPeriod) => t('card.thisMonth', { month: format.month(period.from) });
  const countTiles = DASHBOARD_COUNT_CARDS.map(({ key }) => ({
    id: key,
    node: (
      // The counts are as of now: the period they state.
      <DashboardCard
        id={key}
        title={t(`count.${key}`)}
        period={t('card.now')}
        loading={counts.isPending}
        error={counts.isError}
      >
        {counts.data && <Figure value={whole(counts.data[key])} testId={`count-${key}`} />}
      </DashboardCard>
    ),
  }));

  const computed = (
    id: keyof typeof DASHBOARD_CARD_TITLES,
    period: (data: DashboardCards) => string,
    body: (data: DashboardCards) => ReactNode,
    /** The card's figure for one day of the trend. */
    daily: (day: TrendDay, factors: DashboardFactors) => number,
  ): DashboardTile => ({
    id,
    node: (
      <DashboardCard
        id={id}
        title={t(`card.${id}`)}
        period={cards.data ? period(cards.data) : ''}
        loading={cards.isPending}
        error={cards.isError}
      >
        {cards.data && body(cards.data)}
        {cards.data && (
          <TrendLine
            values={cards.data.trend.map((day) => daily(day, cards.data.factors))}
            label={t('card.trend', { days: TREND_DAYS })}
            testId={`trend-${id}`}
          />
        )}
      </DashboardCard>
    ),
  });

  return [
    ...countTiles,
    computed(
      'chargeConsumption',
      (data) => thisMonth(data.chargeConsumption.period),
      (data) => (
        <Figure
          value={amount(data.chargeConsumption.kwh)}
          unit="kWh"
          note={t('card.vehicles', { count: data.vehicles, n: whole(data.vehicles) })}
          testId="card-chargeConsumption"
        />
      ),
      (day) => day.kwh,
    ),
    computed(
      'hoursCharging',
      (data) => thisMonth(data.hoursCharging.period),
      (data) => <Figure value={amount(data.hoursCharging.hours)} unit="h" testId="card-hoursCharging" />,
      (day) => day.chargingHours,
    ),
    computed(
      'serviceIncidents',
      (data) => thisMonth(data.serviceIncidents.period),
      (data) => (
        <Figure
          value={whole(data.serviceIncidents.count)}
          note={t('card.severeEpisodes')}
          testId="card-serviceIncidents"
        />
      ),
      (day) => day.incidents,
    ),
    computed(
      'dollarsSaved',
      (data) => thisMonth(data.dollarsSaved.period),
      (data) => (
        <Stack gap={6}>
          <Figure
            value={dollars.format(data.dollarsSaved.total)}
            note={t('card.milesDriven', { miles: amount(data.miles) })}
            testId="card-dollarsSaved"
          />
          <Line
            label={t('card.runningCostSaved')}
            value={dollars.format(data.dollarsSaved.runningCostSaved)}
            testId="card-runningCostSaved"
          />
          <Line
            label={t('card.maintenanceSaved')}
            value={dollars.format(data.dollarsSaved.maintenanceSaved)}
            testId="card-maintenanceSaved"
          />
        </Stack>
      ),
      (day, factors) => savings(day.miles, day.kwh, factors).total,
    ),
    computed(
      'emission',
      (data) => thisMonth(data.emission.period),
      (data) => (
        <Stack gap={6}>
          <Figure
            value={amount(data.emission.co2SavedKg)}
            unit="kg CO2"
            note={t('card.co2Avoided')}
            testId="card-emission"
          />
          <Line label={t('card.gallonsSaved')} value={amount(data.emission.gallonsSaved)} testId="card-gallonsSaved" />
        </Stack>
      ),
      (day, factors) => savings(day.miles, day.kwh, factors).co2SavedKg,
    ),
  ];
}
