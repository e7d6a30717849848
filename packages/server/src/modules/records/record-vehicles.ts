import { RECORD_VEHICLES_API, recordVehicleOptionSchema } from '@evfleet/domain';
import type { VehicleAccess } from '@evfleet/domain';
import { and, asc, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { resolveScope, visibleVehicles, type Scope } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { fieldErrors } from '../../http/errors.js';
import { searchTerm } from '../../http/list-params.js';
import { matches } from '../../db/listing.js';
import { can } from '../role-permissions/index.js';

/** Refuses (400, on the named field) ids of vehicles that do not exist. */
export async function assertVehiclesExist(db: Db, objectName: string, field: string, ids: number[]) {
  if (!ids.length) return;
  const found = await db.select({ id: vehicle.id }).from(vehicle).where(inArray(vehicle.id, ids));
  if (found.length < new Set(ids).size) throw fieldErrors(objectName, { [field]: 'The vehicle does not exist.' });
}

/**
 * The caller's vehicles whose data the role-permission toggles let it see for this access
 * (docs/permissions.md): a fleet owner's 'vehicle.*' toggle, a dealer's 'assignVehicle.*' for its
 * vehicles in a fleet and 'unassignVehicle.*' for those in none. Records of the others are not
 * listed and answer 404, as if out of scope.
 */
export async function readableVehicles(db: Db, scope: Scope, access: VehicleAccess): Promise<SQL | undefined> {
  const [inFleet, inNone] = await Promise.all([
    can(db, scope, access, { fleetId: 0 }),
    can(db, scope, access, { fleetId: null }),
  ]);
  const toggled =
    inFleet && inNone
      ? undefined
      : inFleet
        ? isNotNull(vehicle.fleetId)
        : inNone
          ? isNull(vehicle.fleetId)
          : sql`false`;
  return and(visibleVehicles(scope), toggled);
}

/** The options of a record form's vehicle field: the caller's vehicles matching a name or VIN. */
export const recordVehiclesRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      RECORD_VEHICLES_API,
      {
        config: { access: ANY_SIGNED_IN },
        schema: {
          querystring: z.object({ search: searchTerm }),
          response: { 200: z.array(recordVehicleOptionSchema) },
        },
      },
      async (req) => {
        const scope = await resolveScope(db, caller(req));
        return db
          .select({ id: vehicle.id, name: vehicle.name, vin: vehicle.vin })
          .from(vehicle)
          .where(and(visibleVehicles(scope), matches(req.query.search, vehicle.name, vehicle.vin)))
          .orderBy(asc(vehicle.name), asc(vehicle.id))
          .limit(20);
      },
    );
  };
