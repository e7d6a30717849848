import { pushSubscriptionCreateSchema, pushSubscriptionSchema, vapidPublicKeySchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { idParams } from '../../http/list-params.js';
import type { PushService } from './push.service.js';

/** A browser's subscription is its person's: never made, listed or removed through an API key. */
const own = { access: ANY_SIGNED_IN, peopleOnly: true };

/** Alerts on the phone (docs/integrations.md): Web Push subscriptions, each person's own. */
export const pushRoutes =
  (service: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/push/vapid-public-key',
      { config: { access: ANY_SIGNED_IN }, schema: { response: { 200: vapidPublicKeySchema } } },
      () => service.vapidPublicKey(),
    );
    app.get(
      '/api/push/subscriptions',
      { config: own, schema: { response: { 200: z.array(pushSubscriptionSchema) } } },
      (req) => service.list(caller(req)),
    );
    app.post(
      '/api/push/subscriptions',
      { config: own, schema: { body: pushSubscriptionCreateSchema, response: { 201: pushSubscriptionSchema } } },
      async (req, reply) => reply.status(201).send(await service.subscribe(caller(req), req.body)),
    );
    app.delete('/api/push/subscriptions/:id', { config: own, schema: { params: idParams } }, async (req, reply) => {
      await service.remove(caller(req), req.params.id);
      return reply.status(204).send();
    });
  };
