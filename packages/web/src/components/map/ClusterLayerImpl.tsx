import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLeafletMap } from './map-context';
import { VIEW_STRIDE, type ClusterReply, type ClusterRequest } from './cluster-protocol';
import type { ClusterLayerProps, ClusterPoint } from './map-types';
import { clusterIcon, pointIcon } from './marker-icons';

// Supercluster measures its radius against a tile of `extent` pixels; Leaflet tiles are 256 wide,
// so with this extent the radius is in screen pixels.
const TILE_EXTENT = 256;
const MAX_ZOOM = 18;

/** The cluster index lives in a worker: indexing 10,000 points takes longer than a frame. */
function useClusterWorker(onView: (reply: ClusterReply) => void) {
  const worker = useRef<Worker | null>(null);
  const latest = useRef(onView);
  useEffect(() => {
    latest.current = onView;
  });
  // Made in an effect (not in render) so that every mount owns a live worker, also when React remounts.
  useEffect(() => {
    const created = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
    created.onmessage = ({ data }: MessageEvent<ClusterReply>) => latest.current(data);
    worker.current = created;
    return () => {
      created.terminate();
      worker.current = null;
    };
  }, []);
  return useCallback(
    (request: ClusterRequest, transfer: Transferable[] = []) => worker.current?.postMessage(request, transfer),
    [],
  );
}

/** Clustered markers over any number of points; only what is on screen is drawn. */
export default function ClusterLayerImpl<T>({ points, radius, renderPopup, onDrawn }: ClusterLayerProps<T>) {
  const map = useLeafletMap();
  const [openId, setOpenId] = useState<number | null>(null);
  const popupNode = useRef<HTMLDivElement>(document.createElement('div'));
  const layer = useMemo(() => L.layerGroup(), []);
  const asked = useRef({ generation: 0, seq: 0 });
  /** The points the worker's current index was built from (its answers give indexes into them). */
  const indexed = useRef(points);

  const post = useClusterWorker(({ generation, seq, items }) => {
    // Only the answer to the latest question is drawn: a pan or a new set of points outdates the rest.
    if (generation !== asked.current.generation || seq !== asked.current.seq) return;
    layer.clearLayers();
    for (let at = 0; at < items.length; at += VIEW_STRIDE) {
      const [lng, lat, count, id, expansionZoom] = items.subarray(at, at + VIEW_STRIDE);
      if (count > 0) {
        L.marker([lat, lng], { icon: clusterIcon(count), keyboard: false })
          .on('click', () => map.setView([lat, lng], Math.min(expansionZoom, MAX_ZOOM)))
          .addTo(layer);
      } else {
        const point = indexed.current[id];
        L.marker([lat, lng], {
          icon: pointIcon(point.id, point.position, point.title),
          title: point.title,
          alt: point.title,
        })
          .on('click', () => setOpenId(point.id))
          .addTo(layer);
      }
    }
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

  const open: ClusterPoint<T> | undefined = openId === null ? undefined : points.find((point) => point.id === openId);
  const [openLat, openLng] = open?.position ?? [0, 0];
  useEffect(() => {
    if (openId === null) return;
    const popup = L.popup({ offset: [0, -6], minWidth: 220 })
      .setLatLng([openLat, openLng])
      .setContent(popupNode.current)
      .openOn(map);
    popup.on('remove', () => setOpenId((current) => (current === openId ? null : current)));
    return () => void popup.remove();
  }, [map, openId, openLat, openLng]);

  return open ? createPortal(renderPopup(open), popupNode.current) : null;
}
