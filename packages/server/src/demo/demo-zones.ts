import { zoneWriteSchema, type Tariff } from '@evfleet/domain';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { fleet } from '../db/schema.js';
import { zone } from '../db/zones-schema.js';
import { DEMO_DEPOTS, type DemoDepot } from './demo-depots.js';
import { EVENING_HOUR } from './work-day.js';

type ZoneInput = z.input<typeof zoneWriteSchema>;

const flat = (perKwh: number): Tariff => ({ currency: 'USD', perKwh, bands: [] });

/**
 * What sets each depot apart: one pays more for the evening peak (time of use), and one wants its
 * vehicles to leave with at least 75 %, which one not plugged in after a light day or a day off
 * misses.
 */
const DEPOT_SETTINGS: Record<DemoDepot['fleet'], Partial<ZoneInput>> = {
  'Loop Deliveries': {
    tariff: { currency: 'USD', perKwh: 0.12, bands: [{ from: '16:00', to: '21:00', perKwh: 0.32 }] },
  },
  'Lakeshore Maintenance': { tariff: flat(0.14), departureChargePercent: 75 },
  'Campus Shuttle': { tariff: flat(0.11) },
};

/** A depot's yard: the vehicles park on its very point, so a small circle holds them. */
const DEPOT_RADIUS_M = 80;

/** A rectangle as a closed GeoJSON ring, [lng, lat] positions. */
const box = (south: number, west: number, north: number, east: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

function demoZones(fleets: Map<string, { id: number; dealerId: number }>): ZoneInput[] {
  const zones: ZoneInput[] = [];
  for (const depot of DEMO_DEPOTS) {
    const owner = fleets.get(depot.fleet);
    if (!owner) continue;
    zones.push({
      name: depot.name,
      kind: 'depot',
      geometry: { type: 'Point', coordinates: [depot.lng, depot.lat], radiusM: DEPOT_RADIUS_M },
      fleetId: owner.id,
      timeZone: depot.city.timeZone,
      eveningTime: `${EVENING_HOUR}:00`,
      ...DEPOT_SETTINGS[depot.fleet],
    });
  }
  const [loop, , campus] = DEMO_DEPOTS;
  const dealerId = fleets.get(loop.fleet)?.dealerId;
  // The dealer's, so it holds for both of its Chicago fleets: a few blocks north-east of the West
  // Loop depot, where now and then a round passes. A dwell of 0: driving through is entering.
  if (dealerId)
    zones.push({
      name: 'Rail yard',
      kind: 'no-go',
      geometry: { type: 'Point', coordinates: [loop.lng + 0.008, loop.lat + 0.006], radiusM: 150 },
      dealerId,
      timeZone: loop.city.timeZone,
      minDwellSeconds: 0,
    });
  // Just north of the shuttles' depot: their rounds cross it, at times faster than its limit.
  const shuttles = fleets.get(campus.fleet);
  if (shuttles)
    zones.push({
      name: 'University campus',
      kind: 'zone',
      geometry: box(campus.lat + 0.0013, campus.lng - 0.0075, campus.lat + 0.0115, campus.lng + 0.0075),
      fleetId: shuttles.id,
      timeZone: campus.city.timeZone,
      speedLimitMph: 15,
    });
  return zones;
}

/**
 * The demo fleets' depots (where their vehicles start and charge, demo-depots.ts), a no-go area and
 * a campus with a speed limit, so visits, priced charging and every zone alert show in the demo.
 * Added only to a demo database without zones, each checked as the API would check it.
 */
export async function seedDemoZones(db: Db) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(zone);
  if (count > 0) return;
  const names = DEMO_DEPOTS.map((d) => d.fleet);
  const rows = await db
    .select({ id: fleet.id, name: fleet.name, dealerId: fleet.dealerId })
    .from(fleet)
    .where(inArray(fleet.name, names));
  const zones = demoZones(new Map(rows.map((r) => [r.name, r])));
  if (zones.length) await db.insert(zone).values(zones.map((z) => zoneWriteSchema.parse(z)));
}
