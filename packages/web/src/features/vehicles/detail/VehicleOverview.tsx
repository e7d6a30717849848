import { Alert, Center, Grid, Loader, Stack } from '@mantine/core';
import type { Vehicle } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRoleToggles } from '../../../session/useRoleToggles';
import { hasPosition } from '../api/map-item';
import { TrackerSection } from '../tracker/TrackerSection';
import { useDevicePosition, useRoute } from './api/vehicle-detail-api';
import { VehicleInfoCard } from './info/VehicleInfoCard';
import { MovementControls, type MovementChoice } from './movement/MovementControls';
import { RouteMapCard } from './movement/RouteMapCard';
import { TripSummary } from './movement/TripSummary';
import { useLiveVehicle } from './useLiveVehicle';
import { WarningLogPanel } from './warning-log/WarningLogPanel';

/** The detail page's first tab (part 2 §2): the map with the route history, the readings and the warning log. */
export function VehicleOverview({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  // The chosen day and range live in the address, so a reload or a shared link shows the same route.
  const [params, setParams] = useSearchParams();
  const choice: MovementChoice = { date: params.get('date'), slot: params.get('range') };
  const setChoice = ({ date, slot }: MovementChoice) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of [
          ['date', date],
          ['range', slot],
        ] as const) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const route = useRoute(vehicle.id, choice.date, choice.slot);
  const polledPosition = useDevicePosition(vehicle.id, vehicle.vin);
  // The role-permission toggles may withhold CAN details or warning logs from a dealer or fleet owner:
  // those panels are left out rather than called, since a refused read (403) shows the access-denied page instead.
  const toggles = useRoleToggles();
  const live = useLiveVehicle(vehicle.id, vehicle.vin, toggles.ready && toggles.allows('canDetails', vehicle));
  // The live feed's position is the freshest; the polled one covers the time before it speaks.
  const position = live && hasPosition(live) ? live : polledPosition.data;

  return (
    <Stack gap="md">
      <MovementControls
        vehicleId={vehicle.id}
        choice={choice}
        onChange={setChoice}
        hasRoute={(route.data?.length ?? 0) > 0}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="sm">
            {polledPosition.isPending ? (
              <Center h={420}>
                <Loader size="sm" />
              </Center>
            ) : (
              <RouteMapCard
                vehicleName={vehicle.name}
                position={position}
                route={route.data}
                routeLoading={route.isFetching}
              />
            )}
            {choice.date && choice.slot && <TripSummary vehicle={vehicle} date={choice.date} slot={choice.slot} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {!toggles.ready ? (
            <Loader size="sm" />
          ) : toggles.allows('canDetails', vehicle) ? (
            <VehicleInfoCard vehicle={vehicle} />
          ) : (
            <Alert color="gray" data-testid="can-details-withheld">
              {t('canWithheld')}
            </Alert>
          )}
        </Grid.Col>
      </Grid>
      <TrackerSection vehicle={vehicle} />
      {toggles.ready && toggles.allows('warningLogs', vehicle) && <WarningLogPanel vehicleId={vehicle.id} />}
    </Stack>
  );
}
