import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { ZoneKind } from '@evfleet/domain';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeafletMap } from '../../components/map/map-context';
import { zoneShape, zoneStyle } from '../../components/map/zone-shapes';
import { geometryOf } from './shape-geometry';
import type { ZoneFormValues } from './zone-form';

type Geometry = ZoneFormValues['geometry'];

// Only the zone's own shape is editable: the basemap's outlines are Leaflet layers too, and Geoman
// would otherwise offer to drag, cut and delete countries.
L.PM.setOptIn(true);
/** Geoman's map handler, for a map made before Geoman was loaded (its init hook only sees later ones). */
const { Map: PmMap } = L.PM as unknown as { Map: new (map: L.Map) => L.PM.PMMap };

export interface ZoneShapeEditorProps {
  /** The shape to start from: the zone's saved geometry, or none for a new zone. */
  initial: Geometry | undefined;
  kind: ZoneKind;
  /** The shape after each change; undefined when there is none (deleted, or split in two by a cut). */
  onChange: (geometry: Geometry | undefined) => void;
}

/**
 * Drawing and editing a zone’s shape with Geoman (leaflet-geoman-free): a polygon, a rectangle or a
 * circle; vertices dragged, added and removed; the whole shape moved; holes cut into a polygon.
 * The zone has one shape: a new one replaces the old.
 */
export default function ZoneShapeEditor({ initial, kind, onChange }: ZoneShapeEditorProps) {
  const map = useLeafletMap();
  const { i18n } = useTranslation();
  const changed = useRef(onChange);
  const shapeRef = useRef<L.Circle | L.Polygon | null>(null);
  // SVG, not the map's canvas: the shape is then a <path> a test can find, as the zone outlines are.
  const renderer = useMemo(() => L.svg(), []);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const pm = map.pm ?? (map.pm = new PmMap(map));
    pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawText: false,
      rotateMode: false,
    });
    const report = () => {
      const shape = shapeRef.current;
      changed.current(shape ? (geometryOf(shape) ?? undefined) : undefined);
    };
    const adopt = (layer: L.Layer) => {
      if (!(layer instanceof L.Polygon || layer instanceof L.Circle)) return layer.remove();
      if (shapeRef.current && shapeRef.current !== layer) shapeRef.current.remove();
      shapeRef.current = layer;
      layer.on('pm:edit', report);
      report();
    };
    const removed = ({ layer }: { layer: L.Layer }) => {
      if (layer !== shapeRef.current) return;
      shapeRef.current = null;
      report();
    };
    map.on('pm:create', ({ layer }) => adopt(layer));
    map.on('pm:cut', ({ layer }) => adopt(layer));
    map.on('pm:remove', removed);
    if (initial) {
      const layer = zoneShape(initial, { pmIgnore: false, renderer }).addTo(map);
      shapeRef.current = layer;
      layer.on('pm:edit', report);
      map.fitBounds(layer.getBounds(), { padding: [32, 32], maxZoom: 17 });
    }
    return () => {
      pm.removeControls();
      map.off('pm:create').off('pm:cut').off('pm:remove');
      shapeRef.current?.remove();
      shapeRef.current = null;
    };
    // The starting shape counts once: later changes come from the map itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  useEffect(() => {
    const style = { ...zoneStyle(kind), pmIgnore: false };
    map.pm.setGlobalOptions({ pathOptions: { ...style, renderer }, allowSelfIntersection: false });
    shapeRef.current?.setStyle(style);
  }, [map, kind, renderer]);

  useEffect(() => {
    map.pm.setLang(i18n.resolvedLanguage === 'de' ? 'de' : 'en');
    nameToolbarButtons(map);
  }, [map, i18n.resolvedLanguage]);

  return null;
}

/**
 * Geoman's toolbar buttons are links whose name is the title of the block around them: a screen
 * reader (and axe) needs it on the link itself, set again whenever the toolbar is drawn in a language.
 */
function nameToolbarButtons(map: L.Map) {
  for (const button of map.getContainer().querySelectorAll<HTMLElement>('.leaflet-buttons-control-button')) {
    const title = button.closest('[title]')?.getAttribute('title');
    if (title) button.setAttribute('aria-label', title);
  }
}
