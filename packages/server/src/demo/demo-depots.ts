import { CITIES, type City } from './cities.js';
import type { Place } from './streets.js';

const city = (name: City['name']) => CITIES.find((c) => c.name === name)!;

/**
 * The demo fleets' depots, in the order the fleets are seeded (demo-fleet.ts): a fleet's vehicles
 * start each day from its depot and come back to it, so the depot can be a zone of the fleet
 * (demo-zones.ts). Each lies far enough inland that the rounds around it stay on land.
 */
export const DEMO_DEPOTS = [
  { fleet: 'Loop Deliveries', name: 'West Loop depot', city: city('Chicago'), lat: 41.8785, lng: -87.67 },
  { fleet: 'Lakeshore Maintenance', name: 'Logan Square depot', city: city('Chicago'), lat: 41.9295, lng: -87.7075 },
  { fleet: 'Campus Shuttle', name: 'University Park depot', city: city('Denver'), lat: 39.6735, lng: -104.963 },
] as const;
export type DemoDepot = (typeof DEMO_DEPOTS)[number];

/** Demo vehicles per fleet: the first ones by number, fleet after fleet. */
export const DEMO_FLEET_SIZE = 5;

interface DemoHome {
  city: City;
  /** Its fleet's depot; a vehicle of no fleet has a depot of its own somewhere in the city. */
  depot?: Place;
}

/** Where demo vehicle `index` (0-based, as its VIN counts) lives. */
export function demoHome(index: number): DemoHome {
  const depot: DemoDepot | undefined = DEMO_DEPOTS[Math.floor(index / DEMO_FLEET_SIZE)];
  return depot
    ? { city: depot.city, depot: { lat: depot.lat, lng: depot.lng } }
    : { city: CITIES[index % CITIES.length] };
}
