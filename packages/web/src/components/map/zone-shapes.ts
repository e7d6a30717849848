import type { ZoneKind } from '@evfleet/domain';
import L from 'leaflet';
import type { ZoneOutline } from './map-types';

/** Each kind's colour on every map: depots blue, ordinary zones green, no-go areas red. */
export const ZONE_COLOURS: Record<ZoneKind, string> = { depot: '#1c7ed6', zone: '#2f9e44', 'no-go': '#e03131' };

/** A zone's outline style: its kind's colour, lightly filled so the map stays readable beneath. */
export const zoneStyle = (kind: ZoneKind): L.PathOptions => ({
  color: ZONE_COLOURS[kind],
  weight: 2,
  fillOpacity: 0.12,
});

/**
 * A zone's shape as a Leaflet layer (GeoJSON is longitude first, Leaflet latitude first): a circle for
 * a Point with its radius, a polygon with its holes otherwise. Leaflet closes rings itself, so each
 * ring's repeated last position is left out.
 */
export function zoneShape(geometry: ZoneOutline['geometry'], options: L.PathOptions): L.Circle | L.Polygon {
  if (geometry.type === 'Point') {
    const [lng, lat] = geometry.coordinates;
    return L.circle([lat, lng], { ...options, radius: geometry.radiusM });
  }
  const rings = geometry.coordinates.map((ring) => ring.slice(0, -1).map(([lng, lat]) => L.latLng(lat, lng)));
  return L.polygon(rings, options);
}
