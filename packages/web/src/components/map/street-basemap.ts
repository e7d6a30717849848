import L, { type Map as LeafletMap } from 'leaflet';
import { buildUrl } from '../../api/http';

/** The renderer's colour sets, one for each of the portal's colour schemes. */
export type StreetFlavor = 'light' | 'dark';

/**
 * The operator's street basemap (MAP_PMTILES, docs/operations.md): a PMTiles archive of OpenStreetMap
 * data read in byte ranges by the `pmtiles` library and drawn on canvas tiles by protomaps-leaflet.
 * Both load only here, when the server has an archive, so a portal without one never downloads them.
 * The archive's header is read first: if it cannot be, no layer is added and the shipped outlines
 * stay the map. Tiles are asked only within the archive's bounds, so around a regional extract the
 * outlines still show. Returns what removes the layer.
 */
export function addStreetBasemap(map: LeafletMap, path: string, flavor: StreetFlavor): () => void {
  let removed = false;
  let layer: L.Layer | undefined;
  const container = map.getContainer();
  void (async () => {
    try {
      const [{ PMTiles }, { leafletLayer }, url] = await Promise.all([
        import('pmtiles'),
        import('protomaps-leaflet'),
        buildUrl(path),
      ]);
      const archive = new PMTiles(url.href);
      const header = await archive.getHeader();
      if (removed) return;
      // protomaps-leaflet extends the global `L` (it is written for Leaflet's script build); the
      // portal imports Leaflet as a module, which sets no global.
      (globalThis as { L?: typeof L }).L ??= L;
      layer = leafletLayer({
        url: archive,
        flavor,
        lang: 'en',
        maxDataZoom: header.maxZoom,
        bounds: [
          [header.minLat, header.minLon],
          [header.maxLat, header.maxLon],
        ],
      }) as unknown as L.Layer;
      layer.addTo(map);
      // Which streets are drawn, told on the map's element (for tests and anyone looking).
      container.dataset.streets = flavor;
    } catch (error) {
      console.warn('The street basemap could not be loaded; the map shows the outlines:', error);
    }
  })();
  return () => {
    removed = true;
    layer?.remove();
    delete container.dataset.streets;
  };
}
