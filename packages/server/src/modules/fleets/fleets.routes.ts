import { fleetSchema, fleetWriteSchema, listResponse, PEOPLE_WRITERS } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { idParams, pageQuery, searchTerm } from '../../http/list-params.js';
import type { FleetsService } from './fleets.service.js';

const WRITERS = PEOPLE_WRITERS.fleets;
const list = { 200: listResponse(fleetSchema) };

/** Part 1 §7 fleets. Every call is scoped by the service (docs/permissions.md). */
export const fleetsRoutes =
  (service: FleetsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/fleets',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: pageQuery, response: list } },
      (req) => service.page(caller(req), '', req.query),
    );

    app.get(
      '/api/fleets/search',
      {
        config: { access: ANY_SIGNED_IN },
        schema: { querystring: pageQuery.extend({ searchKey: searchTerm }), response: list },
      },
      (req) => service.page(caller(req), req.query.searchKey, req.query),
    );

    app.get(
      '/api/fleets/:id',
      { config: { access: ANY_SIGNED_IN }, schema: { params: idParams, response: { 200: fleetSchema } } },
      (req) => service.get(caller(req), req.params.id),
    );

    app.post(
      '/api/fleets',
      { config: { access: WRITERS }, schema: { body: fleetWriteSchema, response: { 201: fleetSchema } } },
      async (req, reply) => reply.status(201).send(await service.create(req.body, caller(req))),
    );

    app.put(
      '/api/fleets',
      { config: { access: WRITERS }, schema: { body: fleetWriteSchema, response: { 200: fleetSchema } } },
      (req) => service.update(req.body, caller(req)),
    );

    app.delete('/api/fleets/:id', { config: { access: WRITERS }, schema: { params: idParams } }, async (req, reply) => {
      await service.remove(caller(req), req.params.id);
      return reply.status(204).send();
    });
  };
