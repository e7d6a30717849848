import 'leaflet/dist/leaflet.css';
import './map.css';
import { useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import L, { type Map as LeafletMap } from 'leaflet';
import { Suspense, useEffect, useRef, useState } from 'react';
import { profileQuery } from '../../api/app-info';
import { addBasemap } from './basemap';
import { MapContext } from './map-context';
import { addStreetBasemap } from './street-basemap';
import type { MapViewProps } from './map-types';

/**
 * Leaflet on a plain DOM node: renders in headless Chromium with no WebGL (docs/decisions.md, "Maps"). Under
 * the layers: the shipped outlines, then the operator's street basemap (MAP_PMTILES) or tile server
 * (MAP_TILE_URL) when there is one, in the colour scheme of the portal.
 */
export default function MapViewImpl({ center, zoom, follow = false, height = 400, testId, children }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const tiles = useQuery(profileQuery).data;
  const scheme = useComputedColorScheme('light');
  const [lat, lng] = center;

  useEffect(() => {
    // Each MapView owns its map (no module-level singleton): a second map on a page is independent.
    const created = L.map(container.current!, {
      center: [lat, lng],
      zoom,
      preferCanvas: true,
      worldCopyJump: true,
      zoomSnap: 1,
    });
    // Where the map looks, told on its element: a test turns places into pixels with it.
    const tellView = () => {
      const { lat, lng } = created.getCenter();
      Object.assign(created.getContainer().dataset, { zoom: String(created.getZoom()), center: `${lat},${lng}` });
    };
    tellView();
    created.on('moveend', tellView);
    // Leaflet follows the window's size only; the box also changes when the layout does (a phone
    // turned, the sidebar folded, a tab shown), and a map not told draws only its old area.
    const resized = new ResizeObserver(() => created.invalidateSize());
    resized.observe(created.getContainer());
    setMap(created);
    return () => {
      resized.disconnect();
      created.off('moveend', tellView);
      created.remove();
      setMap(null);
    };
    // The map is made once; later centres are followed by the effect below, not by a new map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => (map ? addBasemap(map, scheme) : undefined), [map, scheme]);

  useEffect(() => {
    // The street basemap, when there is one, replaces a tile server rather than drawing under it.
    if (!map || !tiles?.mapTileUrl || tiles.mapPmtilesUrl) return;
    const layer = L.tileLayer(tiles.mapTileUrl, { attribution: tiles.mapTileAttribution, maxZoom: 19 }).addTo(map);
    return () => void layer.remove();
  }, [map, tiles?.mapTileUrl, tiles?.mapTileAttribution, tiles?.mapPmtilesUrl]);

  useEffect(() => {
    if (!map || !tiles?.mapPmtilesUrl) return;
    return addStreetBasemap(map, tiles.mapPmtilesUrl, scheme);
  }, [map, tiles?.mapPmtilesUrl, scheme]);

  useEffect(() => {
    if (map && follow) map.panTo([lat, lng]);
  }, [map, follow, lat, lng]);

  return (
    <>
      <div
        ref={container}
        className="evf-map"
        style={{ height }}
        data-testid={testId}
        data-map-ready={map ? 'true' : undefined}
      />
      {map && (
        <MapContext value={map}>
          <Suspense fallback={null}>{children}</Suspense>
        </MapContext>
      )}
    </>
  );
}
