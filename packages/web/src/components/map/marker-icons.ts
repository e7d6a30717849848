import L from 'leaflet';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A point marker drawn with CSS (no image files to resolve). Its element carries the point's id and
 * position, so a test (or a person with dev tools) can tell which vehicle it is and where.
 */
export function pointIcon(id: number | undefined, [lat, lng]: readonly [number, number], label: string): L.DivIcon {
  return L.divIcon({
    className: '',
    iconSize: [16, 16],
    iconAnchor: [8, 8],
    popupAnchor: [0, -8],
    html: `<div class="evf-marker" data-testid="map-marker"${id === undefined ? '' : ` data-id="${id}"`} data-lat="${lat}" data-lng="${lng}" aria-label="${escapeAttribute(label)}"></div>`,
  });
}

const clusterSize = (count: number) => (count < 10 ? 'small' : count < 100 ? 'medium' : 'large');

/** A cluster bubble, larger and warmer with more points in it; its element tells where it stands. */
export function clusterIcon(count: number, [lat, lng]: readonly [number, number]): L.DivIcon {
  const size = clusterSize(count);
  // Cluster centres can be as close as the 30 px grid: the bubbles stay small enough to read side by side.
  const pixels = { small: 28, medium: 32, large: 38 }[size];
  return L.divIcon({
    className: '',
    iconSize: [pixels, pixels],
    iconAnchor: [pixels / 2, pixels / 2],
    html: `<div class="evf-cluster" data-testid="map-cluster" data-count="${count}" data-lat="${lat}" data-lng="${lng}" data-size="${size}" style="width:${pixels}px;height:${pixels}px">${count}</div>`,
  });
}
