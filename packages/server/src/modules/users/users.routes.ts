import { springPageQuerySchema, userSchema, userWriteSchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { idParams } from '../../http/list-params.js';
import type { UsersService } from './users.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;

/** Part 1 §7 users, authorities and pages per role. */
export const usersRoutes =
  (service: UsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users',
      {
        config: { access: ADMIN },
        schema: { querystring: springPageQuerySchema, response: { 200: z.array(userSchema) } },
      },
      async (req, reply) => {
        const { users, total } = await service.page(req.query.page, req.query.size, req.query.sort);
        reply.header('x-total-count', String(total));
        return users;
      },
    );

    app.get('/api/users/authorities', { config: { access: ADMIN } }, () => service.authorities());

    app.get(
      '/api/users/roleAndPermissions/:authority',
      { config: { access: ANY_SIGNED_IN }, schema: { params: z.object({ authority: z.string().max(50) }) } },
      (req) => service.pages(req.params.authority, caller(req)),
    );

    app.get(
      '/api/users/:id',
      { config: { access: ADMIN }, schema: { params: idParams, response: { 200: userSchema } } },
      (req) => service.get(req.params.id),
    );

    app.post(
      '/api/users',
      { config: { access: ADMIN }, schema: { body: userWriteSchema, response: { 201: userSchema } } },
      async (req, reply) => reply.status(201).send(await service.create(req.body, caller(req))),
    );

    app.put(
      '/api/users',
      { config: { access: ADMIN }, schema: { body: userWriteSchema, response: { 200: userSchema } } },
      (req) => {
        req.auditSubject = req.body.login.toLowerCase();
        return service.update(req.body, caller(req));
      },
    );

    app.delete('/api/users/:id', { config: { access: ADMIN }, schema: { params: idParams } }, async (req, reply) => {
      req.auditSubject = await service.remove(req.params.id, caller(req));
      return reply.status(204).send();
    });
  };
