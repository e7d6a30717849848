import { id, listResponse, vehicleAssignBodySchema, vehicleRefSchema, PEOPLE_WRITERS } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { flagParam, pageQuery } from '../people/listing.js';
import type { VehicleAssignmentService } from './vehicle-assignment.service.js';

const vehicleList = { 200: listResponse(vehicleRefSchema) };

/** Vehicle assignment to fleets (part 1 §7, part 2 §7); scoped by the service (docs/permissions.md). */
export const vehiclesRoutes =
  (service: VehicleAssignmentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/vehicles/unassigned',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: pageQuery.extend({ fleetId: id.optional() }), response: vehicleList } },
      (req) => service.unassigned(caller(req), req.query.fleetId, req.query),
    );

    app.get(
      '/api/vehicles/assigned',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: pageQuery.extend({ fleetId: id }), response: vehicleList } },
      (req) => service.assigned(caller(req), req.query.fleetId, req.query),
    );

    app.patch(
      '/api/vehicle/assign',
      {
        config: { access: PEOPLE_WRITERS.fleetVehicles },
        schema: { querystring: z.object({ isAssigned: flagParam, fleetId: id.optional() }), body: vehicleAssignBodySchema },
      },
      async (req) => {
        await service.assign(caller(req), req.query.isAssigned, req.body, req.query.fleetId);
        return {};
      },
    );
  };
