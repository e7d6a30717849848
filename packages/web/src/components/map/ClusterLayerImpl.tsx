import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Supercluster from 'supercluster';
import { useLeafletMap } from './map-context';
import type { ClusterLayerProps, ClusterPoint } from './map-types';
import { clusterIcon, pointIcon } from './marker-icons';

interface PointProps {
  index: number;
}

// Supercluster measures its radius against a tile of `extent` pixels; Leaflet tiles are 256 wide,
// so with this extent the radius is in screen pixels.
const TILE_EXTENT = 256;
const MAX_ZOOM = 18;

/** Clustered markers over any number of points (10,000 vehicles cluster in a few tens of ms). */
export default function ClusterLayerImpl<T>({ points, radius, renderPopup }: ClusterLayerProps<T>) {
  const map = useLeafletMap();
  const [openId, setOpenId] = useState<number | null>(null);
  const popupNode = useRef<HTMLDivElement>(document.createElement('div'));
  const layer = useMemo(() => L.layerGroup(), []);

  const index = useMemo(() => {
    const clusters = new Supercluster<PointProps>({ radius, extent: TILE_EXTENT, maxZoom: MAX_ZOOM });
    clusters.load(
      points.map((point, i) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [point.position[1], point.position[0]] }, properties: { index: i } })),
    );
    return clusters;
  }, [points, radius]);

  useEffect(() => {
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, layer]);

  // Only what is on screen is drawn: redrawn from the index on every move and on new points.
  useEffect(() => {
    const draw = () => {
      const bounds = map.getBounds();
      const visible = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.round(map.getZoom()));
      layer.clearLayers();
      for (const item of visible) {
        const [lng, lat] = item.geometry.coordinates;
        if ('cluster' in item.properties && item.properties.cluster) {
          const clusterId = item.properties.cluster_id;
          L.marker([lat, lng], { icon: clusterIcon(item.properties.point_count), keyboard: false })
            .on('click', () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), MAX_ZOOM)))
            .addTo(layer);
        } else {
          const point = points[(item.properties as PointProps).index];
          L.marker([lat, lng], { icon: pointIcon(point.id, point.position, point.title), title: point.title, alt: point.title })
            .on('click', () => setOpenId(point.id))
            .addTo(layer);
        }
      }
    };
    draw();
    map.on('moveend', draw);
    return () => void map.off('moveend', draw);
  }, [map, layer, index, points]);

  const open: ClusterPoint<T> | undefined = openId === null ? undefined : points.find((point) => point.id === openId);
  const [openLat, openLng] = open?.position ?? [0, 0];
  useEffect(() => {
    if (openId === null) return;
    const popup = L.popup({ offset: [0, -6], minWidth: 220 }).setLatLng([openLat, openLng]).setContent(popupNode.current).openOn(map);
    popup.on('remove', () => setOpenId((current) => (current === openId ? null : current)));
    return () => void popup.remove();
  }, [map, openId, openLat, openLng]);

  return open ? createPortal(renderPopup(open), popupNode.current) : null;
}
