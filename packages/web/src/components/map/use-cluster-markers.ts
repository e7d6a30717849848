import L, { type Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { drawClusterView, type ClusterMarkerClicks } from './cluster-markers';
import type { ClusterReply } from './cluster-protocol';
import type { ClusterPoint, LatLng } from './map-types';
import { useClusterWorker } from './use-cluster-worker';

// Supercluster measures its radius against a tile of `extent` pixels; Leaflet tiles are 256 wide,
// so with this extent the radius is in screen pixels.
const TILE_EXTENT = 256;
const MAX_ZOOM = 18;

interface ClusterMarkerEvents {
  /** A point's marker was clicked. */
  onOpen: (id: number) => void;
  /** A cluster that splits at no zoom (its points stand at one place) was clicked: where, and its points' ids. */
  onList: (at: LatLng, ids: number[]) => void;
  /** Told after each drawing of the view's clusters and points. */
  onDrawn?: () => void;
}

/**
 * The clustered markers of `points` on `map`, only what is on screen: the worker indexes the points
 * and answers each view asked after a move. A cluster click zooms to where it splits; one that
 * splits at no zoom asks the worker for its points instead.
 */
export function useClusterMarkers<T>(
  map: LeafletMap,
  points: readonly ClusterPoint<T>[],
  radius: number,
  { onOpen, onList, onDrawn }: ClusterMarkerEvents,
) {
  const layer = useMemo(() => L.layerGroup(), []);
  const asked = useRef({ generation: 0, seq: 0 });
  /** The points the worker's current index was built from (its answers give indexes into them). */
  const indexed = useRef(points);
  /** Where each cluster asked to be listed stands, until the worker names its points. */
  const listing = useRef(new Map<number, LatLng>());

  const clicks: ClusterMarkerClicks = {
    cluster: (clusterId, at, expansionZoom) => {
      if (expansionZoom <= MAX_ZOOM) return void map.setView([at[0], at[1]], expansionZoom);
      listing.current.set(clusterId, at);
      post({ kind: 'leaves', generation: asked.current.generation, clusterId });
    },
    point: onOpen,
  };

  const post = useClusterWorker((reply: ClusterReply) => {
    // Only answers about the latest points are used: a new set of points outdates the rest.
    if (reply.generation !== asked.current.generation) return;
    if (reply.kind === 'leaves') {
      const at = listing.current.get(reply.clusterId);
      listing.current.delete(reply.clusterId);
      if (at)
        onList(
          at,
          reply.indexes.map((i) => indexed.current[i].id),
        );
      return;
    }
    // Likewise a pan outdates the views asked before it.
    if (reply.seq !== asked.current.seq) return;
    drawClusterView(layer, reply.items, indexed.current, clicks);
    onDrawn?.();
  });

  useEffect(() => {
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, layer]);

  useEffect(() => {
    const coords = new Float64Array(points.length * 2);
    points.forEach((point, i) => coords.set([point.position[1], point.position[0]], 2 * i));
    const generation = ++asked.current.generation;
    indexed.current = points;
    listing.current.clear();
    post({ kind: 'load', generation, coords, options: { radius, extent: TILE_EXTENT, maxZoom: MAX_ZOOM } }, [
      coords.buffer,
    ]);
    const askView = () => {
      const bounds = map.getBounds();
      const bbox: [number, number, number, number] = [
        bounds.getWest(),
        bounds.getSouth(),
        bounds.getEast(),
        bounds.getNorth(),
      ];
      post({ kind: 'view', generation, seq: ++asked.current.seq, bbox, zoom: Math.round(map.getZoom()) });
    };
    askView();
    map.on('moveend', askView);
    return () => void map.off('moveend', askView);
  }, [map, points, radius, post]);
}
