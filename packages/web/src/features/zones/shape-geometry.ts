import L from 'leaflet';
import type { ZoneFormValues } from './zone-form';

type ZoneGeometryInput = ZoneFormValues['geometry'];

/**
 * A drawn shape as a zone's geometry: a circle as a GeoJSON Point with radiusM, a polygon (holes
 * included) as a Polygon with closed rings. null for what a zone cannot be: a cut that split the
 * polygon in two (a MultiPolygon).
 */
export function geometryOf(shape: L.Circle | L.Polygon): ZoneGeometryInput | null {
  if (shape instanceof L.Circle) {
    const { lat, lng } = shape.getLatLng();
    return { type: 'Point', coordinates: [lng, lat], radiusM: Math.round(shape.getRadius() * 10) / 10 };
  }
  const { geometry } = shape.toGeoJSON(7);
  return geometry.type === 'Polygon' ? { type: 'Polygon', coordinates: geometry.coordinates } : null;
}
