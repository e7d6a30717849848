import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeySchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { idParams } from '../../http/list-params.js';
import type { ApiKeysService } from './api-keys.service.js';

/** A person's own calls: a key never makes, lists or revokes keys (docs/integrations.md). */
const people = { access: ANY_SIGNED_IN, peopleOnly: true };

/** API keys for machines (docs/integrations.md). */
export const apiKeysRoutes =
  (service: ApiKeysService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/api-keys', { config: people, schema: { response: { 200: z.array(apiKeySchema) } } }, (req) =>
      service.list(caller(req)),
    );
    app.post(
      '/api/api-keys',
      { config: people, schema: { body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } } },
      async (req, reply) => {
        const created = await service.create(caller(req), req.body);
        req.auditSubject = `${created.name} (${created.shown}…)`;
        return reply.status(201).send(created);
      },
    );
    app.delete('/api/api-keys/:id', { config: people, schema: { params: idParams } }, async (req, reply) => {
      await service.revoke(caller(req), req.params.id);
      return reply.status(204).send();
    });
  };
