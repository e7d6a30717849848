import L, { type Map as LeafletMap } from 'leaflet';
import { useEffect, useRef } from 'react';
import type { LatLng } from './map-types';

/**
 * A Leaflet popup at `at` (none while undefined) whose content is a DOM node React renders into
 * through a portal; `onClosed` when the person closes it. Returns that node.
 */
export function useMapPopup(
  map: LeafletMap,
  at: LatLng | undefined,
  onClosed: () => void,
  options: L.PopupOptions,
): HTMLDivElement {
  const node = useRef<HTMLDivElement>(document.createElement('div'));
  const closed = useRef(onClosed);
  useEffect(() => {
    closed.current = onClosed;
  });
  const [lat, lng] = at ?? [];
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    // The options as given: a key set to undefined would replace Leaflet's default (an undefined
    // offset throws when the popup is placed).
    const popup = L.popup(options).setLatLng([lat, lng]).setContent(node.current).openOn(map);
    const close = () => closed.current();
    popup.on('remove', close);
    return () => {
      popup.off('remove', close);
      popup.remove();
    };
    // The options are fixed per caller; only a new place opens a new popup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, lat, lng]);
  return node.current;
}
