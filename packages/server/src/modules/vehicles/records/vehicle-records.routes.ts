import multipart from '@fastify/multipart';
import {
  fromDigits,
  listResponse,
  pageQuerySchema,
  VEHICLE_API_PAGE_SIZES,
  vehicleRowSchema,
  vehicleSchema,
  vehicleStatusQuerySchema,
  vehicleWriteSchema,
} from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../../auth/guard.js';
import { idParams, searchTerm } from '../../../http/list-params.js';
import { SHEET_MULTIPART_LIMITS } from '../thresholds/sheet-limits.js';
import { thresholdRoutes } from '../thresholds/threshold-routes.js';
import type { VehicleRecordsService } from './vehicle-records.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;
/** The list's page sizes (§9) and 10 (the reload after a save, §7); default 100. */
const vehiclePage = pageQuerySchema.extend({
  pageSize: z
    .preprocess(fromDigits, z.number({ error: 'must be a number' }).int('must be a whole number'))
    .refine(
      (n) => (VEHICLE_API_PAGE_SIZES as readonly number[]).includes(n),
      `must be one of ${VEHICLE_API_PAGE_SIZES.join(', ')}`,
    )
    .default(100),
});
const list = { 200: listResponse(vehicleRowSchema) };
const one = { 200: vehicleSchema };
const search = {
  config: { access: ANY_SIGNED_IN },
  schema: { querystring: vehiclePage.extend({ name: searchTerm }), response: list },
};

/** Part 2 §7 "Vehicles": list, search, detail, and the administrators' changes (docs/permissions.md). */
export const vehicleRecordsRoutes =
  (service: VehicleRecordsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: SHEET_MULTIPART_LIMITS });

    app.get(
      '/api/vehicles',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: vehiclePage, response: list } },
      (req) => service.page(caller(req), '', req.query),
    );
    // The spec writes both forms.
    app.get('/api/vehicles/search', search, (req) => service.page(caller(req), req.query.name, req.query));
    app.get('/api/vehicles/search/', search, (req) => service.page(caller(req), req.query.name, req.query));

    app.get(
      '/api/vehicles/:id',
      { config: { access: ANY_SIGNED_IN }, schema: { params: idParams, response: one } },
      (req) => service.get(caller(req), req.params.id),
    );

    app.post(
      '/api/vehicles',
      { config: { access: ADMIN }, schema: { body: vehicleWriteSchema, response: { 201: vehicleSchema } } },
      async (req, reply) => reply.status(201).send(await service.create(caller(req), req.body)),
    );
    app.put(
      '/api/vehicles',
      { config: { access: ADMIN }, schema: { body: vehicleWriteSchema, response: one } },
      (req) => service.update(caller(req), req.body),
    );

    app.delete('/api/vehicles/:id', { config: { access: ADMIN }, schema: { params: idParams } }, async (req) => {
      await service.remove(caller(req), req.params.id);
      return {};
    });

    app.patch(
      '/api/vehicle/status',
      {
        config: { access: ADMIN },
        schema: {
          querystring: vehicleStatusQuerySchema,
          response: { 200: z.object({ id: z.number(), status: z.boolean() }) },
        },
      },
      (req) => service.setStatus(caller(req), req.query.id, req.query.status),
    );

    thresholdRoutes(app, { base: '/api/vehicles', uploadBase: '/api/vehicles/upload' }, service, vehicleSchema);
  };
