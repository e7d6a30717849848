import { parse, serialize, type SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_MINUTES } from './sso.repository.js';
import { CALLBACK_PATH } from './sso.service.js';

const NAME = 'evfleet_oidc';

const attributes = (req: FastifyRequest): SerializeOptions => ({
  httpOnly: true,
  // Lax, not Strict: the provider's return is a top-level navigation from another site.
  sameSite: 'lax',
  // Behind a TLS proxy named in TRUST_PROXY the request reads as https, and the key never travels in clear.
  secure: req.protocol === 'https',
  path: CALLBACK_PATH,
});

/**
 * The cookie that keeps the key of the sign-in a browser started (sso.service.ts binds the sign-in's
 * state to it) until the provider returns that browser to the callback, the one address it is sent to.
 */
export const signInCookie = {
  set: (req: FastifyRequest, reply: FastifyReply, browserKey: string) =>
    reply.header('set-cookie', serialize(NAME, browserKey, { ...attributes(req), maxAge: LOGIN_MINUTES * 60 })),

  read: (req: FastifyRequest): string | undefined => parse(req.headers.cookie ?? '')[NAME],

  /** A key serves one return. */
  clear: (req: FastifyRequest, reply: FastifyReply) =>
    reply.header('set-cookie', serialize(NAME, '', { ...attributes(req), maxAge: 0 })),
};
