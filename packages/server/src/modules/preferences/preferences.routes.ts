import { preferenceBodySchema, preferenceKeySchema, preferenceSchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import type { PreferencesService } from './preferences.service.js';

const params = z.object({ key: preferenceKeySchema });
const response = { 200: preferenceSchema };

/** GET/PUT api/account/preferences/{key}: always the caller's own. */
export const preferencesRoutes =
  (service: PreferencesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/account/preferences/:key',
      { config: { access: ANY_SIGNED_IN }, schema: { params, response } },
      (req) => service.get(caller(req), req.params.key),
    );
    app.put(
      '/api/account/preferences/:key',
      { config: { access: ANY_SIGNED_IN }, schema: { params, body: preferenceBodySchema, response } },
      (req) => service.put(caller(req), req.params.key, req.body.value),
    );
  };
