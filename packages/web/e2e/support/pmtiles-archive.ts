import type { FeatureCollection } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { Compression, TileType, zxyToTileId } from 'pmtiles';
import { fromGeojsonVt } from 'vt-pbf';

/**
 * A small PMTiles v3 archive made in the test (https://github.com/protomaps/PMTiles, spec v3): vector
 * tiles of the given layers (GeoJSON, tiled by geojson-vt and encoded by vt-pbf) for every tile of
 * zooms 0..maxZoom over `bbox`. One root directory, no leaf directories, nothing compressed.
 */
export interface ArchiveSpec {
  /** [west, south, east, north] in degrees: the archive's bounds and the tiles written. */
  bbox: [number, number, number, number];
  maxZoom: number;
  /** Layers by name, as the renderer's style reads them (`earth`, `roads`, ...). */
  layers: Record<string, FeatureCollection>;
}

const HEADER_BYTES = 127;

const tileX = (lng: number, z: number) => Math.floor(((lng + 180) / 360) * 2 ** z);
const tileY = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

function varints(values: number[]): Buffer {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return Buffer.from(bytes);
}

/** The root directory: tile ids as deltas, run lengths, lengths, then offsets (0: right after the previous). */
function directory(entries: { tileId: number; offset: number; length: number }[]): Buffer {
  return varints([
    entries.length,
    ...entries.map((e, i) => e.tileId - (i > 0 ? entries[i - 1].tileId : 0)),
    ...entries.map(() => 1),
    ...entries.map((e) => e.length),
    ...entries.map((e, i) => (i > 0 ? 0 : e.offset + 1)),
  ]);
}

export function pmtilesArchive({ bbox: [west, south, east, north], maxZoom, layers }: ArchiveSpec): Buffer {
  const indexes = Object.entries(layers).map(
    ([name, data]) => [name, new GeoJSONVT(data, { maxZoom, indexMaxZoom: maxZoom })] as const,
  );
  const tiles: { tileId: number; data: Buffer }[] = [];
  for (let z = 0; z <= maxZoom; z++)
    for (let x = tileX(west, z); x <= tileX(east, z); x++)
      for (let y = tileY(north, z); y <= tileY(south, z); y++) {
        const tileLayers = Object.fromEntries(
          indexes.map(([name, index]) => [name, index.getTile(z, x, y) ?? { features: [] }]),
        );
        tiles.push({ tileId: zxyToTileId(z, x, y), data: Buffer.from(fromGeojsonVt(tileLayers, { version: 2 })) });
      }
  tiles.sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = tiles.map(({ tileId, data }) => {
    const entry = { tileId, offset, length: data.length };
    offset += data.length;
    return entry;
  });
  const root = directory(entries);
  const metadata = Buffer.from(
    JSON.stringify({ vector_layers: Object.keys(layers).map((id) => ({ id, fields: {} })) }),
  );
  const tileData = Buffer.concat(tiles.map((t) => t.data));

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const sections = [
    [HEADER_BYTES, root.length], // root directory
    [HEADER_BYTES + root.length, metadata.length], // JSON metadata
    [HEADER_BYTES + root.length + metadata.length, 0], // leaf directories: none
    [HEADER_BYTES + root.length + metadata.length, tileData.length], // tile data
  ];
  sections.flat().forEach((value, i) => header.writeBigUInt64LE(BigInt(value), 8 + 8 * i));
  // Addressed tiles, tile entries, distinct tile contents.
  [tiles.length, tiles.length, tiles.length].forEach((n, i) => header.writeBigUInt64LE(BigInt(n), 72 + 8 * i));
  header.writeUInt8(1, 96); // clustered: tiles in tile id order
  header.writeUInt8(Compression.None, 97);
  header.writeUInt8(Compression.None, 98);
  header.writeUInt8(TileType.Mvt, 99);
  header.writeUInt8(0, 100);
  header.writeUInt8(maxZoom, 101);
  [west, south, east, north].forEach((deg, i) => header.writeInt32LE(Math.round(deg * 1e7), 102 + 4 * i));
  header.writeUInt8(maxZoom, 118);
  header.writeInt32LE(Math.round(((west + east) / 2) * 1e7), 119);
  header.writeInt32LE(Math.round(((south + north) / 2) * 1e7), 123);
  return Buffer.concat([header, root, metadata, tileData]);
}
