import { listResponse, periodQuerySchema, zoneSchema, zoneVisitSchema, zoneWriteSchema } from '@evfleet/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { idParams, pageQuery } from '../../http/list-params.js';
import type { ZonesService } from './zones.service.js';
import { sendWorkbook } from '../../http/workbook-reply.js';

/** Staff read zones but write none; drivers are refused by the service (docs/zones.md). */
const WRITERS = ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET'] as const;
const read = { access: ANY_SIGNED_IN };
const write = { access: WRITERS };

/** Depots and zones (docs/zones.md): every call is scoped by the service. */
export const zonesRoutes =
  (service: ZonesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/zones',
      { config: read, schema: { querystring: pageQuery, response: { 200: listResponse(zoneSchema) } } },
      (req) => service.page(caller(req), req.query),
    );
    app.post(
      '/api/zones',
      { config: write, schema: { body: zoneWriteSchema, response: { 201: zoneSchema } } },
      async (req, reply) => reply.status(201).send(await service.create(caller(req), req.body)),
    );
    app.get('/api/zones/:id', { config: read, schema: { params: idParams, response: { 200: zoneSchema } } }, (req) =>
      service.get(caller(req), req.params.id),
    );
    app.put(
      '/api/zones/:id',
      { config: write, schema: { params: idParams, body: zoneWriteSchema, response: { 200: zoneSchema } } },
      (req) => service.update(caller(req), req.params.id, req.body),
    );
    const visits = {
      schema: { params: idParams, querystring: periodQuerySchema, response: { 200: z.array(zoneVisitSchema) } },
      // Thousands of visits over a season: checking our own typed answer against its schema cost a
      // good part of the 100 ms goal (docs/performance.md); the schema still documents it.
      serializerCompiler: () => (data: unknown) => JSON.stringify(data),
    };
    const workbook = { params: idParams, querystring: periodQuerySchema };
    app.get('/api/vehicles/:id/zone-visits', { config: read, ...visits }, (req) =>
      service.vehicleVisits(caller(req), req.params.id, req.query),
    );
    app.get('/api/vehicles/:id/zone-visits/xlsx', { config: read, schema: workbook }, async (req, reply) =>
      sendWorkbook(reply, 'Visits.xlsx', await service.vehicleVisitsXlsx(caller(req), req.params.id, req.query)),
    );
    app.get('/api/zones/:id/visits', { config: read, ...visits }, (req) =>
      service.zoneVisits(caller(req), req.params.id, req.query),
    );
    app.get('/api/zones/:id/visits/xlsx', { config: read, schema: workbook }, async (req, reply) =>
      sendWorkbook(reply, 'Visits.xlsx', await service.zoneVisitsXlsx(caller(req), req.params.id, req.query)),
    );
    app.delete('/api/zones/:id', { config: write, schema: { params: idParams } }, async (req, reply) => {
      await service.remove(caller(req), req.params.id);
      return reply.status(204).send();
    });
  };
