import type { FeatureCollection, MultiLineString } from 'geojson';
import L, { type Map as LeafletMap } from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { Objects, Topology } from 'topojson-specification';
import statesUrl from 'us-atlas/states-10m.json?url';
import coarseCountriesUrl from 'world-atlas/countries-110m.json?url';
import fineCountriesUrl from 'world-atlas/countries-50m.json?url';
import { cutAtAntimeridian } from './antimeridian';

/**
 * The basemap that ships with the app, so the map works with no internet access: country outlines
 * (Natural Earth, world-atlas) and US state borders (US Census, us-atlas), TopoJSON files served
 * beside the app and drawn on canvas. A tile server (MAP_TILE_URL) draws over them. Countries come
 * at 1:110m while the whole continent shows (a fifth of the points: the list map opens faster) and
 * at 1:50m from FINE_ZOOM on, loaded the first time a map gets there.
 */
const FINE_ZOOM = 5;

const BASEMAP_PANE = 'evf-basemap';
// Below Leaflet's tile pane (200): configured tiles cover the outlines, which show when tiles fail.
const BASEMAP_Z_INDEX = '150';

/** Only geometry is read: the outlines' properties (names, codes) are not used. */
type Outline = Topology<Objects<Record<string, never>>>;

async function topology(url: string): Promise<Outline> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`basemap ${url}: HTTP ${response.status}`);
  return (await response.json()) as Outline;
}

/** Each outline is loaded once per page and shared by every map on it (the data, not a map). */
const loaded = new Map<string, Promise<FeatureCollection | MultiLineString>>();

function outline(url: string, convert: (topology: Outline) => FeatureCollection | MultiLineString) {
  let data = loaded.get(url);
  if (!data) {
    data = topology(url).then(convert);
    loaded.set(url, data);
    data.catch(() => loaded.delete(url));
  }
  return data;
}

// Cut at ±180°, where Russia, Fiji and Antarctica would otherwise draw a band across the world.
const countries = (url: string) =>
  outline(url, (world) => cutAtAntimeridian(feature(world, world.objects.countries) as FeatureCollection));
// Borders between two states only: the coast is already drawn by the country outline.
const states = () => outline(statesUrl, (us) => mesh(us, us.objects.states, (a, b) => a !== b));

/** Land and borders in each colour scheme; the sea is the map's background (map.css). */
const STYLES = {
  light: {
    country: { color: '#a8a091', weight: 0.8, fillColor: '#f2efe6', fillOpacity: 1 },
    state: { color: '#bdb5a6', weight: 0.6, fill: false },
  },
  dark: {
    country: { color: '#5f6369', weight: 0.8, fillColor: '#2f3236', fillOpacity: 1 },
    state: { color: '#4a4e54', weight: 0.6, fill: false },
  },
} satisfies Record<'light' | 'dark', Record<'country' | 'state', L.PathOptions>>;

/**
 * Draws the outlines on the map in the portal's colour scheme (on canvas: the map prefers it, and
 * the pane gets its own); returns what removes them.
 */
export function addBasemap(map: LeafletMap, scheme: 'light' | 'dark'): () => void {
  const style = STYLES[scheme];
  const pane = map.getPane(BASEMAP_PANE) ?? map.createPane(BASEMAP_PANE);
  pane.style.zIndex = BASEMAP_Z_INDEX;
  const group = L.layerGroup().addTo(map);
  let removed = false;
  const layer = (geometry: FeatureCollection | MultiLineString, style: L.PathOptions) =>
    L.geoJSON(geometry, { pane: BASEMAP_PANE, interactive: false, style }).addTo(group);
  const warn = (error: unknown) => console.warn('The map outlines could not be loaded:', error);

  let countriesLayer: L.GeoJSON | undefined;
  let drawnFine = false;
  const drawCountries = (fine: boolean) =>
    countries(fine ? fineCountriesUrl : coarseCountriesUrl)
      .then((geometry) => {
        if (removed || (drawnFine && !fine)) return;
        if (countriesLayer) group.removeLayer(countriesLayer);
        // Countries go under the state borders, whichever arrives first.
        countriesLayer = layer(geometry, style.country).bringToBack();
        drawnFine ||= fine;
        // Which outlines are drawn, told on the map's element (for tests and anyone waiting on them).
        map.getContainer().dataset.outlines = drawnFine ? 'fine' : 'coarse';
      })
      .catch(warn);
  let askedFine = false;
  const refine = () => {
    if (askedFine || map.getZoom() < FINE_ZOOM) return;
    askedFine = true;
    void drawCountries(true);
  };
  if (map.getZoom() < FINE_ZOOM) void drawCountries(false);
  refine();
  states()
    .then((geometry) => !removed && layer(geometry, style.state))
    .catch(warn);
  map.on('zoomend', refine);
  return () => {
    removed = true;
    map.off('zoomend', refine);
    group.remove();
  };
}
