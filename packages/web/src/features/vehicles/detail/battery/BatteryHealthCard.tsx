import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ENERGY_RULES, type BatteryHealth } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Format } from '../../../../components/format/format';
import { useFormat } from '../../../../components/format/useFormat';

interface Figure {
  key: string;
  label: string;
  /** The figure, or null with why it is not known. */
  value: string | null;
  why: string;
  note?: ReactNode;
}

function figures(h: BatteryHealth, t: TFunction<'vehicles'>, { fixed }: Format): Figure[] {
  const needsEstimate = t('health.needsEstimate', { percent: ENERGY_RULES.minCapacityChargePercent });
  const noRestReadings = t('health.noRestReadings');
  return [
    {
      key: 'capacity',
      label: t('health.capacity'),
      value: h.estimatedCapacityKwh === null ? null : fixed(h.estimatedCapacityKwh, 1, 'kWh'),
      why: needsEstimate,
      note: t('health.rated', {
        capacity: h.ratedCapacityKwh === null ? t('health.notSet') : fixed(h.ratedCapacityKwh, 1, 'kWh'),
      }),
    },
    {
      key: 'soh',
      label: t('health.soh'),
      value: h.stateOfHealthPercent === null ? null : fixed(h.stateOfHealthPercent, 0, '%'),
      why: h.ratedCapacityKwh === null ? t('health.noRated') : needsEstimate,
    },
    {
      key: 'cycles',
      label: t('health.cycles'),
      value: h.equivalentFullCycles === null ? null : fixed(h.equivalentFullCycles, 1),
      why: t('health.needsCapacity'),
    },
    {
      key: 'spread',
      label: t('health.spread'),
      value: h.cellSpreadMv === null ? null : fixed(h.cellSpreadMv, 0, 'mV'),
      why: noRestReadings,
      note: t('health.spreadNote'),
    },
    {
      key: 'weakest',
      label: t('health.weakest'),
      value: h.weakestCell === null ? null : t('cell', { number: h.weakestCell }),
      why: noRestReadings,
    },
  ];
}

/** The battery's health at a glance; a figure not known yet says what it waits for. */
export function BatteryHealthCard({ health }: { health: BatteryHealth }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="md" data-testid="battery-health">
      <Title order={4} mb="sm">
        {t('health.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        {figures(health, t, format).map((f) => (
          <Stack key={f.key} gap={2} data-testid={`health-${f.key}`}>
            <Text size="sm" c="dimmed">
              {f.label}
            </Text>
            {f.value === null ? (
              <Text size="sm" fs="italic" data-testid={`health-${f.key}-unknown`}>
                {t('health.unknown', { why: f.why })}
              </Text>
            ) : (
              <Text fw={700} size="xl" data-testid={`health-${f.key}-value`}>
                {f.value}
              </Text>
            )}
            {f.note && f.value !== null && (
              <Text size="xs" c="dimmed">
                {f.note}
              </Text>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
