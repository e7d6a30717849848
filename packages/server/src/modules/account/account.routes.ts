import {
  accountSchema,
  accountSettingsSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  resetFinishRequestSchema,
  accountEmailField,
} from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import type { AccountService } from './account.service.js';

/** Part 1 §7, account and session calls. Handlers only translate HTTP to one service call. */
export const accountRoutes =
  (service: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/authenticate',
      { config: { access: 'public' }, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
      async (req) => ({
        id_token: await service.authenticate(req.body.username, req.body.password, req.body.rememberMe, req.ip),
      }),
    );

    app.get(
      '/api/account',
      { config: { access: ANY_SIGNED_IN }, schema: { response: { 200: accountSchema } } },
      (req) => service.account(caller(req).id),
    );

    app.post(
      '/api/account',
      { config: { access: ANY_SIGNED_IN }, schema: { body: accountSettingsSchema } },
      async (req) => {
        await service.saveSettings(caller(req).id, req.body);
        return {};
      },
    );

    app.post(
      '/api/register',
      { config: { access: 'public' }, schema: { body: registerRequestSchema } },
      async (req, reply) => {
        await service.register(req.body, req.ip);
        return reply.status(201).send({});
      },
    );

    app.get(
      '/api/activate',
      {
        config: { access: 'public' },
        schema: { querystring: z.object({ key: z.string().min(1, 'The activation key is missing.').max(100, 'Max') }) },
      },
      async (req) => {
        req.auditSubject = await service.activate(req.query.key);
        return {};
      },
    );

    // The spec sends the address as ?mail=; a plain-text body (JHipster's form) is accepted too.
    app.post(
      '/api/account/reset-password/init',
      {
        config: { access: 'public' },
        schema: { querystring: z.object({ mail: accountEmailField.optional() }), body: z.string().nullish() },
      },
      async (req) => {
        const email = accountEmailField.parse(req.query.mail ?? req.body?.trim());
        await service.requestReset(email);
        return {};
      },
    );

    app.post(
      '/api/account/reset-password/finish',
      { config: { access: 'public' }, schema: { body: resetFinishRequestSchema } },
      async (req) => {
        req.auditSubject = await service.finishReset(req.body.key, req.body.newPassword);
        return {};
      },
    );

    app.post(
      '/api/account/change-password',
      {
        config: { access: ANY_SIGNED_IN, peopleOnly: true },
        schema: { body: changePasswordRequestSchema, response: { 200: loginResponseSchema } },
      },
      async (req) => ({
        id_token: await service.changePassword(caller(req).id, req.body.currentPassword, req.body.newPassword, req.ip),
      }),
    );

    // A person's sign-out ends every session of the account; a program's key has none to end.
    app.post('/api/logout', { config: { access: ANY_SIGNED_IN, peopleOnly: true } }, async (req, reply) => {
      await service.signOut(caller(req).id);
      return reply.status(204).send();
    });
  };
