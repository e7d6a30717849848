/** Depots the demo vehicles drive around: a few US cities, as street grids near their centres. */
export const CITIES = [
  { name: 'Chicago', lat: 41.8781, lng: -87.6298, timeZone: 'America/Chicago' },
  { name: 'Austin', lat: 30.2672, lng: -97.7431, timeZone: 'America/Chicago' },
  { name: 'Denver', lat: 39.7392, lng: -104.9903, timeZone: 'America/Denver' },
  { name: 'Atlanta', lat: 33.749, lng: -84.388, timeZone: 'America/New_York' },
  { name: 'Phoenix', lat: 33.4484, lng: -112.074, timeZone: 'America/Phoenix' },
  { name: 'Seattle', lat: 47.6062, lng: -122.3321, timeZone: 'America/Los_Angeles' },
] as const;
export type City = (typeof CITIES)[number];
