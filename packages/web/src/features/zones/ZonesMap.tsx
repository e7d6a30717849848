import type { Zone } from '@evfleet/domain';
import { Paper } from '@mantine/core';
import { MapView, ZoneLayer, type LatLng } from '../../components/map/MapView';

/** Where the map looks with no zones to fit: the middle of the US. */
const US_CENTER: LatLng = [39.8283, -98.5795];
const MAP_HEIGHT = 300;

/** The zones of the list's page, outlined on a small map that fits them all in view. */
export function ZonesMap({ zones }: { zones: readonly Zone[] }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <MapView center={US_CENTER} zoom={3} height={MAP_HEIGHT} testId="zones-map">
        <ZoneLayer zones={zones} fit />
      </MapView>
    </Paper>
  );
}
