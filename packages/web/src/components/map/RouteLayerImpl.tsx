import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeafletMap } from './map-context';
import type { RouteLayerProps } from './map-types';
import { pointIcon } from './marker-icons';
import { thinPath } from './thin-path';

/** The longest the drawing animation runs, in steps: past it a step adds several points. */
const MAX_STEPS = 200;

/**
 * A route drawn as it was driven: one more point every `stepMs` (part 2 §9: 50 ms), with a marker
 * at its head. A new path starts over; the map fits the whole route first so the drawing stays in view.
 * A long track is thinned for drawing (thinPath) and drawn a few points a step, so it stays smooth
 * and takes at most MAX_STEPS steps.
 */
export default function RouteLayerImpl({ path: fullPath, stepMs = 50, fit = true }: RouteLayerProps) {
  const map = useLeafletMap();
  const { t } = useTranslation('components');
  const headLabel = t('map.routePosition');
  const path = useMemo(() => thinPath(fullPath), [fullPath]);
  const [shown, setShown] = useState(0);
  // SVG, not the map's canvas: the route is then a <path> a test (or assistive tool) can find.
  const line = useMemo(() => L.polyline([], { color: '#1c7ed6', weight: 4, opacity: 0.85, renderer: L.svg() }), []);
  const head = useMemo(
    () => L.marker([0, 0], { keyboard: false, icon: pointIcon(undefined, [0, 0], headLabel) }),
    // The label follows the language through setIcon below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => {
    line.addTo(map);
    return () => {
      line.remove();
      head.remove();
    };
  }, [map, line, head]);

  useEffect(() => {
    if (fit && path.length > 1)
      map.fitBounds(L.latLngBounds(path.map(([lat, lng]) => [lat, lng])), { padding: [24, 24] });
    if (stepMs <= 0) {
      setShown(path.length);
      return;
    }
    const perStep = Math.max(1, Math.ceil(path.length / MAX_STEPS));
    let count = Math.min(1, path.length);
    setShown(count);
    const timer = setInterval(() => {
      count = Math.min(path.length, count + perStep);
      setShown(count);
      if (count >= path.length) clearInterval(timer);
    }, stepMs);
    return () => clearInterval(timer);
  }, [map, path, stepMs, fit]);

  useEffect(() => {
    const drawn = path.slice(0, shown);
    line.setLatLngs(drawn.map(([lat, lng]) => [lat, lng]));
    const last = drawn.at(-1);
    if (last)
      head
        .setLatLng([last[0], last[1]])
        .setIcon(pointIcon(undefined, last, headLabel))
        .addTo(map);
    else head.remove();
    // How far the drawing got, told on the map element (for tests and anyone waiting on the animation).
    map.getContainer().dataset.routePoints = String(drawn.length);
  }, [map, path, shown, line, head, headLabel]);

  return null;
}
