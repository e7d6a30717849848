import type { Zone } from '@evfleet/domain';
import type { ReactNode } from 'react';

/** A WGS 84 position, latitude first (Leaflet's order). */
export type LatLng = readonly [lat: number, lng: number];

export interface MapViewProps {
  center: LatLng;
  zoom: number;
  /** Follow `center` when it changes (the detail map's auto-recentre); otherwise only the first one counts. */
  follow?: boolean;
  height?: number | string;
  testId?: string;
  /** The layers drawn on this map (ClusterLayer, MarkerLayer, RouteLayer, ZoneLayer). */
  children?: ReactNode;
}

/** One point of a clustered layer: an id to key it, where it is, and what its info window shows. */
export interface ClusterPoint<T> {
  id: number;
  position: LatLng;
  /** Hover text of the marker. */
  title: string;
  data: T;
}

export interface ClusterLayerProps<T> {
  points: readonly ClusterPoint<T>[];
  /** Points within this many screen pixels of each other join one cluster (the spec's grid size). */
  radius: number;
  /** The info window of one point, rendered into its popup (router links work inside it). */
  renderPopup: (point: ClusterPoint<T>) => ReactNode;
  /** Told after each drawing of the view's clusters and points. */
  onDrawn?: () => void;
}

export interface MarkerLayerProps {
  position: LatLng;
  title?: string;
  /** Info window content, opened by a click. */
  popup?: ReactNode;
}

export interface RouteLayerProps {
  /** The route in order, oldest first. */
  path: readonly LatLng[];
  /** Draw the route one point every stepMs (the spec's 50 ms); 0 draws it at once. */
  stepMs?: number;
  /** Fit the map to the whole route when it changes. */
  fit?: boolean;
}

/** What a map needs of a zone to outline it. */
export type ZoneOutline = Pick<Zone, 'id' | 'name' | 'kind' | 'geometry'>;

export interface ZoneLayerProps {
  zones: readonly ZoneOutline[];
  /** Fit the map to the zones when they change (the zones list's map). */
  fit?: boolean;
}
