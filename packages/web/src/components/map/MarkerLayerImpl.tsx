import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useLeafletMap } from './map-context';
import type { MarkerLayerProps } from './map-types';
import { pointIcon } from './marker-icons';

/** One marker that moves with its position; a click opens `popup` when there is one. */
export default function MarkerLayerImpl({ position, title = '', popup }: MarkerLayerProps) {
  const map = useLeafletMap();
  const popupNode = useRef<HTMLDivElement>(document.createElement('div'));
  const marker = useRef<L.Marker | null>(null);
  const [lat, lng] = position;
  const hasPopup = popup !== undefined;

  useEffect(() => {
    const created = L.marker([lat, lng], { title, alt: title, icon: pointIcon(undefined, [lat, lng], title) }).addTo(
      map,
    );
    marker.current = created;
    return () => {
      created.remove();
      marker.current = null;
    };
    // Created once per map; position and popup changes update it in place below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  useEffect(() => {
    marker.current?.setLatLng([lat, lng]).setIcon(pointIcon(undefined, [lat, lng], title));
  }, [lat, lng, title]);

  useEffect(() => {
    if (!hasPopup) return;
    marker.current?.bindPopup(popupNode.current, { minWidth: 200 });
    return () => void marker.current?.unbindPopup();
  }, [hasPopup]);

  return hasPopup ? createPortal(popup, popupNode.current) : null;
}
