import type { Role } from '@evfleet/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.js';
import type { Sessions } from './sessions.js';
import type { AuthUser } from './tokens.js';
import type { Scope } from './visibility.js';

/** Who may call a route: 'public' by intent, or the roles allowed (empty: any signed-in user). */
export type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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
) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    const exempt = route.method === 'HEAD' || url.startsWith('/documentation') || route.config?.access !== undefined;
    if (!exempt && !isStaticRoute(url)) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
  });

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) request.user = await sessions.authenticate(header.slice(7));
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const user = requireRole(request, access);
    if (access.length > 0 && (await scopeOf(user)).kind === 'none') throw forbidden();
  });
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
