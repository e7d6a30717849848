import type { Role } from '@evfleet/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../http/errors.js';
import { isApiKey, type ApiKeys, type KeyCaller } from './api-keys.js';
import type { Sessions } from './sessions.js';
import type { AuthUser } from './tokens.js';
import type { Scope } from './visibility.js';

/** Who may call a route: 'public' by intent, or the roles allowed (empty: any signed-in user). */
export type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A call only a person may make, never through an API key: creating keys, changing passwords. */
    peopleOnly?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const ANY_SIGNED_IN: readonly Role[] = [];

/**
 * Every route must declare its access; a route without one makes start-up fail, so nothing is
 * public by accident. The caller and its role are checked as the request arrives, before its body
 * is read or validated, so a caller without the right gets 401/403 whatever it sends and learns
 * nothing of a route's schema. A route kept to some roles also needs the link that gives the role
 * its records: a ROLE_DEALER account no dealer names is refused there before its body is read too.
 */
export function installGuard(
  app: FastifyInstance,
  sessions: Pick<Sessions, 'authenticate'>,
  scopeOf: (user: AuthUser) => Promise<Scope>,
  apiKeys?: Pick<ApiKeys, 'authenticate'>,
) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    const exempt = route.method === 'HEAD' || url.startsWith('/documentation') || route.config?.access !== undefined;
    if (!exempt && !isStaticRoute(url)) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
  });

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const token = header.slice(7);
      if (!isApiKey(token)) request.user = await sessions.authenticate(token);
      else if (apiKeys) {
        const keyed = await apiKeys.authenticate(token, request.ip);
        if (keyed === 'limited')
          throw tooManyRequests('This API key made too many requests; try again in a second.', 1);
        request.user = keyed;
      }
    }
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const user = requireRole(request, access);
    if ('apiKey' in user) allowKey(request, user as KeyCaller);
    if (access.length > 0 && (await scopeOf(user)).kind === 'none') throw forbidden();
  });
}

const KEY_REFUSED = 'An API key can not make this call: it needs the person who owns the key.';

/** What a key's scopes allow (docs/integrations.md): `read` the GET calls, `write` every call; never a person's own calls. */
function allowKey(request: FastifyRequest, { apiKey }: KeyCaller) {
  if (request.routeOptions.config.peopleOnly) throw new HttpError(403, KEY_REFUSED, { appError: true });
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (apiKey.scopes.includes('write') || (reading && apiKey.scopes.includes('read'))) return;
  throw forbidden();
}

export function requireRole(request: FastifyRequest, roles: readonly Role[]): AuthUser {
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.authorities.length === 0) throw forbidden();
  if (roles.length > 0 && !roles.some((r) => user.authorities.includes(r))) throw forbidden();
  return user;
}

/** The signed-in caller of a guarded route. */
export function caller(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const isStaticRoute = (url: string) => url === '/*' || url === '/';
