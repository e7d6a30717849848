import { Badge, Table } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NONE } from '../../components/format/figures';
import { useFormat } from '../../components/format/useFormat';
import { AnalyticsCard } from './AnalyticsCard';
import { useReadiness } from './api/analytics-api';
import { readinessOf, readinessOrder, type Readiness } from './readiness';

const BADGES = {
  'not-ready': { label: 'readiness.notReady', color: 'red', variant: 'filled' },
  ready: { label: 'readiness.ready', color: 'green', variant: 'light' },
  unknown: { label: 'readiness.unknown', color: 'gray', variant: 'light' },
} as const satisfies Record<Readiness, { label: string; color: string; variant: string }>;

/** Today's readiness: each visible vehicle's estimated range against its fleet's usual daily distance. */
export function ReadinessList() {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const readiness = useReadiness();
  const rows = useMemo(() => readinessOrder(readiness.data ?? []), [readiness.data]);

  return (
    <AnalyticsCard
      title={t('readiness.title')}
      subtitle={t('readiness.subtitle')}
      loading={readiness.isPending}
      failed={readiness.isError}
      empty={rows.length === 0}
      emptyText={t('card.noVehicles')}
      height={200}
      testId="analytics-readiness"
    >
      {/* It scrolls sideways on narrow screens: the keyboard must be able to reach it to scroll it. */}
      <Table.ScrollContainer
        minWidth={760}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('readiness.title') } }}
      >
        <Table striped highlightOnHover data-testid="readiness-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={120}>{t('readiness.status')}</Table.Th>
              <Table.Th>{t('fleet.vehicle')}</Table.Th>
              <Table.Th>{t('fleet.title')}</Table.Th>
              <Table.Th ta="right">{t('readiness.battery')}</Table.Th>
              <Table.Th ta="right">{t('readiness.range')}</Table.Th>
              <Table.Th ta="right">{t('readiness.usual')}</Table.Th>
              <Table.Th>{t('readiness.atDepot')}</Table.Th>
              <Table.Th>{t('readiness.pluggedIn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const state = readinessOf(row);
              const badge = BADGES[state];
              return (
                <Table.Tr
                  key={row.vehicleId}
                  data-testid="readiness-row"
                  data-state={state}
                  bg={state === 'not-ready' ? 'var(--mantine-color-red-light)' : undefined}
                >
                  <Table.Td>
                    <Badge color={badge.color} variant={badge.variant} miw={96} data-testid="readiness-status">
                      {t(badge.label)}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-testid="readiness-name">{row.name}</Table.Td>
                  <Table.Td>{row.fleetName ?? NONE}</Table.Td>
                  <Table.Td ta="right">{format.fixed(row.batteryCharge, 0)}</Table.Td>
                  <Table.Td ta="right">{format.fixed(row.estimatedRangeMiles, 0)}</Table.Td>
                  <Table.Td ta="right">{format.fixed(row.usualDailyMiles, 0)}</Table.Td>
                  <Table.Td data-testid="readiness-depot">{row.depotName ?? NONE}</Table.Td>
                  <Table.Td data-testid="readiness-plugged-in">
                    {row.pluggedIn === null ? NONE : t(row.pluggedIn ? 'readiness.yes' : 'readiness.no')}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </AnalyticsCard>
  );
}
