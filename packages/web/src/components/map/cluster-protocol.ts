/**
 * Messages between the cluster layer and its worker (cluster.worker.ts), which holds the
 * supercluster index so that indexing thousands of points never blocks the page.
 */
export interface ClusterIndexOptions {
  radius: number;
  extent: number;
  maxZoom: number;
}

export type ClusterRequest =
  /** `coords` holds lng, lat of point i at 2i, 2i+1 (transferred, not copied). */
  | { kind: 'load'; generation: number; coords: Float64Array; options: ClusterIndexOptions }
  | {
      kind: 'view';
      generation: number;
      seq: number;
      bbox: [west: number, south: number, east: number, north: number];
      zoom: number;
    }
  /** The points of a cluster that never splits (they stand at one place), to list them. */
  | { kind: 'leaves'; generation: number; clusterId: number };

/**
 * The clusters and points of one view, VIEW_STRIDE numbers each: lng, lat, count (0 for a single
 * point), id (the point's index, or the cluster's id) and the zoom at which a cluster breaks apart.
 */
export type ClusterReply =
  | { kind: 'view'; generation: number; seq: number; items: Float64Array }
  /** `indexes`: the cluster's points, as indexes into the loaded points. */
  | { kind: 'leaves'; generation: number; clusterId: number; indexes: number[] };

export const VIEW_STRIDE = 5;
