import type { FeatureCollection, MultiLineString } from 'geojson';
import L, { type Map as LeafletMap } from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { Objects, Topology } from 'topojson-specification';
import statesUrl from 'us-atlas/states-10m.json?url';
import countriesUrl from 'world-atlas/countries-50m.json?url';

/**
 * The basemap that ships with the app, so the map works with no internet access: country outlines
 * (Natural Earth 1:50m, world-atlas) and US state borders (US Census, us-atlas), both TopoJSON
 * files served beside the app and drawn on canvas. A tile server (MAP_TILE_URL) draws over them.
 */
interface Outlines {
  countries: FeatureCollection;
  states: MultiLineString;
}

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

/** Loaded once per page and shared by every map on it (the data, not a map). */
let outlines: Promise<Outlines> | undefined;

function loadOutlines(): Promise<Outlines> {
  outlines ??= Promise.all([topology(countriesUrl), topology(statesUrl)]).then(([world, us]) => ({
    countries: feature(world, world.objects.countries) as FeatureCollection,
    // Borders between two states only: the coast is already drawn by the country outline.
    states: mesh(us, us.objects.states, (a, b) => a !== b),
  }));
  outlines.catch(() => (outlines = undefined));
  return outlines;
}

/** Draws the outlines on the map (on canvas: the map prefers it, and the pane gets its own); returns what removes them. */
export function addBasemap(map: LeafletMap): () => void {
  const pane = map.getPane(BASEMAP_PANE) ?? map.createPane(BASEMAP_PANE);
  pane.style.zIndex = BASEMAP_Z_INDEX;
  const group = L.layerGroup().addTo(map);
  let removed = false;
  loadOutlines()
    .then(({ countries, states }) => {
      if (removed) return;
      L.geoJSON(countries, { pane: BASEMAP_PANE, interactive: false, style: { color: '#a8a091', weight: 0.8, fillColor: '#f2efe6', fillOpacity: 1 } }).addTo(group);
      L.geoJSON(states, { pane: BASEMAP_PANE, interactive: false, style: { color: '#bdb5a6', weight: 0.6, fill: false } }).addTo(group);
    })
    .catch((error: unknown) => console.warn('The map outlines could not be loaded:', error));
  return () => {
    removed = true;
    group.remove();
  };
}
