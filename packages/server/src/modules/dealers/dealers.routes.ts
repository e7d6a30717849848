import { dealerSchema, dealerWriteSchema, listResponse } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { idParams, pageQuery, searchTerm } from '../../http/list-params.js';
import type { DealersService } from './dealers.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;
const list = { 200: listResponse(dealerSchema) };

/** Part 1 §7 dealers. Reads are scoped by the service (docs/permissions.md); writes are the administrators'. */
export const dealersRoutes =
  (service: DealersService): FastifyPluginAsyncZod =>
  async (app) => {
    // The fleet form adds ?cacheBuster=<time>; unknown query keys are dropped by the schema.
    app.get(
      '/api/dealers',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: pageQuery, response: list } },
      (req) => service.page(caller(req), req.query),
    );

    app.get(
      '/api/dealers/unassigned',
      { config: { access: ANY_SIGNED_IN }, schema: { querystring: pageQuery, response: list } },
      (req) => service.unassigned(caller(req), req.query),
    );

    app.get(
      '/api/dealers/search',
      {
        config: { access: ANY_SIGNED_IN },
        schema: { querystring: pageQuery.extend({ name: searchTerm }), response: list },
      },
      (req) => service.search(caller(req), req.query.name, req.query),
    );

    app.get(
      '/api/dealers/:id',
      { config: { access: ANY_SIGNED_IN }, schema: { params: idParams, response: { 200: dealerSchema } } },
      (req) => service.get(caller(req), req.params.id),
    );

    app.post(
      '/api/dealers',
      { config: { access: ADMIN }, schema: { body: dealerWriteSchema, response: { 201: dealerSchema } } },
      async (req, reply) => reply.status(201).send(await service.create(req.body, caller(req))),
    );

    app.put(
      '/api/dealers',
      { config: { access: ADMIN }, schema: { body: dealerWriteSchema, response: { 200: dealerSchema } } },
      (req) => service.update(req.body, caller(req)),
    );

    app.delete('/api/dealers/:id', { config: { access: ADMIN }, schema: { params: idParams } }, async (req, reply) => {
      await service.remove(caller(req), req.params.id);
      return reply.status(204).send();
    });
  };
