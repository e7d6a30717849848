import { auditEventSchema, auditQuerySchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditsRepository } from './audits.repository.js';

/** management/audits (part 2 §7): read only. No route writes, changes or deletes audit rows. */
export const auditsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/management/audits',
      {
        config: { access: ['ROLE_ADMIN'] },
        schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEventSchema) } },
      },
      async (req, reply) => {
        const { events, total } = await auditsRepository.page(db, req.query);
        reply.header('x-total-count', String(total));
        return events;
      },
    );
  };
