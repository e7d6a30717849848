import { Box, Button, Center, Collapse, Group, Loader, Overlay, Paper, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ClusterLayer,
  MapView,
  preloadClusteredMap,
  type ClusterPoint,
  type LatLng,
} from '../../../components/map/MapView';
import { ZoneOutlines } from '../../zones';
import { hasPosition, type MapItem } from '../api/map-item';
import { prefetchLiveMapItems, useLiveMapItems } from '../live/live-map-items';
import { MapInfoWindow } from './MapInfoWindow';

/** §9: the list map's default zoom, cluster grid and centre (the geographic centre of the contiguous US). */
export const LIST_MAP_ZOOM = 3;
export const CLUSTER_GRID = 30;
export const US_CENTER: LatLng = [39.8283, -98.5795];
const MAP_HEIGHT = 420;

const renderInfo = (point: ClusterPoint<MapItem>) => <MapInfoWindow item={point.data} />;

/** The vehicles, the map's code and its outlines, all at once (beside the grid's, or at start-up). */
export function preloadVehicleMap(): void {
  prefetchLiveMapItems();
  preloadClusteredMap();
}

/** The collapsible 'View Map' card (§2): the user's vehicles clustered, kept live by the socket. */
export function VehicleMapCard({ onDrawn }: { onDrawn: () => void }) {
  const { t } = useTranslation('vehicles');
  const [opened, { toggle }] = useDisclosure(true);
  useEffect(() => {
    if (!opened) onDrawn();
  }, [opened, onDrawn]);
  preloadVehicleMap();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="vehicle-map-card">
      <Group justify="space-between">
        <Title order={4}>{t('map.title')}</Title>
        <Button variant="subtle" size="xs" onClick={toggle} aria-expanded={opened} data-testid="map-toggle">
          {opened ? t('hide') : t('show')}
        </Button>
      </Group>
      <Collapse in={opened}>
        <Box mt="sm">{opened && <LiveVehicleMap onDrawn={onDrawn} />}</Box>
      </Collapse>
    </Paper>
  );
}

/** `onDrawn` once the vehicles show: clustered on the map, or 'NA' when there are none. */
function LiveVehicleMap({ onDrawn }: { onDrawn: () => void }) {
  const { t } = useTranslation('vehicles');
  const { items, loading } = useLiveMapItems();
  const points = useMemo(
    () =>
      items.filter(hasPosition).map((item) => ({
        id: item.vehicle_id,
        position: [item.gps_lat, item.gps_long] as const,
        title: item.vehicle_name,
        data: item,
      })),
    [items],
  );
  const none = !loading && points.length === 0;
  useEffect(() => {
    if (none) onDrawn();
  }, [none, onDrawn]);
  if (none) {
    return (
      <Center h={120} data-testid="map-no-markers">
        <Text fw={600}>{t('map.noMarkers')}</Text>
      </Center>
    );
  }
  // The map (outlines and controls) shows while the vehicles load, under a loader.
  return (
    <Box pos="relative">
      <MapView center={US_CENTER} zoom={LIST_MAP_ZOOM} height={MAP_HEIGHT} testId="vehicle-map">
        <ZoneOutlines />
        {/* Mounted while loading too: its worker starts while the call is under way. */}
        <ClusterLayer
          points={points}
          radius={CLUSTER_GRID}
          renderPopup={renderInfo}
          onDrawn={loading ? undefined : onDrawn}
        />
      </MapView>
      {loading && (
        <Overlay backgroundOpacity={0.15} zIndex={1000} center data-testid="map-loading">
          <Loader size="sm" />
        </Overlay>
      )}
    </Box>
  );
}
