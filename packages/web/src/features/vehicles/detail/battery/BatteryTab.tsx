import '@mantine/dates/styles.css';
import { Alert, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { Vehicle } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleToggles } from '../../../../session/useRoleToggles';
import { useBatteryHealth, useChargingSessions, useTripFigures } from '../api/vehicle-analytics-api';
import { calendarDay } from '../format';
import {
  DEFAULT_PERIOD_DAYS,
  earliestStart,
  lastDays,
  periodPresets,
  rangeWindow,
  type DayRange,
} from './battery-period';
import { BatteryHealthCard } from './BatteryHealthCard';
import { BatteryHistoryCharts } from './BatteryHistoryCharts';
import { chargingSessionColumns, tripColumns } from './episode-columns';
import { useFormat } from '../../../../components/format/useFormat';
import { FiguresTable } from './FiguresTable';

const loading = (
  <Center py="lg">
    <Loader size="sm" />
  </Center>
);

/** The Battery tab: health now and over time, and the charging sessions and trips of a chosen period. */
export function BatteryTab({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const failed = (
    <Text c="dimmed" size="sm">
      {t('battery.failed')}
    </Text>
  );
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

  return (
    <Stack gap="md" data-testid="battery-tab">
      {!toggles.ready ? (
        loading
      ) : !mayDetails ? (
        <Alert color="gray" data-testid="battery-withheld">
          {t('battery.withheld')}
        </Alert>
      ) : health.data ? (
        <>
          <BatteryHealthCard health={health.data} />
          <BatteryHistoryCharts health={health.data} />
        </>
      ) : health.isPending ? (
        loading
      ) : (
        <Text c="dimmed">{t('battery.healthFailed')}</Text>
      )}
      <Group justify="space-between" align="flex-end">
        <DatePickerInput
          type="range"
          label={t('battery.period')}
          valueFormat="DD/MM/YYYY"
          presets={periodPresets(t)}
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
          {t('battery.zone', { zone: vehicle.timeZone })}
        </Text>
      </Group>
      {mayDetails && (
        <Card withBorder radius="md" padding="md" data-testid="charging-sessions">
          <Title order={5} mb="sm">
            {t('battery.sessions')}
          </Title>
          {sessions.data ? (
            <FiguresTable
              rows={sessions.data}
              columns={chargingSessionColumns({ timeZone: vehicle.timeZone, format, t })}
              empty={t('battery.noSessions')}
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
          {t('battery.trips')}
        </Title>
        {trips.data ? (
          <FiguresTable
            rows={trips.data}
            columns={tripColumns({ timeZone: vehicle.timeZone, format, t })}
            empty={t('battery.noTrips')}
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
