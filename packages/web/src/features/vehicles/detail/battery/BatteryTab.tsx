import '@mantine/dates/styles.css';
import { Alert, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { Vehicle } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { useRoleToggles } from '../../../../app/session/useRoleToggles';
import { useBatteryHealth, useChargingSessions, useTripFigures } from '../api/vehicle-analytics-api';
import { calendarDay } from '../format';
import {
  DEFAULT_PERIOD_DAYS,
  earliestStart,
  lastDays,
  PERIOD_PRESETS,
  rangeWindow,
  type DayRange,
} from './battery-period';
import { BatteryHealthCard } from './BatteryHealthCard';
import { BatteryHistoryCharts } from './BatteryHistoryCharts';
import { chargingSessionColumns, tripColumns } from './episode-columns';
import { FiguresTable } from './FiguresTable';

const loading = (
  <Center py="lg">
    <Loader size="sm" />
  </Center>
);

const failed = (
  <Text c="dimmed" size="sm">
    This could not be loaded.
  </Text>
);

/** The Battery tab: health now and over time, and the charging sessions and trips of a chosen period. */
export function BatteryTab({ vehicle }: { vehicle: Vehicle }) {
  const [picked, setPicked] = useState<DayRange>(() => lastDays(DEFAULT_PERIOD_DAYS));
  // A half-picked range keeps the tables on the last whole one.
  const [range, setRange] = useState<[string, string]>(() => lastDays(DEFAULT_PERIOD_DAYS));
  const window = useMemo(() => rangeWindow(range), [range]);
  // Health and charging are CAN details, which the role toggles may withhold; a refused read (403)
  // would put the access-denied page in place of this one, so they are not asked for then. Trips are not governed.
  const toggles = useRoleToggles();
  const mayDetails = toggles.ready && toggles.allows('canDetails', vehicle);
  const health = useBatteryHealth(vehicle.id, mayDetails);
  const sessions = useChargingSessions(vehicle.id, window, mayDetails);
  const trips = useTripFigures(vehicle.id, window);
  const zone = `Times in ${vehicle.timeZone}`;

  return (
    <Stack gap="md" data-testid="battery-tab">
      {!toggles.ready ? (
        loading
      ) : !mayDetails ? (
        <Alert color="gray" data-testid="battery-withheld">
          Your role may not see this vehicle's CAN details: its battery health and charging sessions.
        </Alert>
      ) : health.data ? (
        <>
          <BatteryHealthCard health={health.data} />
          <BatteryHistoryCharts health={health.data} />
        </>
      ) : health.isPending ? (
        loading
      ) : (
        <Text c="dimmed">The battery's health could not be loaded.</Text>
      )}
      <Group justify="space-between" align="flex-end">
        <DatePickerInput
          type="range"
          label="Period"
          valueFormat="DD/MM/YYYY"
          presets={PERIOD_PRESETS}
          minDate={earliestStart()}
          maxDate={calendarDay(new Date())}
          value={picked}
          onChange={(value) => {
            setPicked(value);
            if (value[0] && value[1]) setRange([value[0], value[1]]);
          }}
          w={260}
          data-testid="battery-period"
          popoverProps={{ withinPortal: true, shadow: 'md' }}
        />
        <Text size="sm" c="dimmed">
          {zone}
        </Text>
      </Group>
      {mayDetails && (
        <Card withBorder radius="md" padding="md" data-testid="charging-sessions">
          <Title order={5} mb="sm">
            Charging sessions
          </Title>
          {sessions.data ? (
            <FiguresTable
              rows={sessions.data}
              columns={chargingSessionColumns(vehicle.timeZone)}
              empty="No charging sessions in this period"
              testId="charging-sessions-table"
            />
          ) : sessions.isPending ? (
            loading
          ) : (
            failed
          )}
        </Card>
      )}
      <Card withBorder radius="md" padding="md" data-testid="trips">
        <Title order={5} mb="sm">
          Trips
        </Title>
        {trips.data ? (
          <FiguresTable
            rows={trips.data}
            columns={tripColumns(vehicle.timeZone)}
            empty="No trips in this period"
            testId="trips-table"
          />
        ) : trips.isPending ? (
          loading
        ) : (
          failed
        )}
      </Card>
    </Stack>
  );
}
