import { listResponse, superUserCreateSchema, superUserSchema, superUserUpdateSchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../auth/guard.js';
import { idParams, pageQuery, searchTerm } from '../../http/list-params.js';
import type { SuperUsersService } from './super-users.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;
const list = { 200: listResponse(superUserSchema) };
const search = {
  config: { access: ADMIN },
  schema: { querystring: pageQuery.extend({ name: searchTerm }), response: list },
};

/** Part 1 §7 super users: administrators only. */
export const superUsersRoutes =
  (service: SuperUsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/superUsers',
      { config: { access: ADMIN }, schema: { querystring: pageQuery, response: list } },
      (req) => service.page('', req.query),
    );

    // The spec calls it with a trailing slash; both spellings answer.
    app.get('/api/superUsers/search/', search, (req) => service.page(req.query.name, req.query));
    app.get('/api/superUsers/search', search, (req) => service.page(req.query.name, req.query));

    app.get(
      '/api/superUsers/:id',
      { config: { access: ADMIN }, schema: { params: idParams, response: { 200: superUserSchema } } },
      (req) => service.get(req.params.id),
    );

    app.post(
      '/api/superUsers',
      { config: { access: ADMIN }, schema: { body: superUserCreateSchema, response: { 201: superUserSchema } } },
      async (req, reply) => reply.status(201).send(await service.create(req.body, caller(req))),
    );

    app.put(
      '/api/superUsers',
      { config: { access: ADMIN }, schema: { body: superUserUpdateSchema, response: { 200: superUserSchema } } },
      (req) => service.update(req.body, caller(req)),
    );

    app.delete(
      '/api/superUsers/:id',
      { config: { access: ADMIN }, schema: { params: idParams } },
      async (req, reply) => {
        await service.remove(req.params.id, caller(req));
        return reply.status(204).send();
      },
    );
  };
