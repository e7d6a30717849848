import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@evfleet/domain';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/management/', '/evts-websocket', '/v3/'];

/**
 * Serves the built web app with history-API fallback: a GET for a page path answers index.html,
 * while an unknown API path still gets a JSON 404.
 */
export async function installWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // One wildcard route ('/*', which the guard knows as static): a route per file (wildcard: false)
    // would each lack an access rule, and the guard refuses to start with such routes.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      serve: true,
      prefix: '/',
      decorateReply: true,
    });
    // The wildcard also claims '/', a directory it would refuse to list: the start page is the app.
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isPage =
      request.method === 'GET' && !API_PREFIXES.some((p) => path.startsWith(p)) && !/\.[a-z0-9]+$/i.test(path);
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply
      .status(404)
      .send({ status: 404, message: `No route for ${request.method} ${path}.` } satisfies ErrorBody);
  });
}
