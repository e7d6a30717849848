import { Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTripFigures } from '../api/vehicle-analytics-api';
import { useTimeSlots } from '../api/vehicle-detail-api';
import { useFormat } from '../../../../components/format/useFormat';
import { chargeUsed } from '../battery/episode-columns';
import { aroundDay, tripOfSlot } from './trip-match';

interface TripSummaryProps {
  vehicle: { id: number; timeZone: string };
  date: string;
  /** The 1-based number of the day's time slot. */
  slot: string;
}

/** The chosen route's trip in figures, from the server's trip figures (never from the points drawn). */
export function TripSummary({ vehicle, date, slot }: TripSummaryProps) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const slots = useTimeSlots(vehicle.id, date);
  const window = useMemo(() => aroundDay(date), [date]);
  const trips = useTripFigures(vehicle.id, window);
  const trip =
    trips.data && slots.data ? tripOfSlot(trips.data, date, Number(slot), slots.data, vehicle.timeZone) : null;

  if (trips.isPending || slots.isPending) {
    return (
      <Card withBorder radius="md" padding="sm">
        <Loader size="xs" />
      </Card>
    );
  }
  if (!trip) {
    return (
      <Card withBorder radius="md" padding="sm" data-testid="trip-summary-none">
        <Text size="sm" c="dimmed">
          {t('movement.noTripFigures')}
        </Text>
      </Card>
    );
  }
  const figures = [
    { key: 'distance', label: t('figure.distance'), value: format.fixed(trip.distanceMiles, 1, 'mi') },
    {
      key: 'duration',
      label: t('figure.duration'),
      value: format.duration(Date.parse(trip.end) - Date.parse(trip.start)),
    },
    { key: 'energy', label: t('figure.energy'), value: format.fixed(trip.energyKwh, 2, 'kWh') },
    { key: 'efficiency', label: t('figure.whPerMile'), value: format.fixed(trip.whPerMile, 0) },
    { key: 'charge', label: t('figure.chargeUsed'), value: format.fixed(chargeUsed(trip), 0, '%') },
  ];
  return (
    <Card withBorder radius="md" padding="sm" data-testid="trip-summary">
      <Group gap="lg" wrap="wrap">
        {figures.map((f) => (
          <Stack key={f.key} gap={0}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text fw={600} data-testid={`trip-${f.key}`}>
              {f.value}
            </Text>
          </Stack>
        ))}
      </Group>
    </Card>
  );
}
