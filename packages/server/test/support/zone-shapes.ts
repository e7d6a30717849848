/** A square ring of half-side `d` degrees around a point, as GeoJSON writes a polygon's ring. */
export const squareRing = (lat: number, lng: number, d: number) => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
  [lng - d, lat - d],
];

/** A square zone's geometry. */
export const squareZone = (lat: number, lng: number, d: number) => ({
  type: 'Polygon',
  coordinates: [squareRing(lat, lng, d)],
});
