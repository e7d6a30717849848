import L from 'leaflet';
import { useEffect } from 'react';
import { useLeafletMap } from './map-context';
import type { ZoneLayerProps } from './map-types';
import { zoneShape, zoneStyle } from './zone-shapes';

/**
 * The zones as outlines under the vehicles (the overlay pane lies below the markers'), each named by
 * a tooltip. SVG, not the map's canvas: each zone is then a <path> a test can find by its kind.
 */
export default function ZoneLayerImpl({ zones, fit = false }: ZoneLayerProps) {
  const map = useLeafletMap();

  useEffect(() => {
    const renderer = L.svg();
    const group = L.featureGroup(
      zones.map((zone) =>
        zoneShape(zone.geometry, {
          ...zoneStyle(zone.kind),
          renderer,
          className: `evf-zone evf-zone-${zone.kind}`,
        }).bindTooltip(zone.name, { sticky: true }),
      ),
    ).addTo(map);
    // Told on the map element, for tests and anyone waiting for the outlines.
    map.getContainer().dataset.zones = String(zones.length);
    if (fit && zones.length > 0) map.fitBounds(group.getBounds(), { padding: [24, 24], maxZoom: 16 });
    return () => {
      group.remove();
      delete map.getContainer().dataset.zones;
    };
  }, [map, zones, fit]);

  return null;
}
