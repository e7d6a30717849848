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

/** A part of a card's figure, on a line of its own under it: its label is `card.{key}`, its test id `card-{key}`. */
type PartKey = 'runningCostSaved' | 'maintenanceSaved' | 'gallonsSaved';

interface ComputedCard {
  id: keyof typeof DASHBOARD_CARD_TITLES;
  /** The card's big figure; its test id is `card-{id}`. */
  figure: (data: DashboardCards) => { value: string; unit?: string; note?: string };
  /** What the figure is made of, in order. */
  parts?: (data: DashboardCards) => [PartKey, string][];
  /** The card's figure for one day of the trend. */
  daily: (day: TrendDay, factors: DashboardFactors) => number;
}

/** A computed card's figure, with its parts under it when it has any. */
function CardFigure({
  card: { id, figure, parts },
  data,
  t,
}: {
  card: ComputedCard;
  data: DashboardCards;
  t: TFunction<'dashboard'>;
}) {
  const shown = <Figure {...figure(data)} testId={`card-${id}`} />;
  if (!parts) return shown;
  return (
    <Stack gap={6}>
      {shown}
      {parts(data).map(([key, value]) => (
        <Line key={key} label={t(`card.${key}`)} value={value} testId={`card-${key}`} />
      ))}
    </Stack>
  );
}

/** A card computed from the stored readings: its figures this month, and its trend over the last days. */
function computedTile(
  cards: UseQueryResult<DashboardCards>,
  n: Numbers,
  t: TFunction<'dashboard'>,
  card: ComputedCard,
): DashboardTile {
  const { id, daily } = card;
  return {
    id,
    node: (
      <DashboardCard
        id={id}
        title={t(`card.${id}`)}
        period={cards.data ? n.thisMonth(cards.data[id].period) : ''}
        loading={cards.isPending}
        error={cards.isError}
      >
        {cards.data && <CardFigure card={card} data={cards.data} t={t} />}
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
      figure: (data) => ({
        value: n.amount(data.chargeConsumption.kwh),
        unit: 'kWh',
        note: t('card.vehicles', { count: data.vehicles, n: n.whole(data.vehicles) }),
      }),
      daily: (day) => day.kwh,
    },
    {
      id: 'hoursCharging',
      figure: (data) => ({ value: n.amount(data.hoursCharging.hours), unit: 'h' }),
      daily: (day) => day.chargingHours,
    },
    {
      id: 'serviceIncidents',
      figure: (data) => ({ value: n.whole(data.serviceIncidents.count), note: t('card.severeEpisodes') }),
      daily: (day) => day.incidents,
    },
    {
      id: 'dollarsSaved',
      figure: (data) => ({
        value: dollars.format(data.dollarsSaved.total),
        note: t('card.milesDriven', { miles: n.amount(data.miles) }),
      }),
      parts: (data) => [
        ['runningCostSaved', dollars.format(data.dollarsSaved.runningCostSaved)],
        ['maintenanceSaved', dollars.format(data.dollarsSaved.maintenanceSaved)],
      ],
      daily: (day, factors) => savings(day.miles, day.kwh, factors).total,
    },
    {
      id: 'emission',
      figure: (data) => ({ value: n.amount(data.emission.co2SavedKg), unit: 'kg CO2', note: t('card.co2Avoided') }),
      parts: (data) => [['gallonsSaved', n.amount(data.emission.gallonsSaved)]],
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
  return [...countTiles(counts, n, t), ...computedCards(n, t).map((card) => computedTile(cards, n, t, card))];
}
