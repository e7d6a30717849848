import L from 'leaflet';
import { VIEW_STRIDE } from './cluster-protocol';
import type { ClusterPoint, LatLng } from './map-types';
import { clusterIcon, pointIcon } from './marker-icons';

/** What a click on a drawn marker tells. */
export interface ClusterMarkerClicks {
  /** A cluster: its id in the index, where it stands, and the zoom at which it splits. */
  cluster: (clusterId: number, at: LatLng, expansionZoom: number) => void;
  /** A single point, by its id. */
  point: (id: number) => void;
}

/**
 * Draws one view the worker answered into `layer`, in place of the last: a numbered marker a
 * cluster, a point's own marker for a point (`points` are those the worker's index was built from).
 */
export function drawClusterView<T>(
  layer: L.LayerGroup,
  items: Float64Array,
  points: readonly ClusterPoint<T>[],
  clicks: ClusterMarkerClicks,
) {
  layer.clearLayers();
  for (let at = 0; at < items.length; at += VIEW_STRIDE) {
    const [lng, lat, count, id, expansionZoom] = items.subarray(at, at + VIEW_STRIDE);
    if (count > 0) {
      L.marker([lat, lng], { icon: clusterIcon(count, [lat, lng]), keyboard: false })
        .on('click', () => clicks.cluster(id, [lat, lng], expansionZoom))
        .addTo(layer);
    } else {
      const point = points[id];
      L.marker([lat, lng], {
        icon: pointIcon(point.id, point.position, point.title),
        title: point.title,
        alt: point.title,
      })
        .on('click', () => clicks.point(point.id))
        .addTo(layer);
    }
  }
}
