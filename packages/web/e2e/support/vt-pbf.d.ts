// vt-pbf ships no types; this is the one call the tests make, typed with geojson-vt's own tile type.
declare module 'vt-pbf' {
  import type { LegacyTile } from 'geojson-vt';

  /** One Mapbox Vector Tile holding each named layer (geojson-vt tiles at its 4096 extent). */
  export function fromGeojsonVt(layers: Record<string, LegacyTile>, options?: { version?: number }): Uint8Array;
}
