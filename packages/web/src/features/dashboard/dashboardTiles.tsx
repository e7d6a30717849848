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

/** How the cards write their figures. */
interface Numbers {
  whole(value: number): string;
  amount(value: number): string;
  thisMonth(period: CardPeriod): string;
}

function numbersOf(format: Format, t: TFunction<'dashboard'>): Numbers {
  return {
    // §9: whole numbers as 0,0 and amounts as 0,0.[00], grouped as the user's language groups them.
    whole: (value) => format.number(value, { max: 0 }),
    amount: (value) => format.number(value),
    // The server's wording of the period is English: the month is worded here, in the user's language.
    thisMonth: (period) => t('card.thisMonth', { month: format.month(period.from) }),
  };
}

/** The five live counts, as of now: the period they state. */
function countTiles(counts: UseQueryResult<DashboardCounts>, n: Numbers, t: TFunction<'dashboard'>): DashboardTile[] {
  return DASHBOARD_COUNT_CARDS.map(({ key }) => ({
    id: key,
    node: (
      <DashboardCard
        id={key}
        title={t(`count.${key}`)}
        period={t('card.now')}
        loading={counts.isPending}
        error={counts.isError}
      >
        {counts.data && <Figure value={n.whole(counts.data[key])} testId={`count-${key}`} />}
      </DashboardCard>
    ),
  }));
}

interface ComputedCard {
  id: keyof typeof DASHBOARD_CARD_TITLES;
  period: (data: DashboardCards) => string;
  body: (data: DashboardCards) => ReactNode;
  /** The card's figure for one day of the trend. */
  daily: (day: TrendDay, factors: DashboardFactors) => number;
}

/** A card computed from the stored readings: its figures, and its trend over the last days. */
function computedTile(
  cards: UseQueryResult<DashboardCards>,
  t: TFunction<'dashboard'>,
  { id, period, body, daily }: ComputedCard,
): DashboardTile {
  return {
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
  };
}

/** The five cards computed from the stored readings, each with what it shows. */
function computedCards(n: Numbers, t: TFunction<'dashboard'>): ComputedCard[] {
  return [
    {
      id: 'chargeConsumption',
      period: (data) => n.thisMonth(data.chargeConsumption.period),
      body: (data) => (
        <Figure
          value={n.amount(data.chargeConsumption.kwh)}
          unit="kWh"
          note={t('card.vehicles', { count: data.vehicles, n: n.whole(data.vehicles) })}
          testId="card-chargeConsumption"
        />
      ),
      daily: (day) => day.kwh,
    },
    {
      id: 'hoursCharging',
      period: (data) => n.thisMonth(data.hoursCharging.period),
      body: (data) => <Figure value={n.amount(data.hoursCharging.hours)} unit="h" testId="card-hoursCharging" />,
      daily: (day) => day.chargingHours,
    },
    {
      id: 'serviceIncidents',
      period: (data) => n.thisMonth(data.serviceIncidents.period),
      body: (data) => (
        <Figure
          value={n.whole(data.serviceIncidents.count)}
          note={t('card.severeEpisodes')}
          testId="card-serviceIncidents"
        />
      ),
      daily: (day) => day.incidents,
    },
    {
      id: 'dollarsSaved',
      period: (data) => n.thisMonth(data.dollarsSaved.period),
      body: (data) => (
        <Stack gap={6}>
          <Figure
            value={dollars.format(data.dollarsSaved.total)}
            note={t('card.milesDriven', { miles: n.amount(data.miles) })}
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
      daily: (day, factors) => savings(day.miles, day.kwh, factors).total,
    },
    {
      id: 'emission',
      period: (data) => n.thisMonth(data.emission.period),
      body: (data) => (
        <Stack gap={6}>
          <Figure
            value={n.amount(data.emission.co2SavedKg)}
            unit="kg CO2"
            note={t('card.co2Avoided')}
            testId="card-emission"
          />
          <Line
            label={t('card.gallonsSaved')}
            value={n.amount(data.emission.gallonsSaved)}
            testId="card-gallonsSaved"
          />
        </Stack>
      ),
      daily: (day, factors) => savings(day.miles, day.kwh, factors).co2SavedKg,
    },
  ];
}

/** The ten cards of part 2 §2 "Dashboard": five live counts, five computed from the stored readings. */
export function dashboardTiles(
  counts: UseQueryResult<DashboardCounts>,
  cards: UseQueryResult<DashboardCards>,
  format: Format,
  t: TFunction<'dashboard'>,
): DashboardTile[] {
  const n = numbersOf(format, t);
  return [...countTiles(counts, n, t), ...computedCards(n, t).map((card) => computedTile(cards, t, card))];
}
