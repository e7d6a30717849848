import { RECORD_TOTAL_HEADER, recordListQuerySchema, type RecordListQuery, type Role } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';

interface Api {
  api: string;
  id: z.ZodType;
  schema: z.ZodType;
  writeSchema: z.ZodType;
  readers: readonly Role[];
  writers: readonly Role[];
}

/**
 * The service seen from HTTP: the route schemas have checked ids and bodies against the entity's
 * description, and the response schemas check what leaves, so the routes pass values on untyped.
 */
interface Service {
  list(by: AuthUser, query: RecordListQuery): Promise<{ rows: unknown[]; total: number }>;
  get(by: AuthUser, id: never): Promise<unknown>;
  create(input: never): Promise<unknown>;
  update(input: never): Promise<unknown>;
  remove(id: never): Promise<void>;
}

/**
 * The five calls of a record entity (part 2 §7): GET {api} (paged, x-total-count, cacheBuster
 * ignored), GET {api}/{id}, POST {api} (201), PUT {api}, DELETE {api}/{id} (204).
 */
export const recordRoutes =
  (d: Api, service: Service): FastifyPluginAsyncZod =>
  async (app) => {
    const params = z.object({ id: d.id });
    const read = { access: d.readers };
    const write = { access: d.writers };
    const item = { response: { 200: d.schema } };

    app.get(
      d.api,
      { config: read, schema: { querystring: recordListQuerySchema, response: { 200: z.array(d.schema) } } },
      async (req, reply) => {
        const { rows, total } = await service.list(caller(req), req.query);
        reply.header(RECORD_TOTAL_HEADER, String(total));
        return rows;
      },
    );

    app.get(`${d.api}/:id`, { config: read, schema: { params, ...item } }, (req) =>
      service.get(caller(req), req.params.id as never),
    );

    app.post(
      d.api,
      { config: write, schema: { body: d.writeSchema, response: { 201: d.schema } } },
      async (req, reply) => reply.status(201).send(await service.create(req.body as never)),
    );

    app.put(d.api, { config: write, schema: { body: d.writeSchema, ...item } }, (req) =>
      service.update(req.body as never),
    );

    app.delete(`${d.api}/:id`, { config: write, schema: { params } }, async (req, reply) => {
      await service.remove(req.params.id as never);
      return reply.status(204).send();
    });
  };
