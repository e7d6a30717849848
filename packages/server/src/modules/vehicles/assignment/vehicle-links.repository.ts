import type { PageQuery, VehicleRef } from '@evfleet/domain';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { vehicle } from '../../../db/schema.js';
import { paged } from '../../../db/listing.js';

type VehicleLinks = Partial<Pick<typeof vehicle.$inferInsert, 'dealerId' | 'fleetId' | 'driverId'>>;

/** Which vehicles an assignment grid lists. */
export const vehiclesWhere = {
  inFleet: (fleetId: number) => eq(vehicle.fleetId, fleetId),
  /** The dealer's vehicles that no fleet holds: what a fleet of that dealer may take. */
  freeOfDealer: (dealerId: number) => and(eq(vehicle.dealerId, dealerId), isNull(vehicle.fleetId)),
  /** Vehicles of no dealer and no fleet (the unassigned-vehicles screen of part 2). */
  unowned: () => and(isNull(vehicle.dealerId), isNull(vehicle.fleetId)),
  ofDriver: (driverId: number) => eq(vehicle.driverId, driverId),
  /** The fleet's vehicles that no driver holds: what a driver of that fleet may take. */
  freeInFleet: (fleetId: number) => and(eq(vehicle.fleetId, fleetId), isNull(vehicle.driverId)),
};

export const vehicleLinksRepository = {
  page: (db: Queryable, where: SQL | undefined, page: PageQuery): Promise<{ rows: VehicleRef[]; total: number }> =>
    paged(db, vehicle, where, page, (limit, offset) =>
      db
        .select({ id: vehicle.id, vin: vehicle.vin, name: vehicle.name, status: vehicle.status })
        .from(vehicle)
        .where(where)
        .orderBy(asc(vehicle.id))
        .limit(limit)
        .offset(offset),
    ),

  /** The vehicles named, locked until the transaction ends, so an assignment decides on what it changes. */
  lock: (tx: Queryable, ids: number[]) =>
    tx
      .select({
        id: vehicle.id,
        name: vehicle.name,
        dealerId: vehicle.dealerId,
        fleetId: vehicle.fleetId,
        driverId: vehicle.driverId,
      })
      .from(vehicle)
      .where(inArray(vehicle.id, ids))
      .orderBy(asc(vehicle.id))
      .for('update'),

  set: async (tx: Queryable, ids: number[], links: VehicleLinks) =>
    void (await tx.update(vehicle).set(links).where(inArray(vehicle.id, ids))),

  /** A fleet gives up its vehicles (and so do their drivers). */
  releaseFleet: async (tx: Queryable, fleetId: number) =>
    void (await tx.update(vehicle).set({ fleetId: null, driverId: null }).where(eq(vehicle.fleetId, fleetId))),

  releaseDriver: async (tx: Queryable, driverId: number) =>
    void (await tx.update(vehicle).set({ driverId: null }).where(eq(vehicle.driverId, driverId))),
};
