import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { ClusterLayerProps, MapViewProps, MarkerLayerProps, RouteLayerProps, ZoneLayerProps } from './map-types';

export type {
  ClusterLayerProps,
  ClusterPoint,
  LatLng,
  MapViewProps,
  MarkerLayerProps,
  RouteLayerProps,
  ZoneLayerProps,
} from './map-types';

// Leaflet, supercluster and the outlines load only when a map first shows (never with /login).
const loadMapView = () => import('./MapViewImpl');
const loadClusterLayer = () => import('./ClusterLayerImpl');
const MapViewImpl = lazy(loadMapView);

/** Starts loading the clustered map's code, for a page that knows it will show one once its data is in. */
export function preloadClusteredMap(): void {
  void loadMapView();
  void loadClusterLayer();
}

/** The portal's map (docs/decisions.md "Maps"): offline outlines, optional tiles, layers as children. */
export function MapView(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 400}>
          <Loader size="sm" />
        </Center>
      }
    >
      <MapViewImpl {...props} />
    </Suspense>
  );
}

/** Points clustered on a screen-pixel grid; a cluster zooms in on click, a point opens its info window. */
export const ClusterLayer = lazy(loadClusterLayer) as unknown as <T>(props: ClusterLayerProps<T>) => ReactNode;

/** One marker, with an optional info window. */
export const MarkerLayer: ComponentType<MarkerLayerProps> = lazy(() => import('./MarkerLayerImpl'));

/** A route drawn as a polyline, point by point, with a marker at its head. */
export const RouteLayer: ComponentType<RouteLayerProps> = lazy(() => import('./RouteLayerImpl'));

/** Zones outlined in their kind's colour, each named by a tooltip. */
export const ZoneLayer: ComponentType<ZoneLayerProps> = lazy(() => import('./ZoneLayerImpl'));
