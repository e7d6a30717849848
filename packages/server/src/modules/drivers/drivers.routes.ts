import { driverSchema, driverWriteSchema, id, listResponse, vehicleRefSchema, PEOPLE_WRITERS } from '@evfleet/domain';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { flagParam, idListParam, pageQuery } from '../../http/list-params.js';
import { resourceRoutes, type ZodApp } from '../../http/resource-routes.js';
import type { DriverVehiclesService } from './driver-vehicles.service.js';
import type { DriversService } from './drivers.service.js';

const WRITERS = PEOPLE_WRITERS.drivers;
const vehicleList = { 200: listResponse(vehicleRefSchema) };
const ofDriver = pageQuery.extend({ driverId: id });

/** A driver's vehicles: those it holds, those of its fleet it may take, and the change between them. */
const driverVehicleRoutes = (app: ZodApp, vehicles: DriverVehiclesService) => {
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
};

/** Part 1 §7 drivers and their vehicles. Every call is scoped by the services (docs/permissions.md). */
export const driversRoutes = (service: DriversService, vehicles: DriverVehiclesService) =>
  resourceRoutes(
    service,
    {
      path: '/api/drivers',
      caller,
      item: driverSchema,
      create: driverWriteSchema,
      update: driverWriteSchema,
      readers: ANY_SIGNED_IN,
      writers: WRITERS,
      list: { search: 'name' },
      // A driver with vehicles is deleted with ?delete=true, which unassigns them.
      deleted: { status: 204, force: true },
    },
    (app) => driverVehicleRoutes(app, vehicles),
  );
