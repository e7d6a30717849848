import { driverSchema, driverWriteSchema, id, listResponse, vehicleRefSchema, PEOPLE_WRITERS } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { flagParam, idListParam, idParams, pageQuery, searchTerm } from '../../http/list-params.js';
import type { DriverVehiclesService } from './driver-vehicles.service.js';
import type { DriversService } from './drivers.service.js';

const WRITERS = PEOPLE_WRITERS.drivers;
const list = { 200: listResponse(driverSchema) };

const vehicleList = { 200: listResponse(vehicleRefSchema) };
const ofDriver = pageQuery.extend({ driverId: id });

/** Part 1 §7 drivers and their vehicles. Every call is scoped by the services (docs/permissions.md). */
export const driversRoutes =
  (service: DriversService, vehicles: DriverVehiclesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/drivers',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: pageQuery, response: list } },
      (req) => service.page(caller(req), '', req.query),
    );

    app.get(
      '/api/drivers/search',
      {
        config: { access: ANY_SIGNED_IN },
        schema: { querystring: pageQuery.extend({ name: searchTerm }), response: list },
      },
      (req) => service.page(caller(req), req.query.name, req.query),
    );

    app.get(
      '/api/drivers/assigned',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: ofDriver, response: vehicleList } },
      (req) => vehicles.assigned(caller(req), req.query.driverId, req.query),
    );

    app.get(
      '/api/drivers/unassigned',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: ofDriver, response: vehicleList } },
      (req) => vehicles.unassigned(caller(req), req.query.driverId, req.query),
    );

    app.patch(
      '/api/drivers/assignVehicles',
      {
        config: { access: WRITERS },
        schema: { querystring: z.object({ isAssigned: flagParam, vehicleIds: idListParam, driverId: id }) },
      },
      async (req) => {
        await vehicles.assign(caller(req), req.query.driverId, req.query.vehicleIds, req.query.isAssigned);
        return {};
      },
    );

    app.get(
      '/api/drivers/:id',
      { config: { access: ANY_SIGNED_IN }, schema: { params: idParams, response: { 200: driverSchema } } },
      (req) => service.get(caller(req), req.params.id),
    );

    app.post(
      '/api/drivers',
      { config: { access: WRITERS }, schema: { body: driverWriteSchema, response: { 201: driverSchema } } },
      async (req, reply) => reply.status(201).send(await service.create(req.body, caller(req))),
    );

    app.put(
      '/api/drivers',
      { config: { access: WRITERS }, schema: { body: driverWriteSchema, response: { 200: driverSchema } } },
      (req) => service.update(req.body, caller(req)),
    );

    app.delete(
      '/api/drivers/:id',
      {
        config: { access: WRITERS },
        schema: { params: idParams, querystring: z.object({ delete: flagParam.default(false) }) },
      },
      async (req, reply) => {
        await service.remove(caller(req), req.params.id, req.query.delete);
        return reply.status(204).send();
      },
    );
  };
