import { ZoneIndex, type RuledZone, type Tariff, type ZoneGeometry } from '@evfleet/domain';
import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fleet, vehicle } from '../../db/schema.js';
import { zone } from '../../db/zones-schema.js';

/** A zone as ingest sees it: what its visits, rules and tariff need. */
export interface TrackedZone extends RuledZone {
  dwellMs: number;
  tariff: Tariff | null;
}

/**
 * A vehicle's zones: those of its fleet and of its dealer (the fleet's when the vehicle names none),
 * indexed by place and by id.
 */
export class VehicleZones extends ZoneIndex<TrackedZone> {
  private readonly byId = new Map(this.all.map((z) => [z.id, z]));
  zone = (id: number) => this.byId.get(id);
}

const NO_ZONES = new VehicleZones([]);
/** Notifications may be lost (a database restart): the cache is read again at least this often. */
const MAX_AGE_MS = 60_000;

/**
 * Each vehicle's zones, indexed for ingest (ZoneIndex), kept in memory: vehicles of one fleet share
 * one index. A zone written on any instance, or a vehicle moved to another fleet or dealer, drops
 * everything (`changed`, told by the database's triggers); so does age.
 */
export function createZoneCache(db: Db, now: () => number = Date.now) {
  let byVehicle = new Map<number, VehicleZones>();
  let byOwners = new Map<string, VehicleZones>();
  let loadedAt = now();

  const load = async (vehicleIds: number[]) => {
    const owners = await db
      .select({
        vehicleId: vehicle.id,
        fleetId: vehicle.fleetId,
        dealerId: sql<number | null>`coalesce(${vehicle.dealerId}, ${fleet.dealerId})`,
      })
      .from(vehicle)
      .leftJoin(fleet, sql`${fleet.id} = ${vehicle.fleetId}`)
      .where(inArray(vehicle.id, vehicleIds));
    const keyOf = (o: { fleetId: number | null; dealerId: number | null }) => `${o.fleetId}/${o.dealerId}`;
    const missing = owners.filter((o) => !byOwners.has(keyOf(o)));
    const fleetIds = [...new Set(missing.flatMap((o) => (o.fleetId === null ? [] : [o.fleetId])))];
    const dealerIds = [...new Set(missing.flatMap((o) => (o.dealerId === null ? [] : [o.dealerId])))];
    const zones =
      fleetIds.length || dealerIds.length
        ? await db
            .select()
            .from(zone)
            .where(
              or(
                fleetIds.length ? inArray(zone.fleetId, fleetIds) : undefined,
                dealerIds.length ? inArray(zone.dealerId, dealerIds) : undefined,
              ),
            )
            .orderBy(zone.id)
        : [];
    for (const o of missing) {
      const own = zones.filter(
        (z) => (z.fleetId !== null && z.fleetId === o.fleetId) || (z.dealerId !== null && z.dealerId === o.dealerId),
      );
      byOwners.set(
        keyOf(o),
        own.length
          ? new VehicleZones(own.map((z) => ({ geometry: z.geometry as ZoneGeometry, value: tracked(z) })))
          : NO_ZONES,
      );
    }
    for (const o of owners) byVehicle.set(o.vehicleId, byOwners.get(keyOf(o))!);
    // A vehicle that no longer exists has no zones.
    for (const id of vehicleIds) if (!byVehicle.has(id)) byVehicle.set(id, NO_ZONES);
  };

  const drop = () => {
    byVehicle = new Map();
    byOwners = new Map();
    loadedAt = now();
  };

  return {
    /** Makes sure the vehicles' zones are in memory, so `of` answers them. */
    async ensure(vehicleIds: Iterable<number>) {
      if (now() - loadedAt > MAX_AGE_MS) drop();
      const missing = [...vehicleIds].filter((id) => !byVehicle.has(id));
      if (missing.length) await load(missing);
    },
    /** A vehicle's zones, once `ensure` took it in. */
    of: (vehicleId: number): VehicleZones => byVehicle.get(vehicleId) ?? NO_ZONES,
    /** Zones or who owns a vehicle changed somewhere. */
    changed: drop,
  };
}
export type ZoneCache = ReturnType<typeof createZoneCache>;

const tracked = (z: typeof zone.$inferSelect): TrackedZone => ({
  id: z.id,
  name: z.name,
  kind: z.kind,
  timeZone: z.timeZone,
  dwellMs: z.minDwellSeconds * 1000,
  speedLimitMph: z.speedLimitMph,
  tariff: z.tariff,
  eveningTime: z.eveningTime,
  departureChargePercent: z.departureChargePercent,
});
