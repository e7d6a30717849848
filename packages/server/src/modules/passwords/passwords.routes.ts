import { accountEmailField, passwordResetRequestSchema, PEOPLE_WRITERS } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/guard.js';
import type { PasswordsService } from './passwords.service.js';

const MANAGERS = PEOPLE_WRITERS.passwords;

/** Passwords of the people a caller manages (part 1 §2.6, §7). */
export const passwordsRoutes =
  (service: PasswordsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/account/update-password-prototype',
      { config: { access: MANAGERS, peopleOnly: true }, schema: { body: passwordResetRequestSchema } },
      async (req) => {
        req.auditSubject = await service.setPassword(caller(req), req.body.email, req.body.newPassword);
        return {};
      },
    );

    app.post(
      '/api/account/send-reset-link',
      {
        config: { access: MANAGERS, peopleOnly: true },
        schema: { querystring: z.object({ mail: accountEmailField }) },
      },
      async (req) => {
        req.auditSubject = await service.sendResetLink(caller(req), req.query.mail);
        return {};
      },
    );
  };
