import Supercluster from 'supercluster';
import { VIEW_STRIDE, type ClusterIndexOptions, type ClusterReply, type ClusterRequest } from './cluster-protocol';

interface PointProps {
  index: number;
}

let index: Supercluster<PointProps> | null = null;
let indexed = -1;

function load(coords: Float64Array, options: ClusterIndexOptions) {
  const features: Supercluster.PointFeature<PointProps>[] = [];
  for (let i = 0; i < coords.length / 2; i++) {
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [coords[2 * i], coords[2 * i + 1]] },
      properties: { index: i },
    });
  }
  index = new Supercluster<PointProps>(options).load(features);
}

function view(bbox: [number, number, number, number], zoom: number): Float64Array {
  const visible = index!.getClusters(bbox, zoom);
  const items = new Float64Array(visible.length * VIEW_STRIDE);
  visible.forEach((item, i) => {
    const [lng, lat] = item.geometry.coordinates;
    const cluster = 'cluster' in item.properties && item.properties.cluster ? item.properties : null;
    items.set(
      cluster
        ? [lng, lat, cluster.point_count, cluster.cluster_id, index!.getClusterExpansionZoom(cluster.cluster_id)]
        : [lng, lat, 0, (item.properties as PointProps).index, zoom],
      i * VIEW_STRIDE,
    );
  });
  return items;
}

// Requests are answered in order; a view asked of an older generation than the index is dropped
// by the page (it asked again after the newer load).
self.onmessage = ({ data }: MessageEvent<ClusterRequest>) => {
  if (data.kind === 'load') {
    load(data.coords, data.options);
    indexed = data.generation;
    return;
  }
  if (index === null || data.generation !== indexed) return;
  if (data.kind === 'leaves') {
    const indexes = index.getLeaves(data.clusterId, Infinity).map((leaf) => leaf.properties.index);
    const reply: ClusterReply = { kind: 'leaves', generation: data.generation, clusterId: data.clusterId, indexes };
    self.postMessage(reply);
    return;
  }
  const items = view(data.bbox, data.zoom);
  const reply: ClusterReply = { kind: 'view', generation: data.generation, seq: data.seq, items };
  self.postMessage(reply, { transfer: [items.buffer] });
};
