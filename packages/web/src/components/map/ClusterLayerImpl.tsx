import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ClusterPickList } from './ClusterPickList';
import { VIEW_STRIDE, type ClusterReply } from './cluster-protocol';
import { useLeafletMap } from './map-context';
import type { ClusterLayerProps, ClusterPoint, LatLng } from './map-types';
import { clusterIcon, pointIcon } from './marker-icons';
import { useClusterWorker } from './use-cluster-worker';
import { useMapPopup } from './use-map-popup';

// Supercluster measures its radius against a tile of `extent` pixels; Leaflet tiles are 256 wide,
// so with this extent the radius is in screen pixels.
const TILE_EXTENT = 256;
const MAX_ZOOM = 18;

/** A cluster whose points stand at one place, listed to pick from: where, and which points. */
interface PickList {
  at: LatLng;
  ids: number[];
}

/**
 * Clustered markers over any number of points; only what is on screen is drawn. A cluster click
 * zooms to where it splits; a cluster that splits at no zoom (its points stand at one place) lists
 * its points instead.
 */
export default function ClusterLayerImpl<T>({ points, radius, renderPopup, onDrawn }: ClusterLayerProps<T>) {
  const map = useLeafletMap();
  const [openId, setOpenId] = useState<number | null>(null);
  const [pickList, setPickList] = useState<PickList | null>(null);
  const layer = useMemo(() => L.layerGroup(), []);
  const asked = useRef({ generation: 0, seq: 0 });
  /** The points the worker's current index was built from (its answers give indexes into them). */
  const indexed = useRef(points);
  /** Where each cluster asked to be listed stands, until the worker names its points. */
  const listing = useRef(new Map<number, LatLng>());

  const drawView = (items: Float64Array) => {
    layer.clearLayers();
    for (let at = 0; at < items.length; at += VIEW_STRIDE) {
      const [lng, lat, count, id, expansionZoom] = items.subarray(at, at + VIEW_STRIDE);
      if (count > 0) {
        const splits = expansionZoom <= MAX_ZOOM;
        L.marker([lat, lng], { icon: clusterIcon(count, [lat, lng]), keyboard: false })
          .on('click', () => {
            if (splits) return void map.setView([lat, lng], expansionZoom);
            listing.current.set(id, [lat, lng]);
            post({ kind: 'leaves', generation: asked.current.generation, clusterId: id });
          })
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
  };

  const post = useClusterWorker((reply: ClusterReply) => {
    // Only answers about the latest points are used: a new set of points outdates the rest.
    if (reply.generation !== asked.current.generation) return;
    if (reply.kind === 'leaves') {
      const at = listing.current.get(reply.clusterId);
      listing.current.delete(reply.clusterId);
      if (at) setPickList({ at, ids: reply.indexes.map((i) => indexed.current[i].id) });
      return;
    }
    // Likewise a pan outdates the views asked before it.
    if (reply.seq === asked.current.seq) drawView(reply.items);
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

  const open: ClusterPoint<T> | undefined = openId === null ? undefined : points.find((point) => point.id === openId);
  const infoNode = useMapPopup(
    map,
    open?.position,
    () => setOpenId((current) => (current === open?.id ? null : current)),
    { offset: [0, -6], minWidth: 220 },
  );
  // The listed points as they are now (a live point keeps its place in the list while it moves).
  const listed = pickList ? points.filter((point) => pickList.ids.includes(point.id)) : [];
  const listNode = useMapPopup(map, pickList?.at, () => setPickList(null), { minWidth: 180, maxWidth: 280 });

  return (
    <>
      {open && createPortal(renderPopup(open), infoNode)}
      {pickList &&
        createPortal(
          <ClusterPickList
            points={listed}
            onPick={(point) => {
              setPickList(null);
              setOpenId(point.id);
            }}
          />,
          listNode,
        )}
    </>
  );
}
