import { oidcExchangedSchema, oidcExchangeSchema, oidcStatusSchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInCookie } from './sign-in-cookie.js';
import { CALLBACK_PATH, type SsoService } from './sso.service.js';

const open = { access: 'public' as const };

/** Single sign-on (docs/integrations.md): every call is public, as signing in is. */
export const ssoRoutes =
  (service: SsoService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/oidc/status', { config: open, schema: { response: { 200: oidcStatusSchema } } }, () =>
      service.status(),
    );
    app.get('/api/oidc/authorize', { config: open, schema: { hide: true } }, async (req, reply) => {
      const { url, browserKey } = await service.authorize();
      return signInCookie.set(req, reply, browserKey).redirect(url);
    });
    app.get(CALLBACK_PATH, { config: open, schema: { hide: true } }, async (req, reply) => {
      const page = await service.callback(req.url, signInCookie.read(req));
      return signInCookie.clear(req, reply).redirect(page);
    });
    app.post(
      '/api/oidc/exchange',
      { config: open, schema: { body: oidcExchangeSchema, response: { 200: oidcExchangedSchema } } },
      (req) => service.exchange(req.body.code),
    );
  };
