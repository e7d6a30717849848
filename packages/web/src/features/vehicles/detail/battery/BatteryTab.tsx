import { Alert, Group, Stack, Text } from '@mantine/core';
import type { BatteryHealth, Vehicle } from '@evfleet/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleToggles } from '../../../../session/useRoleToggles';
import { DayRangePicker } from '../../../../components/period/DayRangePicker';
import { DEFAULT_PERIOD_DAYS, lastDays, rangeWindow } from '../../../../components/period/day-range';
import { ZoneVisitsCard } from '../../../../components/zone-visits/ZoneVisitsCard';
import { useBatteryHealth, useChargingSessions, useTripFigures, zoneVisitsSource } from '../api/vehicle-analytics-api';
import { BatteryHealthCard } from './BatteryHealthCard';
import { BatteryHistoryCharts } from './BatteryHistoryCharts';
import { chargingSessionColumns, tripColumns } from './episode-columns';
import { useFormat } from '../../../../components/format/useFormat';
import { BatteryLoading, FiguresCard } from './FiguresCard';

/** The Battery tab: health now and over time, and the charging sessions, trips and zone visits of a chosen period. */
export function BatteryTab({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const [range, setRange] = useState<[string, string]>(() => lastDays(DEFAULT_PERIOD_DAYS));
  const window = useMemo(() => rangeWindow(range), [range]);
  // Health, charging and zone visits (with their charging) are CAN details, which the role toggles may
  // withhold; a refused read (403) would put the access-denied page in place of this one, so they are
  // not asked for then. Trips are not governed.
  const toggles = useRoleToggles();
  const mayDetails = toggles.ready && toggles.allows('canDetails', vehicle);
  const health = useBatteryHealth(vehicle.id, mayDetails);
  const sessions = useChargingSessions(vehicle.id, window, mayDetails);
  const trips = useTripFigures(vehicle.id, window);
  const written = { timeZone: vehicle.timeZone, format, t };

  return (
    <Stack gap="md" data-testid="battery-tab">
      {!toggles.ready ? (
        <BatteryLoading />
      ) : !mayDetails ? (
        <Alert color="gray" data-testid="battery-withheld">
          {t('battery.withheld')}
        </Alert>
      ) : (
        <HealthCards health={health} />
      )}
      <Group justify="space-between" align="flex-end">
        <DayRangePicker onChosen={setRange} testId="battery-period" />
        <Text size="sm" c="dimmed">
          {t('battery.zone', { zone: vehicle.timeZone })}
        </Text>
      </Group>
      {mayDetails && <FiguresCard of="sessions" query={sessions} columns={chargingSessionColumns(written)} />}
      <FiguresCard of="trips" query={trips} columns={tripColumns(written)} />
      {mayDetails && (
        <ZoneVisitsCard
          title={t('visits.title')}
          source={zoneVisitsSource(vehicle.id)}
          window={window}
          timeZone={vehicle.timeZone}
          names="zone"
        />
      )}
    </Stack>
  );
}

/** The battery's health now and over time, once read. */
function HealthCards({ health }: { health: UseQueryResult<BatteryHealth> }) {
  const { t } = useTranslation('vehicles');
  if (health.data) {
    return (
      <>
        <BatteryHealthCard health={health.data} />
        <BatteryHistoryCharts health={health.data} />
      </>
    );
  }
  return health.isPending ? <BatteryLoading /> : <Text c="dimmed">{t('battery.healthFailed')}</Text>;
}
