import { Card, Center, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, MarkerLayer, RouteLayer, type LatLng } from '../../../../components/map/MapView';
import type { DeviceData, RoutePoint } from '@evfleet/domain';
import { ZoneOutlines } from '../../../zones';

/** §9: the detail map's zoom, and its route drawn one point every 50 ms. */
const DETAIL_ZOOM = 14;
const ROUTE_STEP_MS = 50;
/** Where the map looks before the vehicle has ever sent a position: the middle of the US, zoomed out. */
const NO_POSITION = { center: [39.8283, -98.5795] as LatLng, zoom: 4 };
const MAP_HEIGHT = 420;

interface RouteMapCardProps {
  vehicleName: string;
  position: Pick<DeviceData, 'gps_lat' | 'gps_long'> | undefined;
  route: RoutePoint[] | undefined;
  routeLoading: boolean;
}

/** The map card (§2): the vehicle's marker, followed as it moves, and the chosen route as a polyline. */
export function RouteMapCard({ vehicleName, position, route, routeLoading }: RouteMapCardProps) {
  const { t } = useTranslation('vehicles');
  const here: LatLng | null =
    position?.gps_lat != null && position.gps_long != null ? [position.gps_lat, position.gps_long] : null;
  // Kept while the route is the same: a new array would restart the drawing at every position update.
  const path = useMemo(() => route?.map((p): LatLng => [p.lat, p.lng]) ?? [], [route]);
  const view = here ? { center: here, zoom: DETAIL_ZOOM } : NO_POSITION;

  return (
    <Card withBorder radius="md" padding={0} data-testid="vehicle-map-card" pos="relative">
      {/* Auto-recentre on the vehicle, except while a route is shown: the route fits itself in view. */}
      <MapView
        center={view.center}
        zoom={view.zoom}
        follow={path.length === 0}
        height={MAP_HEIGHT}
        testId="vehicle-map"
      >
        <ZoneOutlines />
        {path.length > 0 ? (
          <RouteLayer path={path} stepMs={ROUTE_STEP_MS} />
        ) : (
          here && <MarkerLayer position={here} title={vehicleName} />
        )}
      </MapView>
      {routeLoading && (
        <Center pos="absolute" inset={0} style={{ zIndex: 500, background: 'rgba(255,255,255,0.5)' }}>
          <Loader size="sm" />
        </Center>
      )}
      {!here && path.length === 0 && (
        <Text pos="absolute" top={8} left={56} size="sm" c="dimmed" style={{ zIndex: 500 }} data-testid="no-position">
          {t('movement.noPosition')}
        </Text>
      )}
    </Card>
  );
}
