import { Group, Stack, Text } from '@mantine/core';
import type { FleetAnalyticsRow } from '@evfleet/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { costsText } from '../../components/format/costs';
import { useFormat } from '../../components/format/useFormat';
import { fleetTotals } from './fleet-totals';

/** The period's charging cost, hours at depots and plug-in reminders over every row of the table. */
export function FleetTotalsBar({ rows }: { rows: readonly FleetAnalyticsRow[] }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const totals = useMemo(() => fleetTotals(rows), [rows]);
  const figures = [
    { key: 'cost', label: t('totals.chargingCost'), value: costsText(totals.chargingCosts, format) },
    { key: 'depot-hours', label: t('fleet.depotHours'), value: format.fixed(totals.depotHours, 1, 'h') },
    { key: 'reminders', label: t('fleet.plugInReminders'), value: format.number(totals.plugInReminders) },
  ];
  return (
    <Group gap="xl" mb="md" data-testid="analytics-totals">
      {figures.map((f) => (
        <Stack key={f.key} gap={0}>
          <Text size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text fw={700} size="lg" data-testid={`analytics-total-${f.key}`}>
            {f.value}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}
