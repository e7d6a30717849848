import type { PageQuery } from '@evfleet/domain';
import { allow, notVisible } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { notFound, refused } from '../../http/errors.js';
import { listOf } from '../../db/listing.js';
import { vehicleLinksRepository as vehicles, vehiclesWhere } from '../vehicles/index.js';
import { driversRepository as drivers } from './drivers.repository.js';
import { driverReader, driverWriter } from './drivers.service.js';

const same = <T>(item: T) => item;

/** The vehicle grids of the driver detail and PATCH api/drivers/assignVehicles. */
export function createDriverVehiclesService({ db }: { db: Db }) {
  const driverOf = async (by: AuthUser, driverId: number, withFree: boolean) => {
    const scope = await driverReader(db, by);
    // A driver sees its own vehicles, not the others of its fleet.
    if (withFree) allow(scope, 'admin', 'staff', 'dealer', 'fleet');
    const row = await drivers.find(db, scope, driverId);
    if (!row) throw notVisible(scope, 'The driver');
    return row;
  };

  return {
    async assigned(by: AuthUser, driverId: number, page: PageQuery) {
      const driver = await driverOf(by, driverId, false);
      const { rows, total } = await vehicles.page(db, vehiclesWhere.ofDriver(driver.id), page);
      return listOf(rows, total, same);
    },

    /** The vehicles of the driver's fleet that no driver holds. */
    async unassigned(by: AuthUser, driverId: number, page: PageQuery) {
      const driver = await driverOf(by, driverId, true);
      const { rows, total } = await vehicles.page(db, vehiclesWhere.freeInFleet(driver.fleetId), page);
      return listOf(rows, total, same);
    },

    /**
     * Gives vehicles of the driver's fleet to the driver, or takes its own back; all or nothing.
     * A vehicle outside the fleet is "not found", so no other tenant's vehicle is revealed.
     */
    async assign(by: AuthUser, driverId: number, vehicleIds: number[], isAssigned: boolean) {
      const scope = await driverWriter(db, by);
      await db.transaction(async (tx) => {
        const driver = await drivers.lock(tx, scope, driverId);
        if (!driver) throw notFound('The driver');
        const locked = await vehicles.lock(tx, vehicleIds);
        const inFleet = locked.filter((v) => v.fleetId === driver.fleetId);
        if (inFleet.length !== new Set(vehicleIds).size) throw notFound('The vehicle');
        if (isAssigned) {
          const taken = inFleet.filter((v) => v.driverId !== null && v.driverId !== driver.id);
          if (taken.length)
            throw refused(
              `Already assigned to another driver: ${taken.map((v) => v.name).join(', ')}.`,
              'vehicletaken',
            );
        } else {
          const others = inFleet.filter((v) => v.driverId !== driver.id);
          if (others.length)
            throw refused(
              `Not assigned to this driver: ${others.map((v) => v.name).join(', ')}.`,
              'vehiclenotassigned',
            );
        }
        await vehicles.set(tx, vehicleIds, { driverId: isAssigned ? driver.id : null });
      });
    },
  };
}
export type DriverVehiclesService = ReturnType<typeof createDriverVehiclesService>;
