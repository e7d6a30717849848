import {
  id,
  listResponse,
  unassignedVehicleSchema,
  vehicleAssignBodySchema,
  vehicleDealerFleetsSchema,
  vehicleRefSchema,
  PEOPLE_WRITERS,
} from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../../auth/guard.js';
import { flagParam, idListParam, pageQuery } from '../../../http/list-params.js';
import type { VehicleAssignmentService } from './vehicle-assignment.service.js';

const vehicleList = { 200: listResponse(vehicleRefSchema) };

/** Vehicle assignment to fleets (part 1 §7, part 2 §7); scoped by the service (docs/permissions.md). */
export const vehicleAssignmentRoutes =
  (service: VehicleAssignmentService): FastifyPluginAsyncZod =>
  async (app) => {
    // With fleetId: its dealer's vehicles in no fleet. Without: vehicles of no dealer and no fleet, or,
    // with withDealers=true, every visible vehicle in no fleet with its dealer (the /vehicle-can list).
    app.get(
      '/api/vehicles/unassigned',
      {
        config: { access: ANY_SIGNED_IN },
        schema: {
          querystring: pageQuery.extend({ fleetId: id.optional(), withDealers: flagParam.default(false) }),
          response: { 200: listResponse(z.union([unassignedVehicleSchema, vehicleRefSchema])) },
        },
      },
      (req) =>
        req.query.withDealers && req.query.fleetId === undefined
          ? service.fleetless(caller(req), req.query)
          : service.unassigned(caller(req), req.query.fleetId, req.query),
    );

    const dealerFleets = {
      config: { access: ANY_SIGNED_IN },
      schema: {
        querystring: z.object({ vehicleIds: idListParam }),
        response: { 200: z.array(vehicleDealerFleetsSchema) },
      },
    };
    app.get('/api/vehicle/vehicleDealersUnassignedFleets', dealerFleets, (req) =>
      service.dealerFleets(caller(req), req.query.vehicleIds),
    );
    app.get('/api/vehicle/vehicleDealersUnassignedFleets/', dealerFleets, (req) =>
      service.dealerFleets(caller(req), req.query.vehicleIds),
    );

    app.get(
      '/api/vehicles/assigned',
      {
        config: { access: ANY_SIGNED_IN },
        schema: { querystring: pageQuery.extend({ fleetId: id }), response: vehicleList },
      },
      (req) => service.assigned(caller(req), req.query.fleetId, req.query),
    );

    app.patch(
      '/api/vehicle/assign',
      {
        config: { access: PEOPLE_WRITERS.fleetVehicles },
        schema: {
          querystring: z.object({ isAssigned: flagParam, fleetId: id.optional() }),
          body: vehicleAssignBodySchema,
        },
      },
      async (req) => {
        await service.assign(caller(req), req.query.isAssigned, req.body, req.query.fleetId);
        return {};
      },
    );
  };
