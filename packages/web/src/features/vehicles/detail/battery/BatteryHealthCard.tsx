import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ENERGY_RULES, type BatteryHealth } from '@evfleet/domain';
import type { ReactNode } from 'react';
import { fixed } from '../format';

interface Figure {
  key: string;
  label: string;
  /** The figure, or null with why it is not known. */
  value: string | null;
  why: string;
  note?: ReactNode;
}

const NEEDS_ESTIMATE = `needs a charge adding ${ENERGY_RULES.minCapacityChargePercent}% or more`;
const NO_REST_READINGS = 'no cell readings at rest in the last 7 days';

function figures(h: BatteryHealth): Figure[] {
  return [
    {
      key: 'capacity',
      label: 'Estimated capacity',
      value: h.estimatedCapacityKwh === null ? null : fixed(h.estimatedCapacityKwh, 1, 'kWh'),
      why: NEEDS_ESTIMATE,
      note: `rated: ${h.ratedCapacityKwh === null ? 'not set' : fixed(h.ratedCapacityKwh, 1, 'kWh')}`,
    },
    {
      key: 'soh',
      label: 'State of health',
      value: h.stateOfHealthPercent === null ? null : fixed(h.stateOfHealthPercent, 0, '%'),
      why: h.ratedCapacityKwh === null ? 'no rated capacity set' : NEEDS_ESTIMATE,
    },
    {
      key: 'cycles',
      label: 'Equivalent full cycles',
      value: h.equivalentFullCycles === null ? null : fixed(h.equivalentFullCycles, 1),
      why: 'needs a known capacity',
    },
    {
      key: 'spread',
      label: 'Cell spread at rest',
      value: h.cellSpreadMv === null ? null : fixed(h.cellSpreadMv, 0, 'mV'),
      why: NO_REST_READINGS,
      note: 'mean of the last 7 days at rest',
    },
    {
      key: 'weakest',
      label: 'Weakest cell',
      value: h.weakestCell === null ? null : `Cell ${h.weakestCell}`,
      why: NO_REST_READINGS,
    },
  ];
}

/** The battery's health at a glance; a figure not known yet says what it waits for. */
export function BatteryHealthCard({ health }: { health: BatteryHealth }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="battery-health">
      <Title order={4} mb="sm">
        Battery health
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        {figures(health).map((f) => (
          <Stack key={f.key} gap={2} data-testid={`health-${f.key}`}>
            <Text size="sm" c="dimmed">
              {f.label}
            </Text>
            {f.value === null ? (
              <Text size="sm" fs="italic" data-testid={`health-${f.key}-unknown`}>
                Not known: {f.why}
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
