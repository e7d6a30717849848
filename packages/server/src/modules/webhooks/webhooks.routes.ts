import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/guard.js';
import { idParams } from '../../http/list-params.js';
import type { WebhooksService } from './webhooks.service.js';

/** Those who own hooks; the service keeps each to its own, and to the vehicles its owner sees. */
const owners = { access: ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET'] as const };

/** Signed webhooks (docs/integrations.md). */
export const webhooksRoutes =
  (service: WebhooksService): FastifyPluginAsyncZod =>
  async (app) => {
    const byId = { params: idParams };
    app.get('/api/webhooks', { config: owners, schema: { response: { 200: z.array(webhookSchema) } } }, (req) =>
      service.list(caller(req)),
    );
    app.post(
      '/api/webhooks',
      { config: owners, schema: { body: webhookCreateSchema, response: { 201: webhookCreatedSchema } } },
      async (req, reply) => {
        const created = await service.create(caller(req), req.body);
        req.auditSubject = created.url;
        return reply.status(201).send(created);
      },
    );
    app.get('/api/webhooks/:id', { config: owners, schema: { ...byId, response: { 200: webhookSchema } } }, (req) =>
      service.get(caller(req), req.params.id),
    );
    app.put(
      '/api/webhooks/:id',
      { config: owners, schema: { ...byId, body: webhookUpdateSchema, response: { 200: webhookSchema } } },
      (req) => service.update(caller(req), req.params.id, req.body),
    );
    app.delete('/api/webhooks/:id', { config: owners, schema: byId }, async (req, reply) => {
      await service.remove(caller(req), req.params.id);
      return reply.status(204).send();
    });
    app.post(
      '/api/webhooks/:id/test',
      { config: owners, schema: { ...byId, response: { 200: webhookDeliverySchema } } },
      (req) => service.test(caller(req), req.params.id),
    );
    app.get(
      '/api/webhooks/:id/deliveries',
      { config: owners, schema: { ...byId, response: { 200: z.array(webhookDeliverySchema) } } },
      (req) => service.deliveries(caller(req), req.params.id),
    );
  };
