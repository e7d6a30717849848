import multipart from '@fastify/multipart';
import {
  listResponse,
  pageQuerySchema,
  templateCreateSchema,
  templateDeleteQuerySchema,
  templateUpdateSchema,
  vehicleTemplateSchema,
} from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, caller } from '../../../auth/guard.js';
import { idParams, searchTerm } from '../../../http/list-params.js';
import { SHEET_MULTIPART_LIMITS } from '../thresholds/sheet-limits.js';
import { thresholdRoutes } from '../thresholds/threshold-routes.js';
import type { TemplatesService } from './templates.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;
const list = { 200: listResponse(vehicleTemplateSchema) };
const one = { 200: vehicleTemplateSchema };
const search = {
  config: { access: ANY_SIGNED_IN },
  schema: { querystring: pageQuerySchema.extend({ name: searchTerm }), response: list },
};

/** Part 2 §7 "Vehicle templates and files"; the image goes through POST api/file/upload first. */
export const templatesRoutes =
  (service: TemplatesService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: SHEET_MULTIPART_LIMITS });

    app.get(
      '/api/vehicle-templates',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: pageQuerySchema, response: list } },
      (req) => service.page(caller(req), '', req.query),
    );
    app.get('/api/vehicle-templates/search', search, (req) => service.page(caller(req), req.query.name, req.query));
    app.get('/api/vehicle-templates/search/', search, (req) => service.page(caller(req), req.query.name, req.query));
    app.get(
      '/api/vehicle-templates/:id',
      { config: { access: ANY_SIGNED_IN }, schema: { params: idParams, response: one } },
      (req) => service.get(caller(req), req.params.id),
    );

    app.post(
      '/api/vehicle-templates',
      { config: { access: ADMIN }, schema: { body: templateCreateSchema, response: { 201: vehicleTemplateSchema } } },
      async (req, reply) => reply.status(201).send(await service.create(caller(req), req.body)),
    );
    app.put(
      '/api/vehicle-templates',
      { config: { access: ADMIN }, schema: { body: templateUpdateSchema, response: one } },
      (req) => service.update(caller(req), req.body),
    );

    app.delete(
      '/api/vehicle-templates/:id',
      { config: { access: ADMIN }, schema: { params: idParams, querystring: templateDeleteQuerySchema } },
      async (req) => {
        await service.remove(caller(req), req.params.id, req.query.delete);
        return {};
      },
    );

    thresholdRoutes(
      app,
      { base: '/api/vehicle-templates', uploadBase: '/api/vehicle-templates/upload' },
      service,
      vehicleTemplateSchema,
    );
  };
