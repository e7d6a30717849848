import { Badge, Table } from '@mantine/core';
import { useMemo } from 'react';
import { AnalyticsCard } from './AnalyticsCard';
import { useReadiness } from './api/analytics-api';
import { figure, NONE } from './format';
import { readinessOf, readinessOrder, type Readiness } from './readiness';

const BADGES: Record<Readiness, { label: string; color: string; variant: string }> = {
  'not-ready': { label: 'Not ready', color: 'red', variant: 'filled' },
  ready: { label: 'Ready', color: 'green', variant: 'light' },
  unknown: { label: 'Unknown', color: 'gray', variant: 'light' },
};

/** Today's readiness: each visible vehicle's estimated range against its fleet's usual daily distance. */
export function ReadinessList() {
  const readiness = useReadiness();
  const rows = useMemo(() => readinessOrder(readiness.data ?? []), [readiness.data]);

  return (
    <AnalyticsCard
      title="Readiness"
      subtitle="Now: battery charge, estimated range and the fleet's usual daily miles (last 14 days)"
      loading={readiness.isPending}
      failed={readiness.isError}
      empty={rows.length === 0}
      emptyText="No vehicles to show."
      height={200}
      testId="analytics-readiness"
    >
      {/* It scrolls sideways on narrow screens: the keyboard must be able to reach it to scroll it. */}
      <Table.ScrollContainer
        minWidth={560}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Readiness' } }}
      >
        <Table striped highlightOnHover data-testid="readiness-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={120}>Status</Table.Th>
              <Table.Th>Vehicle</Table.Th>
              <Table.Th>Fleet</Table.Th>
              <Table.Th ta="right">Battery (%)</Table.Th>
              <Table.Th ta="right">Est. range (mi)</Table.Th>
              <Table.Th ta="right">Usual daily (mi)</Table.Th>
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
                  bg={state === 'not-ready' ? 'var(--mantine-color-red-0)' : undefined}
                >
                  <Table.Td>
                    <Badge color={badge.color} variant={badge.variant} miw={96} data-testid="readiness-status">
                      {badge.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-testid="readiness-name">{row.name}</Table.Td>
                  <Table.Td>{row.fleetName ?? NONE}</Table.Td>
                  <Table.Td ta="right">{figure(row.batteryCharge, 0)}</Table.Td>
                  <Table.Td ta="right">{figure(row.estimatedRangeMiles, 0)}</Table.Td>
                  <Table.Td ta="right">{figure(row.usualDailyMiles, 0)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </AnalyticsCard>
  );
}
