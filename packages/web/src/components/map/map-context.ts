import type { Map as LeafletMap } from 'leaflet';
import { createContext, useContext } from 'react';

/** The Leaflet map a layer draws on; provided by MapViewImpl once the map exists. */
export const MapContext = createContext<LeafletMap | null>(null);

export function useLeafletMap(): LeafletMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('A map layer must be rendered inside <MapView>.');
  return map;
}
